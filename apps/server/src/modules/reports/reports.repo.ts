import { and, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type ReportRow, reports } from '../../db/schema';

export interface NewReport {
  reporterId: string;
  targetType: string;
  targetId: string;
  creatorId: string | null;
  reason: string;
  description: string;
}

/**
 * One report per reporter and target: a repeat updates the reason and text of
 * the existing one (and reopens it) instead of adding a row to the queue.
 */
export async function upsertReport(db: Executor, r: NewReport): Promise<{ row: ReportRow; created: boolean }> {
  const [row] = await db
    .insert(reports)
    .values({ id: newId(), ...r })
    .onConflictDoUpdate({
      target: [reports.reporterId, reports.targetType, reports.targetId],
      set: { reason: r.reason, description: r.description, status: 'open', updatedAt: sql`now()` },
    })
    // xmax = 0 only on a freshly inserted row version: tells a new report from a repeat.
    .returning({ ...getTableColumns(reports), created: sql<boolean>`(xmax = 0)` });
  const { created, ...rest } = row;
  return { row: rest, created: Boolean(created) };
}

export async function searchReports(
  db: Executor,
  f: { status?: ReportRow['status']; targetType?: string },
  page: { limit: number; offset: number },
) {
  const conds: SQL[] = [];
  if (f.status) conds.push(eq(reports.status, f.status));
  if (f.targetType) conds.push(eq(reports.targetType, f.targetType));
  const where = conds.length ? and(...conds) : undefined;
  const [rows, [{ n }]] = await Promise.all([
    db.select().from(reports).where(where).orderBy(desc(reports.createdAt)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(reports).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function updateReportStatus(
  db: Executor,
  id: string,
  status: 'dismissed' | 'resolved',
  note: string | null,
  adminId: string,
  at: Date,
) {
  const [row] = await db
    .update(reports)
    .set({ status, resolutionNote: note, resolvedById: adminId, resolvedAt: at, updatedAt: at })
    .where(eq(reports.id, id))
    .returning();
  return row ?? null;
}
