import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { App } from '../src/app';
import type { Actor } from './factories';

/**
 * The common security checks every route gets (STYLE.md habit 8, after Unkey's runCommonRouteTests):
 *
 *   await expectRequiresAuth(app, 'POST', '/api/feeds', { text: 'hi' });
 *   await expectForbiddenFor(app, fan, 'DELETE', `/api/feeds/${otherCreatorsFeed.id}`);
 *
 * test/route-checks.test.ts also walks the OpenAPI document and runs these on every route under
 * /api/admin and on every route whose schema declares `security: [{ bearer: [] }]`, so a new
 * route is checked as soon as it is registered. Give such calls a body that passes validation
 * (or let the walker build one from the schema): Fastify validates before the handler runs.
 */

type Method = InjectOptions['method'];

export interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  code: string;
  requestId: string;
  details?: Array<{ field: string; message: string }>;
}

/** Asserts the one error shape of the API (plugins/errors.ts) and returns the body. */
export function expectErrorShape(res: LightMyRequestResponse, status: number, context = ''): ErrorBody {
  const where = context ? `${context}: ` : '';
  expect(res.statusCode, `${where}expected ${status}, got ${res.statusCode} ${res.body.slice(0, 300)}`).toBe(status);
  expect(res.headers['content-type'], `${where}error responses are JSON`).toMatch(/^application\/json/);
  const body = res.json<ErrorBody>();
  expect(body, `${where}error shape`).toMatchObject({
    statusCode: status,
    error: expect.any(String),
    message: expect.any(String),
    code: expect.any(String),
    requestId: expect.any(String),
  });
  expect(body.message.length, `${where}error message is not empty`).toBeGreaterThan(0);
  return body;
}

function inject(app: App, method: Method, url: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    headers,
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
}

/** 401 with the error shape without a token, and with a token that is not a session. */
export async function expectRequiresAuth(app: App, method: Method, url: string, body?: unknown): Promise<void> {
  const anonymous = await inject(app, method, url, body);
  expect(expectErrorShape(anonymous, 401, `${method} ${url} without a token`).code).toBe('UNAUTHORIZED');
  const forged = await inject(app, method, url, body, { authorization: 'Bearer not-a-real-session-token' });
  expectErrorShape(forged, 401, `${method} ${url} with an unknown token`);
}

/**
 * The actor is signed in but may not do this: 403, or 404 where the route hides that the thing exists
 * (ARCHITECTURE.md: "404 for no such thing or not yours to see").
 */
export async function expectForbiddenFor(
  app: App,
  actor: Pick<Actor, 'auth'>,
  method: Method,
  url: string,
  body?: unknown,
  allowed: number[] = [403, 404],
): Promise<ErrorBody> {
  const res = await inject(app, method, url, body, actor.auth);
  expect(
    allowed,
    `${method} ${url} as a signed-in outsider answered ${res.statusCode} ${res.body.slice(0, 300)}`,
  ).toContain(res.statusCode);
  return expectErrorShape(res, res.statusCode, `${method} ${url}`);
}

// ---------------------------------------------------------------------------------------------
// OpenAPI walking: one request per documented operation, with a body and parameters that pass
// the route's validation, built from its JSON schema.

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, e.g. /api/admin/users/{id}. */
  path: string;
  /** A concrete url with sample parameters and required query values. */
  url: string;
  body: unknown;
  /** Operation-level `security`: undefined when the route does not say (the document default applies). */
  security: Array<Record<string, string[]>> | undefined;
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  multipleOf?: number;
  items?: JsonSchema;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  $ref?: string;
};

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: Array<Record<string, string[]>>;
}

export const SAMPLE_ID = '01900000-0000-7000-8000-000000000000';
const STRING_CANDIDATES = [SAMPLE_ID, 'us', 'US', 'sample', 'a', '1', 'sample-slug', 'sample@example.test'];

/** A value that passes the schema, preferring defaults and the smallest valid choice. */
export function sampleFromSchema(schema: JsonSchema | undefined, doc?: OpenApiDoc, depth = 0): unknown {
  if (!schema || depth > 12) return undefined;
  if (schema.$ref && doc) {
    const name = schema.$ref.split('/').pop()!;
    return sampleFromSchema(doc.components?.schemas?.[name], doc, depth + 1);
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const nonNull = alternatives.find((s) => s.type !== 'null') ?? alternatives[0];
    return sampleFromSchema(nonNull, doc, depth + 1);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((s) => sampleFromSchema(s, doc, depth + 1) as object));
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      const exclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : min;
      const value = Math.max(min, exclusive, schema.exclusiveMinimum === true ? min + 1 : min);
      return schema.multipleOf ? Math.ceil(value / schema.multipleOf) * schema.multipleOf : value;
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sampleFromSchema(schema.items, doc, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of schema.required ?? []) out[key] = sampleFromSchema(schema.properties?.[key], doc, depth + 1);
      return out;
    }
    case 'null':
      return null;
    default:
      return schema.properties ? sampleFromSchema({ ...schema, type: 'object' }, doc, depth + 1) : undefined;
  }
}

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return SAMPLE_ID;
    case 'email':
      return 'sample@example.test';
    case 'date-time':
      return '2030-01-01T00:00:00.000Z';
    case 'date':
      return '2030-01-01';
    case 'uri':
    case 'url':
      return 'https://example.test/sample';
  }
  const fits = (s: string) =>
    s.length >= (schema.minLength ?? 0) &&
    s.length <= (schema.maxLength ?? Number.POSITIVE_INFINITY) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(s));
  const found = STRING_CANDIDATES.find(fits);
  if (found) return found;
  return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
}

/** Every documented operation of the app, with a sample url and body. */
export async function listOperations(app: App): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const doc = res.json<OpenApiDoc>();
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const params = op.parameters ?? [];
      let url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
        const schema = params.find((p) => p.in === 'path' && p.name === name)?.schema;
        return encodeURIComponent(String(sampleFromSchema(schema ?? { type: 'string' }, doc) ?? SAMPLE_ID));
      });
      const query = new URLSearchParams();
      for (const p of params.filter((q) => q.in === 'query' && q.required)) {
        query.set(p.name, String(sampleFromSchema(p.schema, doc) ?? 'sample'));
      }
      if ([...query.keys()].length > 0) url += `?${query}`;
      const content = op.requestBody?.content ?? {};
      const json = content['application/json']?.schema;
      const body = json ? sampleFromSchema(json, doc) : undefined;
      ops.push({ method: method.toUpperCase() as Operation['method'], path, url, body, security: op.security });
    }
  }
  return ops;
}

/** Declares that the operation needs a signed-in caller (a non-empty operation-level security requirement). */
export const requiresAuth = (op: Operation) =>
  Array.isArray(op.security) && op.security.some((s) => Object.keys(s).length > 0);
export const isAdminRoute = (op: Operation) => op.path === '/api/admin' || op.path.startsWith('/api/admin/');
