/**
 * The typed client: every call names a route of the contract (`api-contract.ts`) and gets its
 * parameters, query, body and answer typed from the generated OpenAPI types.
 *
 *   const story = await client.post('/stories/performers', { body: input });
 *   await client.put('/stories/performers/{id}', { path: { id }, body: patch });
 *
 * Reads that a screen shows go through `useApi` (use-api.ts), which caches them with SWR.
 */
import { type Query, type RequestOptions, request, type UploadOptions, upload } from './api';
import {
  type ApiArgs,
  type ApiData,
  type ApiMethod,
  type ApiPaths,
  type ArgsOptional,
  fillPath,
  type PathsFor,
} from './api-contract';

/** Per call: headers, an abort signal, and whether a 401 goes to the login page (default yes). */
export type CallOptions = Omit<RequestOptions, 'query'>;

type Args<P extends keyof ApiPaths, M extends ApiMethod> = ApiArgs<P, M> & CallOptions;
type Rest<P extends keyof ApiPaths, M extends ApiMethod> =
  ArgsOptional<P, M> extends true ? [args?: Args<P, M>] : [args: Args<P, M>];

/** The URL of a route (without the API base) with its parameters filled in and its query appended. */
export function apiUrl(path: string, args: { path?: unknown; query?: unknown } = {}): string {
  const filled = fillPath(path, args.path as Record<string, string | number> | undefined);
  const search = toSearchParams(args.query as Query | undefined).toString();
  return search ? `${filled}?${search}` : filled;
}

/** The query as URL parameters: empty values left out, arrays repeated (`a=1&a=2`). */
export function toSearchParams(query?: Query): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  return params;
}

function call<M extends ApiMethod>(method: M) {
  return <P extends PathsFor<M>>(path: P, ...[args]: Rest<P, M>): Promise<ApiData<P, M>> => {
    const {
      path: params,
      query,
      body,
      ...options
    } = (args ?? {}) as Args<P, M> & {
      path?: object;
      query?: Query;
      body?: unknown;
    };
    const url = fillPath(path, params as Record<string, string | number> | undefined);
    return request<ApiData<P, M>>(method.toUpperCase(), url, body, { ...options, query });
  };
}

type UploadArgs<P extends keyof ApiPaths, M extends 'post' | 'put' = 'post'> = Omit<ApiArgs<P, M>, 'body'> &
  Omit<UploadOptions, 'query' | 'method'>;

function uploadTo<M extends 'post' | 'put'>(method: M) {
  return <P extends PathsFor<M>>(path: P, formData: FormData, args?: UploadArgs<P, M>): Promise<ApiData<P, M>> => {
    const { path: params, query, ...options } = (args ?? {}) as UploadArgs<P, M> & { path?: object; query?: Query };
    const url = fillPath(path, params as Record<string, string | number> | undefined);
    return upload<ApiData<P, M>>(url, formData, { ...options, query, method: method === 'put' ? 'PUT' : 'POST' });
  };
}

export const client = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  delete: call('delete'),
  /** A multipart upload with progress (XMLHttpRequest), to a route that takes a file. */
  upload: uploadTo('post'),
  /** The same to a PUT route (a file added to an item or a comment that exists). */
  uploadPut: uploadTo('put'),
};
