import type { ErrorCode } from '@marquee/shared/errors';
import { isMessageKey, msg, render } from './i18n/index';
import type { Message } from './i18n/types';

/**
 * The one error type of the API: a status, a machine code and a message a person can read.
 * The message is English; the error handler answers it in the reader's language by the error's
 * catalogue message (`text`, set by `appError` and the helpers below) or its code
 * (lib/i18n/errors.ts `translateAppError`).
 */
export class AppError extends Error {
  /** The catalogue message (key and values) the English text was rendered from, when there is one. */
  text?: Message;
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: ErrorCode = 'ERROR',
    public readonly details?: Array<{ field: string; message: string }>,
  ) {
    super(message);
  }
}

/** An error whose text is a catalogue message: English in `message`, the reader's language in the answer. */
export function appError(statusCode: number, code: ErrorCode, text: Message, details?: AppError['details']): AppError {
  const err = new AppError(statusCode, render('en', text), code, details);
  err.text = text;
  return err;
}

/** "Creator" as a catalogue word where the catalogue has it (so "Creator not found" is translated). */
const noun = (what: string) => {
  const key = `noun.${what}`;
  return isMessageKey(key) ? { key } : what;
};

/** A plain English text (translated, if at all, by the pattern match) or a catalogue message (by its key). */
type Text = string | Message;
const make = (statusCode: number, text: Text, code: ErrorCode, details?: AppError['details']) =>
  typeof text === 'string' ? new AppError(statusCode, text, code, details) : appError(statusCode, code, text, details);

export const badRequest = (text: Text, code: ErrorCode = 'BAD_REQUEST', details?: AppError['details']) =>
  make(400, text, code, details);
export const unauthorized = (text: Text = msg('error.unauthorized')) => make(401, text, 'UNAUTHORIZED');
export const forbidden = (text: Text = msg('error.forbidden')) => make(403, text, 'FORBIDDEN');
export const notFound = (what = 'Resource') =>
  appError(404, 'NOT_FOUND', { key: 'error.notFound', vars: { what: noun(what) } });
export const conflict = (text: Text, code: ErrorCode = 'CONFLICT') => make(409, text, code);
export const paymentRequired = (text: Text, code: ErrorCode = 'INSUFFICIENT_BALANCE') => make(402, text, code);
export const unprocessable = (text: Text, code: ErrorCode = 'UNPROCESSABLE') => make(422, text, code);
export const tooLarge = (text: Text) => make(413, text, 'PAYLOAD_TOO_LARGE');
export const unsupportedMedia = (text: Text) => make(415, text, 'UNSUPPORTED_MEDIA_TYPE');
export const tooManyRequests = (text: Text = msg('error.rateLimited')) => make(429, text, 'RATE_LIMITED');
