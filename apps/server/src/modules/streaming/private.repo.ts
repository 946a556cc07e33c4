import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  type PrivateRequestRow,
  type PrivateSessionRow,
  privateRequests,
  privateSessionMinutes,
  privateSessions,
} from '../../db/schema';

export async function insertRequest(
  tx: Executor,
  row: typeof privateRequests.$inferInsert,
): Promise<PrivateRequestRow> {
  const [r] = await tx.insert(privateRequests).values(row).returning();
  return r;
}

export async function lockRequest(tx: Executor, id: string): Promise<PrivateRequestRow | null> {
  const [r] = await tx.select().from(privateRequests).where(eq(privateRequests.id, id)).for('update').limit(1);
  return r ?? null;
}

export async function updateRequest(tx: Executor, id: string, set: Partial<typeof privateRequests.$inferInsert>) {
  const [r] = await tx
    .update(privateRequests)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(privateRequests.id, id))
    .returning();
  return r;
}

export async function listRequests(
  db: Executor,
  where: { performerId?: string; userId?: string; status?: PrivateRequestRow['status'] },
  page: { limit: number; offset: number },
) {
  const conds: SQL[] = [];
  if (where.performerId) conds.push(eq(privateRequests.performerId, where.performerId));
  if (where.userId) conds.push(eq(privateRequests.userId, where.userId));
  if (where.status) conds.push(eq(privateRequests.status, where.status));
  const w = and(...conds);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(privateRequests)
      .where(w)
      .orderBy(desc(privateRequests.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(privateRequests).where(w),
  ]);
  return { rows, total };
}

export async function insertSession(
  tx: Executor,
  row: typeof privateSessions.$inferInsert,
): Promise<PrivateSessionRow> {
  const [s] = await tx.insert(privateSessions).values(row).returning();
  return s;
}

export async function findSession(db: Executor, id: string): Promise<PrivateSessionRow | null> {
  const [s] = await db.select().from(privateSessions).where(eq(privateSessions.id, id)).limit(1);
  return s ?? null;
}

/** The billing lock: every tick, join, heartbeat-timeout and end of one show is serialised on this row. */
export async function lockSession(tx: Executor, id: string): Promise<PrivateSessionRow | null> {
  const [s] = await tx.select().from(privateSessions).where(eq(privateSessions.id, id)).for('update').limit(1);
  return s ?? null;
}

export async function updateSession(tx: Executor, id: string, set: Partial<typeof privateSessions.$inferInsert>) {
  const [s] = await tx
    .update(privateSessions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(privateSessions.id, id))
    .returning();
  return s;
}

export async function openSessionIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: privateSessions.id })
    .from(privateSessions)
    .where(ne(privateSessions.status, 'ended'));
  return rows.map((r) => r.id);
}

/** Records a charged minute; false when that minute was already charged (unique key). */
export async function insertMinute(tx: Executor, row: typeof privateSessionMinutes.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(privateSessionMinutes).values(row).onConflictDoNothing().returning();
  return inserted.length > 0;
}
