import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { App } from '../app-type';
import { forbidden, unauthorized } from '../lib/errors';
import { msg } from '../lib/i18n';
import type { AuthUser } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthUser | null;
    authToken: string | null;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route, THE sign-in idiom (docs/development.md "Rules, once"): 'user' any
     * signed-in account, 'performer' creators (and admins), 'moderator' staff (moderators and admins:
     * review, live monitor, complaints, reports), 'admin' admins only. The onRoute hook
     * (`guardRoute`) answers 401/403 before the body is validated, and the OpenAPI document's
     * security requirement is generated from it. No access: a public route.
     */
    access?: Access;
  }
}

export type Access = 'user' | 'performer' | 'moderator' | 'admin';

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
 * `config: { access }` the hook has already checked, so this only narrows the type.
 */
export function userOf(req: FastifyRequest): AuthUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

function requirePerformer(req: FastifyRequest): AuthUser {
  const user = userOf(req);
  if (user.role !== 'performer' && user.role !== 'admin') throw forbidden(msg('error.onlyCreators'));
  return user;
}

function requireAdmin(req: FastifyRequest): AuthUser {
  const user = userOf(req);
  if (user.role !== 'admin') throw forbidden(msg('error.onlyAdmins'));
  return user;
}

/** A moderator or an admin (access 'moderator'): the staff of the moderation screens. */
function requireStaff(req: FastifyRequest): AuthUser {
  const user = userOf(req);
  if (!isStaff(user)) throw forbidden(msg('error.onlyStaff'));
  return user;
}

/**
 * onRoute: puts the check a route declares (`config.access`) in front of validation. `config.access`
 * is the one way to say it: a route that writes `schema.security` by hand is refused at start-up (the
 * OpenAPI requirement is generated from `access`, `plugins/openapi.ts`).
 */
export function guardRoute(route: {
  method?: unknown;
  url?: string;
  schema?: unknown;
  config?: unknown;
  preValidation?: unknown;
}): void {
  if ((route.schema as { security?: unknown } | undefined)?.security !== undefined)
    throw new Error(
      `${String(route.method)} ${route.url}: declare who may call the route with config: { access }, not schema.security`,
    );
  const access = accessOf(route.config);
  if (!access) return;
  const existing = route.preValidation ? [route.preValidation].flat() : [];
  route.preValidation = [GUARDS[access], ...existing];
}

const accessOf = (config: unknown): Access | undefined => (config as { access?: Access } | undefined)?.access;

/** The OpenAPI security requirement of a route: a bearer token when it declares `access`. */
export const securityOf = (config: unknown) => (accessOf(config) ? [{ bearer: [] as string[] }] : undefined);

/** preHandler forms, for routes that only need the check (the OpenAPI doc marks them secured). */
export const authenticated = async (req: FastifyRequest, _reply: FastifyReply) => {
  userOf(req);
};
export const performerOnly = async (req: FastifyRequest, _reply: FastifyReply) => {
  requirePerformer(req);
};
export const staffOnly = async (req: FastifyRequest, _reply: FastifyReply) => {
  requireStaff(req);
};
export const adminOnly = async (req: FastifyRequest, _reply: FastifyReply) => {
  requireAdmin(req);
};

const GUARDS: Record<Access, (req: FastifyRequest, reply: FastifyReply) => Promise<void>> = {
  user: authenticated,
  performer: performerOnly,
  moderator: staffOnly,
  admin: adminOnly,
};

/** An account as the policies see it. */
export interface Actor {
  id: string;
  role: string;
  /** `moderator` for moderators (users.staff_role); absent or null otherwise. */
  staffRole?: string | null;
}

/** THE admin test of the module policies (`*.policy.ts`). */
export const isAdmin = (actor: { role?: string | null } | null | undefined): boolean => actor?.role === 'admin';

/**
 * THE staff test: an admin, or an account with the moderator permission. Moderators may look at and
 * act on what the moderation screens show (review, live monitor, complaints, reports); every other
 * admin power (money, settings, roles, payouts) stays with `isAdmin` / access 'admin'.
 */
export const isStaff = (actor: Pick<Actor, 'role' | 'staffRole'> | null | undefined): boolean =>
  actor?.role === 'admin' || actor?.staffRole === 'moderator';

/** THE "its owner, or an admin" test the module policies build on. */
export const ownsOrAdmin = (actor: Actor | null | undefined, ownerId: string | null | undefined): boolean =>
  !!actor && (actor.id === ownerId || actor.role === 'admin');
