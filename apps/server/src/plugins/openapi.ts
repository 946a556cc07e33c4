import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from '../app-type';

/** OpenAPI 3 generated from the routes' zod schemas: /api/docs/json and a browsable UI at /api/docs. */
export async function registerOpenApi(app: App) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Marquee API', version: '0.1.0', description: 'Creator subscription and content platform' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
}
