import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../app-type';
import { forbidden, unauthorized } from '../lib/errors';
import type { AuthUser } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    authToken: string | null;
  }
}

/** Reads `Authorization: Bearer <token>` on every request and sets request.user (or null). */
export const authPlugin = fp(async (app: App) => {
  app.decorateRequest('user', null);
  app.decorateRequest('authToken', null);
  app.addHook('onRequest', async (req) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    if (!token) return;
    req.authToken = token;
    req.user = await app.ctx.sessionCache.resolve(app.ctx.db, token);
  });
});

/** The signed-in user, or a 401. */
export function requireUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function requirePerformer(req: FastifyRequest): AuthUser {
  const user = requireUser(req);
  if (user.role !== 'performer' && user.role !== 'admin') throw forbidden('Only creators can do this');
  return user;
}

export function requireAdmin(req: FastifyRequest): AuthUser {
  const user = requireUser(req);
  if (user.role !== 'admin') throw forbidden('Only admins can do this');
  return user;
}

/** preHandler forms, for routes that only need the check (the OpenAPI doc marks them secured). */
export const authenticated = async (req: FastifyRequest, _reply: FastifyReply) => {
  requireUser(req);
};
export const performerOnly = async (req: FastifyRequest, _reply: FastifyReply) => {
  requirePerformer(req);
};
export const adminOnly = async (req: FastifyRequest, _reply: FastifyReply) => {
  requireAdmin(req);
};
