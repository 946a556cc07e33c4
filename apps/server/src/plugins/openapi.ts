import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-type';
import { securityOf } from './auth';

/** OpenAPI 3 generated from the routes' zod schemas: /api/docs/json and a browsable UI at /api/docs. */
export async function registerOpenApi(app: App) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Marquee API', version: '0.1.0', description: 'Creator subscription and content platform' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: (input) => jsonSchemaTransform({ ...input, schema: withSecurity(input.schema, input.route.config) }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}

/**
 * The operation's security requirement is written from the route's `config.access` (THE sign-in
 * idiom, `plugins/auth.ts`): a route that says who may call it needs a bearer token; one that does
 * not is public. A route never writes `schema.security` itself (`guardRoute` refuses it).
 */
function withSecurity<S extends object>(schema: S, config: unknown): S {
  const security = securityOf(config);
  return security ? { ...schema, security } : schema;
}
