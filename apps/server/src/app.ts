import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './app-type';
import type { Config } from './config';
import type { Ctx } from './context';
import type { Database } from './db/client';
import { newId } from './db/ids';
import { type QueryTally, withQueryTally } from './db/query-count';
import { now } from './lib/clock';
import { createInvalidationBus } from './lib/invalidation';
import { createJobs } from './lib/jobs';
import { createMailer } from './lib/mail';
import { configureMediaCdn } from './lib/media/cdn';
import { createRealtime } from './lib/realtime';
import { loggableUrl, logSerializers } from './lib/request-log';
import { resolveSecretKey } from './lib/secret';
import { registerModules } from './modules';
import { admitSocket, registerAgeGate } from './modules/age-assurance';
import { liveSessionIds, SESSIONS_TOPIC, SessionCache } from './modules/auth/sessions';
import { SETTINGS_TOPIC, SettingsService } from './modules/settings/settings.service';
import { authPlugin, guardRoute } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerMetrics } from './plugins/metrics';
import { registerOpenApi } from './plugins/openapi';
import { humanWait, rateLimitPlugin, socketEventLimit } from './plugins/rate-limit';
import { readReplicaPlugin } from './plugins/read-replica';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWeb } from './plugins/web';

export type { App };

const here = path.dirname(fileURLToPath(import.meta.url));
export const defaultWebDist = path.resolve(here, '../../web/dist');

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Pino logger options; tests pass false. */
  logger?: boolean | object;
  /**
   * Leave the web app out: the caller registers it with `registerWebApp` before listening
   * (`npm start` while the web build still runs, src/web-build-wait.ts).
   */
  deferWeb?: boolean;
}

/** The built web app's folder: WEB_DIST, or apps/web/dist. */
export const webDistOf = (config: Config) => (config.WEB_DIST ? path.resolve(config.WEB_DIST) : defaultWebDist);

/** Serves the built web app (every path outside /api and /socket.io); before the app listens. */
export async function registerWebApp(app: App) {
  await registerWeb(app, webDistOf(app.ctx.config));
}

/** Builds the whole HTTP app: plugins, every module under /api, realtime, the web app. */
export async function buildApp({ config, database, logger = true, deferWeb = false }: BuildOptions): Promise<App> {
  const app = Fastify({
    // Whatever the options, requests are logged through our serializers (tokens redacted).
    logger: logger === true ? loggerOptions(config) : logger && { serializers: logSerializers, ...logger },
    // One line per request, written by logRequests below (Fastify's own writes two).
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,100}$/.test(incoming) ? incoming : newId();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();

  if (config.NODE_ENV !== 'production') countQueriesPerRequest(app);
  logRequests(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  // The page policy hashes index.html's inline script as it is when asked (a build may land later).
  registerSecurityHeaders(app, webDistOf(config));
  registerInputGuard(app);

  config.secretKey = resolveSecretKey(config.secretKey, config.dataDir);
  configureMediaCdn(config);
  const settings = new SettingsService(database.db, config);
  const realtime = createRealtime(app.log);
  const bus = await createInvalidationBus(
    database,
    app.log,
    config.REDIS_URL ? { url: config.REDIS_URL, prefix: config.REDIS_PREFIX } : undefined,
  );
  const sessionCache = new SessionCache(config.SESSION_CACHE_SECONDS * 1000);
  bus.on(SESSIONS_TOPIC, (userId) => sessionCache.drop(userId));
  // Whatever revoked a session told every node here: each disconnects its own sockets of it.
  bus.on(SESSIONS_TOPIC, (userId) => void realtime.recheckUser(userId));
  bus.on(SETTINGS_TOPIC, () => settings.invalidate());
  settings.useBus(bus);
  const ctx: Ctx = {
    config,
    database,
    db: database.db,
    log: app.log,
    settings,
    mail: createMailer(() => ctx.config, database.db, app.log),
    jobs: createJobs(database, app.log, { bus }),
    realtime,
    bus,
    sessionCache,
    now,
  };
  settings.attach(ctx);
  // console-set secrets (settings.secrets.ts) apply from the first request on
  await settings.all().catch(() => undefined);
  app.decorate('ctx', ctx);

  registerErrorHandler(app);
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Per-response brotli at a level that costs little CPU (static files come precompressed).
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: 20 * 1024 * 1024 * 1024, files: 20, fields: 100 } });
  await registerOpenApi(app);
  registerMetrics(app);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(readReplicaPlugin);
  // A route that declares who may call it (config.access, or a security requirement) answers 401/403 before it validates anything.
  app.addHook('onRoute', guardRoute);
  // Issue 27: no adult content to a requester whose place blocks it or asks an age check not yet passed.
  registerAgeGate(app);
  await app.register(registerModules, { prefix: '/api' });
  if (!deferWeb) await registerWebApp(app);

  await realtime.attach(app.server, {
    resolve: (token) => sessionCache.resolve(database.db, token),
    liveSessions: (userId) => liveSessionIds(database.db, userId),
    redisUrl: config.REDIS_URL,
    redisPrefix: config.REDIS_PREFIX,
    trustProxy: config.TRUST_PROXY,
    socketsPerIp: config.SOCKETS_PER_IP,
    maxMessageBytes: config.SOCKET_MAX_MESSAGE_BYTES,
    limitEvent: socketEventLimit(app),
    describeWait: humanWait,
    admit: (who) => admitSocket(ctx, who),
  });
  // Sockets close before the HTTP server does: an open WebSocket is a connection the server's
  // close would otherwise wait for (a node with connected users never stopped).
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await bus.close();
  });
  return app;
}

/** Readable single lines on a terminal (pino-pretty), JSON lines otherwise or when LOG_FORMAT=json. */
function loggerOptions(config: Config) {
  const pretty = (config.LOG_FORMAT ?? (process.stdout.isTTY ? 'pretty' : 'json')) === 'pretty';
  if (!pretty) return { level: config.LOG_LEVEL, serializers: logSerializers };
  return {
    level: config.LOG_LEVEL,
    serializers: logSerializers,
    transport: {
      target: 'pino-pretty',
      options: { singleLine: true, translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,req,res,responseTime' },
    },
  };
}

/**
 * Outside production every response says how many queries it sent (`x-query-count`): tests pin the
 * figure for the hot paths (test/query-counts.test.ts) and a developer sees it in the browser.
 * Off in production, where the per-request async context would cost a little on every request.
 */
function countQueriesPerRequest(app: App) {
  const tallies = new WeakMap<object, QueryTally>();
  app.addHook('onRequest', (req, _reply, done) => {
    const tally = { queries: 0 };
    tallies.set(req, tally);
    withQueryTally(tally, done);
  });
  app.addHook('onSend', async (req, reply) => {
    const tally = tallies.get(req);
    if (tally) reply.header('x-query-count', String(tally.queries));
  });
}

function logRequests(app: App) {
  app.addHook('onResponse', async (req, reply) => {
    const ms = reply.elapsedTime.toFixed(1);
    const line = `${req.method} ${loggableUrl(req.url.split('?')[0])} ${reply.statusCode} ${ms}ms`;
    if (reply.statusCode >= 500) req.log.error(line);
    else req.log.info(line);
  });
}
