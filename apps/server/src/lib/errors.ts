import type { ErrorCode } from '@marquee/shared/errors';
import { en } from './i18n/en';

/**
 * The one error type of the API: a status, a machine code and a message a person can read.
 * The message is English; the error handler answers it in the reader's language when the
 * server catalogue has it (lib/i18n/errors.ts).
 */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code: ErrorCode = 'ERROR',
    public readonly details?: Array<{ field: string; message: string }>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'BAD_REQUEST', details?: AppError['details']) =>
  new AppError(400, message, code, details);
export const unauthorized = (message: string = en['error.unauthorized']) => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message: string = en['error.forbidden']) => new AppError(403, message, 'FORBIDDEN');
export const notFound = (what = 'Resource') => new AppError(404, `${what} not found`, 'NOT_FOUND');
export const conflict = (message: string, code: ErrorCode = 'CONFLICT') => new AppError(409, message, code);
export const paymentRequired = (message: string, code: ErrorCode = 'INSUFFICIENT_BALANCE') =>
  new AppError(402, message, code);
export const unprocessable = (message: string, code: ErrorCode = 'UNPROCESSABLE') => new AppError(422, message, code);
export const tooLarge = (message: string) => new AppError(413, message, 'PAYLOAD_TOO_LARGE');
export const unsupportedMedia = (message: string) => new AppError(415, message, 'UNSUPPORTED_MEDIA_TYPE');
export const tooManyRequests = (message: string = en['error.rateLimited']) =>
  new AppError(429, message, 'RATE_LIMITED');
