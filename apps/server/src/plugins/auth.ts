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
  interface FastifyContextConfig {
    /**
     * Who may call the route, THE sign-in idiom (docs/development.md "Rules, once"): 'user' any
     * signed-in account, 'performer' creators (and admins), 'admin' admins. The onRoute hook
     * (`guardRoute`) answers 401/403 before the body is validated. A route whose schema declares
     * `security: [{ bearer: [] }]` and no access needs a signed-in user.
     */
    access?: Access;
  }
}

export type Access = 'user' | 'performer' | 'admin';

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

/**
 * The signed-in user, or a 401: THE way a handler reads its caller. On a route that declares
 * `config: { access }` (or `security`) the hook has already checked, so this only narrows the type.
 */
export function userOf(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

export function requirePerformer(req: FastifyRequest): AuthUser {
  const user = userOf(req);
  if (user.role !== 'performer' && user.role !== 'admin') throw forbidden('Only creators can do this');
  return user;
}

export function requireAdmin(req: FastifyRequest): AuthUser {
  const user = userOf(req);
  if (user.role !== 'admin') throw forbidden('Only admins can do this');
  return user;
}

/** onRoute: puts the check a route declares (`config.access`, or a `security` requirement) in front of validation. */
export function guardRoute(route: { schema?: unknown; config?: unknown; preValidation?: unknown }): void {
  const access = (route.config as { access?: Access } | undefined)?.access;
  const security = (route.schema as { security?: unknown[] } | undefined)?.security;
  const guard = access ? GUARDS[access] : security?.length ? authenticated : null;
  if (!guard) return;
  const existing = route.preValidation ? [route.preValidation].flat() : [];
  route.preValidation = [guard, ...existing];
}

/** preHandler forms, for routes that only need the check (the OpenAPI doc marks them secured). */
export const authenticated = async (req: FastifyRequest, _reply: FastifyReply) => {
  userOf(req);
};
export const performerOnly = async (req: FastifyRequest, _reply: FastifyReply) => {
  requirePerformer(req);
};
export const adminOnly = async (req: FastifyRequest, _reply: FastifyReply) => {
  requireAdmin(req);
};

const GUARDS: Record<Access, (req: FastifyRequest, reply: FastifyReply) => Promise<void>> = {
  user: authenticated,
  performer: performerOnly,
  admin: adminOnly,
};

/** An account as the policies see it. */
export interface Actor {
  id: string;
  role: string;
}

/** THE admin test of the module policies (`*.policy.ts`). */
export const isAdmin = (actor: { role?: string | null } | null | undefined): boolean => actor?.role === 'admin';

/** THE "its owner, or an admin" test the module policies build on. */
export const ownsOrAdmin = (actor: Actor | null | undefined, ownerId: string | null | undefined): boolean =>
  !!actor && (actor.id === ownerId || actor.role === 'admin');
