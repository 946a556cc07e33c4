import { ERROR_TEXTS } from '@marquee/shared';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { App } from '../app-type';
import { AppError } from '../lib/errors';
import { requestLocale } from '../lib/i18n';
import { translateAppError, translateError } from '../lib/i18n/errors';
import { databaseInputError, isTruncatedBody } from './input-guard';

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/**
 * One JSON error shape for every failure: { statusCode, error, message, code, details?, requestId }.
 * `message` and each detail's `message` are in the reader's language where the server catalogue
 * has the text (docs/i18n.md); `error`, `code` and the detail's `field` stay as they are.
 */
export function registerErrorHandler(app: App) {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const locale = requestLocale(req);
    const body = (
      statusCode: number,
      message: string,
      code: string,
      details?: AppError['details'],
      translated = translateError(locale, message),
    ) => ({
      statusCode,
      error: STATUS_NAMES[statusCode] ?? 'Error',
      message: translated,
      code,
      ...(details ? { details: details.map((d) => ({ ...d, message: translateError(locale, d.message) })) } : {}),
      requestId: req.id,
    });
    if (err instanceof AppError) {
      return reply
        .status(err.statusCode)
        .send(body(err.statusCode, err.message, err.code, err.details, translateAppError(locale, err)));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => {
        const field = [err.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.');
        return { field, message: v.message ?? 'is invalid' };
      });
      const first = details[0];
      return reply.status(400).send(body(400, `${first.field}: ${first.message}`, 'VALIDATION_ERROR', details));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err, cause: err.cause }, 'response did not match its schema');
      return reply.status(500).send(body(500, ERROR_TEXTS.default, 'INTERNAL'));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported content type, body too large, multipart limits).
      return reply.status(status).send(body(status, err.message, (err as FastifyError).code ?? 'CLIENT_ERROR'));
    }
    const dbInput = databaseInputError(err, req);
    if (dbInput) {
      req.log.warn({ err }, 'database refused an input value');
      return reply.status(400).send(body(400, dbInput.message, dbInput.code, dbInput.details));
    }
    if (isTruncatedBody(err)) {
      return reply.status(400).send(body(400, 'body: the upload was cut short', 'UPLOAD_INCOMPLETE'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body(500, ERROR_TEXTS.default, 'INTERNAL'));
  });
}
