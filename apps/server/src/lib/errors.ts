/** The one error type of the API: a status, a machine code and a message a person can read. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly code = 'ERROR',
    public readonly details?: Array<{ field: string; message: string }>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', details?: AppError['details']) =>
  new AppError(400, message, code, details);
export const unauthorized = (message = 'Sign in to continue') => new AppError(401, message, 'UNAUTHORIZED');
export const forbidden = (message = 'You are not allowed to do this') => new AppError(403, message, 'FORBIDDEN');
export const notFound = (what = 'Resource') => new AppError(404, `${what} not found`, 'NOT_FOUND');
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, message, code);
export const paymentRequired = (message: string, code = 'INSUFFICIENT_BALANCE') => new AppError(402, message, code);
export const unprocessable = (message: string, code = 'UNPROCESSABLE') => new AppError(422, message, code);
export const tooLarge = (message: string) => new AppError(413, message, 'PAYLOAD_TOO_LARGE');
export const unsupportedMedia = (message: string) => new AppError(415, message, 'UNSUPPORTED_MEDIA_TYPE');
export const tooManyRequests = (message = 'Too many requests, please try again later') =>
  new AppError(429, message, 'RATE_LIMITED');
