import { z } from 'zod';

/**
 * Input rules shared by every route (issue 17, "No 5xx on any input"; docs/security.md).
 *
 * - `idSchema`: every id of a row is a UUID; anything else is a 400 naming the field,
 *   never a database error. `uuidParamsSchema` is the `{ id }` path helper.
 * - `safeText`: a string that refuses NUL (U+0000), which PostgreSQL text cannot hold.
 *   The server also refuses NUL centrally in every path, query and JSON body value
 *   (apps/server/src/plugins/input-guard.ts), so older schemas are covered too.
 * - `INT4_MAX`, `pageSchema`: integer bounds that match `integer` columns and offsets.
 */
export const INT4_MAX = 2_147_483_647;
export const NUL_MESSAGE = 'must not contain NUL characters';

export const idSchema = z.string().uuid();
export const uuidParamsSchema = z.object({ id: idSchema });
export const safeText = () => z.string().refine((s) => !s.includes('\u0000'), NUL_MESSAGE);
/**
 * A date in a query or body: an ISO date or date-time string, parsed to a Date. The OpenAPI document
 * (and so the web's types) says `string`, where a bare `z.coerce.date()` would be `unknown`; server
 * code calling a service directly may still pass a Date.
 */
export const dateInput = () =>
  z.coerce.date().meta({ type: 'string', description: 'An ISO 8601 date or date-time' } as Record<string, unknown>);
/** A page number whose offset (page × at most 100 rows) stays inside an integer. */
export const pageSchema = z.coerce.number().int().min(1).max(100_000);

/** The dotted path of the first string (or key) holding NUL in a JSON-like value, or null. */
export function findNul(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findNul(value[i], `${path}.${i}`);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) return `${path}.${k.split('\u0000').join('\\0')}`;
      const hit = findNul(v, `${path}.${k}`);
      if (hit) return hit;
    }
  }
  return null;
}
