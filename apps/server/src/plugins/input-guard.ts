import { findNul, NUL_MESSAGE } from '@marquee/shared';
import type { App } from '../app-type';
import { AppError } from '../lib/errors';

/**
 * Refuses NUL (U+0000) in every path parameter, query value and JSON body
 * value or key before any route validates or runs: PostgreSQL text cannot hold
 * it, so it must be a 400 naming the field, never a database error. Runs for
 * every route, so no schema can forget it (packages/shared/src/input.ts).
 */
export function registerInputGuard(app: App) {
  app.addHook('preValidation', async (req) => {
    const field =
      findNul(req.params, 'params') ??
      findNul(req.query, 'querystring') ??
      (req.isMultipart() ? null : findNul(req.body, 'body'));
    if (field) {
      throw new AppError(400, `${field}: ${NUL_MESSAGE}`, 'VALIDATION_ERROR', [{ field, message: NUL_MESSAGE }]);
    }
  });
}

const PG_INPUT_ERRORS: Record<string, string> = {
  '22P02': 'is not valid (expected a UUID or number)', // invalid_text_representation (uuid, integer)
  '22003': 'is out of range', // numeric_value_out_of_range
  '22021': 'must not contain NUL characters', // character_not_in_repertoire (0x00)
  '22008': 'is not a valid date', // datetime_field_overflow
  '22007': 'is not a valid date', // invalid_datetime_format
  '22001': 'is too long', // string_data_right_truncation
};

/** The PostgreSQL SQLSTATE of an error, looking through Drizzle's wrapper. */
function sqlState(err: unknown): { code: string; message: string } | null {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && e.code in PG_INPUT_ERRORS) return { code: e.code, message: String(e.message) };
    e = e.cause as typeof e;
  }
  return null;
}

function findValue(value: unknown, path: string, match: (v: unknown) => boolean): string | null {
  if (match(value)) return path;
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = findValue(v, `${path}.${k}`, match);
      if (hit) return hit;
    }
  }
  return null;
}

/**
 * Safety net behind the schemas: a value the database refuses as input (a
 * non-UUID id, a number out of range, NUL) is a 400 naming the request field
 * that carried it, never a 500. The schemas should catch these first; the
 * fuzz test (src/security/fuzz.test.ts) fails on any 5xx.
 */
export function databaseInputError(
  err: unknown,
  req: { params?: unknown; query?: unknown; body?: unknown },
): AppError | null {
  const state = sqlState(err);
  if (!state) return null;
  const quoted = /"((?:[^"\\]|\\.)*)"\s*$/.exec(state.message)?.[1];
  const match = (v: unknown) => {
    if (quoted !== undefined && (typeof v === 'string' || typeof v === 'number')) return String(v) === quoted;
    if (state.code === '22003') return typeof v === 'number' && Math.abs(v) > 2_147_483_647;
    if (state.code === '22021') return typeof v === 'string' && v.includes('\u0000');
    return false;
  };
  const field =
    findValue(req.params, 'params', match) ??
    findValue(req.query, 'querystring', match) ??
    findValue(req.body, 'body', match) ??
    'request';
  const message = PG_INPUT_ERRORS[state.code]!;
  return new AppError(400, `${field}: ${message}`, 'VALIDATION_ERROR', [{ field, message }]);
}

/** A request body cut short (client closed a multipart upload midway). */
export function isTruncatedBody(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  return (
    e?.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    e?.code === 'ECONNRESET' ||
    e?.message === 'Premature close' ||
    e?.message === 'Unexpected end of form' ||
    e?.message === 'Unexpected end of multipart data' ||
    e?.message === 'aborted'
  );
}
