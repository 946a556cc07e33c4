import { Redis } from 'ioredis';
import { z } from 'zod';
import type { App } from '../../app-type';
import { AppError } from '../../lib/errors';
import { isDraining } from '../../lib/lifecycle';
import { storageFor } from '../../lib/storage';
import { pingDatabase, settingsReadable } from './health.repo';

const checkSchema = z.object({ ok: z.boolean(), ms: z.number(), error: z.string().optional() });
const readySchema = z.object({
  status: z.enum(['ok', 'unavailable', 'draining']),
  checks: z.object({
    database: checkSchema,
    replica: checkSchema.optional(),
    storage: checkSchema,
    redis: checkSchema.optional(),
  }),
});

export default async function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness: 200 once migrations ran',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['embedded', 'postgres']) }) },
      },
    },
    async () => {
      try {
        await settingsReadable(app.ctx.db);
      } catch {
        throw new AppError(503, 'Database not ready', 'NOT_READY');
      }
      return { status: 'ok' as const, database: app.ctx.database.kind };
    },
  );

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers (for a load balancer or an orchestrator restart policy)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.addHook('onSend', async (_req, reply) => {
    if (isDraining()) reply.header('connection', 'close');
  });
  let redis: Redis | null = null;
  app.addHook('onClose', async () => redis?.disconnect());
  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['health'],
        summary:
          'Readiness: database (and the DATABASE_READ_URL replica), storage and (with REDIS_URL) Redis reachable; 503 naming what is not',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_req, reply) => {
      const { config } = app.ctx;
      const checks: z.infer<typeof readySchema>['checks'] = {
        database: await timed(() => pingDatabase(app.ctx.db)),
        storage: await timed(() => storageFor(config).stat('.health-probe')),
      };
      const replica = app.ctx.database.readPool;
      if (replica) checks.replica = await timed(() => replica.query('select 1'));
      if (config.REDIS_URL) {
        redis ??= new Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
        const client = redis;
        checks.redis = await timed(() => client.ping());
      }
      const ok = Object.values(checks).every((c) => c?.ok);
      if (isDraining()) return reply.code(503).send({ status: 'draining' as const, checks });
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
    },
  );
}

async function timed(check: () => Promise<unknown>): Promise<z.infer<typeof checkSchema>> {
  const started = performance.now();
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timed out after 2 s')), 2000).unref()),
    ]);
    return { ok: true, ms: Math.round(performance.now() - started) };
  } catch (err) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (err as Error).message };
  }
}
