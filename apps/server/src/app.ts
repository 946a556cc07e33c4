import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { newId } from './db/ids';
import { now } from './lib/clock';
import type { Ctx } from './lib/context';
import { createJobs } from './lib/jobs';
import { createMailer } from './lib/mail';
import { createRealtime } from './lib/realtime';
import { resolveSecretKey } from './lib/secret';
import { registerModules } from './modules';
import { resolveToken } from './modules/auth/sessions';
import { SettingsService } from './modules/settings/settings.service';
import { authenticated, authPlugin } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { registerWeb } from './plugins/web';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Ctx;
  }
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultWebDist = path.resolve(here, '../../web/dist');

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
}

/** Builds the whole HTTP app: plugins, every module under /api, realtime, the web app. */
export async function buildApp({ config, database, logger = true }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger === true ? { level: config.LOG_LEVEL } : logger,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : newId();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  config.secretKey = resolveSecretKey(config.secretKey, config.dataDir);
  const settings = new SettingsService(database.db, config);
  const realtime = createRealtime(app.log);
  const ctx: Ctx = {
    config,
    database,
    db: database.db,
    log: app.log,
    settings,
    mail: createMailer(() => ctx.config, database.db, app.log),
    jobs: createJobs(database, app.log),
    realtime,
    now,
  };
  settings.attach(ctx);
  // console-set secrets (settings.secrets.ts) apply from the first request on
  await settings.all().catch(() => undefined);
  app.decorate('ctx', ctx);

  registerErrorHandler(app);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024 * 1024, files: 20, fields: 100 } });
  await registerOpenApi(app);
  registerMetrics(app);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  // A route that declares a security requirement answers 401 before it validates anything.
  app.addHook('onRoute', (route) => {
    const security = (route.schema as { security?: unknown[] } | undefined)?.security;
    if (!security?.length) return;
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [authenticated, ...existing];
  });
  await app.register(registerModules, { prefix: '/api' });
  await registerWeb(app, config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist);

  await realtime.attach(app.server, (token) => resolveToken(database.db, token), config.REDIS_URL);
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await realtime.close();
  });
  return app;
}
