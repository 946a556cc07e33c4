import type { FastifyInstance } from 'fastify';

/**
 * Postbacks sent as a form (Segpay's and Verotel's POST variant) reach the handler as the raw body
 * string: each processor reads its fields together with the query's, in its own way (Verotel signs the
 * parameters as sent). Registered on the route's own scope so no other route takes forms this way.
 */
export function acceptRawFormBody(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );
}
