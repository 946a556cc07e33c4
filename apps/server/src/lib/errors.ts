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

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', details?: AppError['details']) =>
  new AppError(400, message, code, details);
export const unauthorized = (message?: string) =>
  message === undefined
    ? appError(401, 'UNAUTHORIZED', msg('error.unauthorized'))
    : new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message?: string) =>
  message === undefined ? appError(403, 'FORBIDDEN', msg('error.forbidden')) : new AppError(403, message, 'FORBIDDEN');
export const notFound = (what = 'Resource') =>
  appError(404, 'NOT_FOUND', { key: 'error.notFound', vars: { what: noun(what) } });
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, message, code);
export const paymentRequired = (message: string, code: ErrorCode = 'INSUFFICIENT_BALANCE') =>
  new AppError(402, message, code);
export const unprocessable = (message: string, code: ErrorCode = 'UNPROCESSABLE') => new AppError(422, message, code);
export const tooLarge = (message: string) => new AppError(413, message, 'PAYLOAD_TOO_LARGE');
export const unsupportedMedia = (message: string) => new AppError(415, message, 'UNSUPPORTED_MEDIA_TYPE');
export const tooManyRequests = (message?: string) =>
  message === undefined
    ? appError(429, 'RATE_LIMITED', msg('error.rateLimited'))
    : new AppError(429, message, 'RATE_LIMITED');
