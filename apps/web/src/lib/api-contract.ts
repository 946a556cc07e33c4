/**
 * Types of the API contract, read off the generated `api-schema.gen.ts` (from the committed
 * packages/shared/openapi.json). Paths are written as the web calls them, without the `/api` prefix
 * (`/performers/{id}`); the client (`api-client.ts`) and `useApi` take them. No web file declares a
 * response type by hand: name one with `ApiData<'/path'>` (docs/development.md, "The contract").
 */
import type { paths } from './api-schema.gen';

/** Every route, keyed by its path without the `/api` prefix. */
export type ApiPaths = { [K in keyof paths as K extends `/api${infer Rest}` ? Rest : never]: paths[K] };
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Operation<P extends keyof ApiPaths, M extends ApiMethod> = NonNullable<ApiPaths[P][M]>;

/** The paths that answer method M. */
export type PathsFor<M extends ApiMethod> = {
  [P in keyof ApiPaths]: ApiPaths[P][M] extends undefined | never ? never : P;
}[keyof ApiPaths];

type SuccessCode = 200 | 201 | 202 | 204;
type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : undefined;
type Responses<Op> = Op extends { responses: infer R } ? R : never;

/** The JSON a successful call answers (`undefined` for 204). */
export type ApiData<P extends keyof ApiPaths, M extends ApiMethod = 'get'> = JsonOf<
  Responses<Operation<P, M>>[Extract<keyof Responses<Operation<P, M>>, SuccessCode>]
>;

type ParamsOf<Op> = Op extends { parameters: infer Ps } ? Ps : never;
/** The path parameters (`{ id: string }`) of a route, `never` when it has none. */
export type ApiPathParams<P extends keyof ApiPaths, M extends ApiMethod = 'get'> =
  ParamsOf<Operation<P, M>> extends { path: infer X } ? X : never;
/** The query of a route, `never` when it takes none. */
export type ApiQuery<P extends keyof ApiPaths, M extends ApiMethod = 'get'> =
  ParamsOf<Operation<P, M>> extends { query?: infer Q } ? Q : never;
/** The JSON body of a route, `never` when it takes none. */
export type ApiBody<P extends keyof ApiPaths, M extends ApiMethod> =
  Operation<P, M> extends {
    requestBody?: { content: { 'application/json': infer B } };
  }
    ? B
    : never;

type HasRequired<T> = [T] extends [never] ? false : undefined extends T ? false : Partial<T> extends T ? false : true;
type PathPart<P extends keyof ApiPaths, M extends ApiMethod> = [ApiPathParams<P, M>] extends [never]
  ? { path?: never }
  : HasRequired<ApiPathParams<P, M>> extends true
    ? { path: ApiPathParams<P, M> }
    : { path?: ApiPathParams<P, M> };
type QueryPart<P extends keyof ApiPaths, M extends ApiMethod> = [ApiQuery<P, M>] extends [never]
  ? { query?: never }
  : HasRequired<ApiQuery<P, M>> extends true
    ? { query: ApiQuery<P, M> }
    : { query?: ApiQuery<P, M> };
type BodyPart<P extends keyof ApiPaths, M extends ApiMethod> = [ApiBody<P, M>] extends [never]
  ? { body?: never }
  : Operation<P, M> extends { requestBody: unknown }
    ? { body: ApiBody<P, M> }
    : { body?: ApiBody<P, M> };

/** What a call to route P with method M takes: its path parameters, query and body, each typed. */
export type ApiArgs<P extends keyof ApiPaths, M extends ApiMethod> = PathPart<P, M> & QueryPart<P, M> & BodyPart<P, M>;

/** True when every part of the call is optional, so that the argument itself may be left out. */
export type ArgsOptional<P extends keyof ApiPaths, M extends ApiMethod> =
  Partial<ApiArgs<P, M>> extends ApiArgs<P, M> ? true : false;

/** The path with its `{name}` parameters filled in, each URI-encoded. */
export function fillPath(template: string, params?: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === '') throw new Error(`${template}: the path parameter ${name} is missing`);
    return encodeURIComponent(String(value));
  });
}
