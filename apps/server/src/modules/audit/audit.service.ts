import { and, count, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type AuditRow, auditLog } from '../../db/schema';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
}

/** Secret values never reach the audit log: they are replaced by a marker that says whether one was set. */
const SECRET_KEY = /secret|password|pass$|apikey|api_key|privatekey|token|smtpurl|certificate/i;

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) && typeof v === 'string' ? (v ? '••••••' : '') : redactSecrets(v),
      ]),
    );
  }
  return value;
}

/**
 * Records one admin action inside the caller's transaction, so the action and
 * its audit row commit (or roll back) together.
 */
export async function audit(ctx: Pick<Ctx, 'now'>, tx: Executor, e: AuditEntry): Promise<AuditRow> {
  const [row] = await tx
    .insert(auditLog)
    .values({
      id: newId(),
      actorId: e.actorId,
      action: e.action,
      targetType: e.targetType ?? null,
      targetId: e.targetId ?? null,
      before: e.before === undefined ? null : redactSecrets(e.before),
      after: e.after === undefined ? null : redactSecrets(e.after),
      reason: e.reason ?? null,
      ip: e.ip ?? null,
      createdAt: ctx.now(),
    })
    .returning();
  return row;
}

export interface AuditQuery {
  page: number;
  pageSize: number;
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  fromDate?: Date;
  toDate?: Date;
}

export async function searchAudit(db: Executor, q: AuditQuery) {
  const conds: SQL[] = [];
  if (q.actorId) conds.push(eq(auditLog.actorId, q.actorId));
  if (q.action) conds.push(eq(auditLog.action, q.action));
  if (q.targetType) conds.push(eq(auditLog.targetType, q.targetType));
  if (q.targetId) conds.push(eq(auditLog.targetId, q.targetId));
  if (q.fromDate) conds.push(gte(auditLog.createdAt, q.fromDate));
  if (q.toDate) conds.push(lte(auditLog.createdAt, q.toDate));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total };
}
