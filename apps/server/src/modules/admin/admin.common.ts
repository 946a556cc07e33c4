import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import type { Db, Executor } from '../../db/client';
import { userOf } from '../../plugins/auth';
import { type AuditEntry, audit } from '../audit';
import type { AuthUser } from '../auth';

export interface AdminActor {
  user: AuthUser;
  ip: string | null;
}

/** The actor of an admin route (`config: { access: 'admin' }` has checked the role). */
export function adminActor(req: FastifyRequest): AdminActor {
  return { user: userOf(req), ip: req.ip ?? null };
}

/** The actor of a moderation route (`config: { access: 'moderator' }`): a moderator or an admin. */
export function staffActor(req: FastifyRequest): AdminActor {
  return { user: userOf(req), ip: req.ip ?? null };
}

/**
 * One admin use case in one transaction: the change and its audit row commit
 * together. `txCtx` is ctx with `db` bound to the transaction, so the owning
 * module's service functions (plain functions of ctx) run inside it too.
 * Never send mail or notifications through txCtx: do that after this resolves.
 */
export async function inAdminTx<T>(
  ctx: Ctx,
  actor: AdminActor,
  fn: (txCtx: Ctx, tx: Executor, record: (e: Omit<AuditEntry, 'actorId' | 'ip'>) => Promise<unknown>) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const txCtx: Ctx = { ...ctx, db: tx as unknown as Db };
    return fn(txCtx, tx, (e) => audit(ctx, tx, { ...e, actorId: actor.user.id, ip: actor.ip }));
  });
}

/** CSV with a header row; values quoted when needed; formula-looking cells neutralised for spreadsheets. */
export function toCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  const cell = (v: string | number | null) => {
    if (v === null) return '';
    let s = String(v);
    if (typeof v === 'string' && /^[=+\-@]/.test(s)) s = `'${s}`;
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
