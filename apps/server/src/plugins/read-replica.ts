import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../app-type';
import type { Ctx } from '../context';

/** Set after a write; while present, this browser's heavy reads go to the primary (read-your-writes). */
export const PRIMARY_COOKIE = 'mq_primary';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The context a heavy public read runs with: `db` is the read replica (DATABASE_READ_URL) unless
 * none is configured or this client wrote within DATABASE_READ_STICKY_SECONDS, then the primary.
 * Only for GET routes whose services read and never write (profiles, search, discovery, timelines).
 */
export function readCtx(ctx: Ctx, req: FastifyRequest): Ctx {
  if (!ctx.database.readPool) return ctx;
  if (req.cookies?.[PRIMARY_COOKIE]) return ctx;
  return { ...ctx, db: ctx.database.read };
}

/** After every accepted write, marks the client to read from the primary for the replication window. */
export const readReplicaPlugin = fp(async (app: App) => {
  const { config, database } = app.ctx;
  if (!database.readPool || config.DATABASE_READ_STICKY_SECONDS === 0) return;
  app.addHook('onSend', async (req, reply) => {
    if (SAFE.has(req.method) || reply.statusCode >= 400) return;
    reply.setCookie(PRIMARY_COOKIE, '1', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      maxAge: config.DATABASE_READ_STICKY_SECONDS,
    });
  });
});
