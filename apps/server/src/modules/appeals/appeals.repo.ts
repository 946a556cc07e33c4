import { and, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type AppealRow, decisionAppeals, moderationDecisions, users } from '../../db/schema';

export async function insertAppeal(tx: Executor, row: typeof decisionAppeals.$inferInsert): Promise<AppealRow | null> {
  const [out] = await tx.insert(decisionAppeals).values(row).onConflictDoNothing().returning();
  return out ?? null;
}

export async function lockAppeal(tx: Executor, id: string): Promise<AppealRow | null> {
  const [row] = await tx.select().from(decisionAppeals).where(eq(decisionAppeals.id, id)).for('update').limit(1);
  return row ?? null;
}

export async function updateAppeal(tx: Executor, id: string, set: Partial<AppealRow>): Promise<AppealRow> {
  const [row] = await tx.update(decisionAppeals).set(set).where(eq(decisionAppeals.id, id)).returning();
  return row;
}

/** The admin queue: open appeals oldest first, decided ones newest first. */
export async function searchAppeals(db: Executor, q: { state?: AppealRow['state']; limit: number; offset: number }) {
  const where = q.state ? eq(decisionAppeals.state, q.state) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ appeal: decisionAppeals, decision: moderationDecisions, username: users.username })
      .from(decisionAppeals)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, decisionAppeals.decisionId))
      .leftJoin(users, eq(users.id, decisionAppeals.userId))
      .where(where)
      .orderBy(
        q.state === 'open' ? decisionAppeals.createdAt : desc(decisionAppeals.createdAt),
        desc(decisionAppeals.id),
      )
      .limit(q.limit)
      .offset(q.offset),
    db.select({ total: count() }).from(decisionAppeals).where(where),
  ]);
  return { rows, total: Number(total) };
}
