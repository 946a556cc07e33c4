import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  type AppealRow,
  type DecisionRow,
  decisionAppeals,
  moderationDecisions,
  type NewDecisionRow,
} from '../../db/schema';

export async function insertDecision(tx: Executor, row: NewDecisionRow): Promise<DecisionRow> {
  const [out] = await tx.insert(moderationDecisions).values(row).returning();
  return out;
}

export async function findDecision(db: Executor, id: string, lock = false): Promise<DecisionRow | null> {
  const q = db.select().from(moderationDecisions).where(eq(moderationDecisions.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function decisionsOf(db: Executor, userId: string, limit: number, offset: number) {
  return db
    .select()
    .from(moderationDecisions)
    .where(
      and(eq(moderationDecisions.userId, userId), sql`coalesce(${moderationDecisions.data}->>'withheld', '') = ''`),
    )
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
    .limit(limit)
    .offset(offset);
}

export async function appealsOf(db: Executor, decisionIds: string[]): Promise<AppealRow[]> {
  if (decisionIds.length === 0) return [];
  return db.select().from(decisionAppeals).where(inArray(decisionAppeals.decisionId, decisionIds));
}

/** Ends the decisions in force on a target when the restriction is lifted outside an appeal. */
export async function endDecisions(
  tx: Executor,
  where: { kinds: DecisionRow['kind'][]; targetType: string; targetId: string },
  state: 'lifted' | 'reversed',
  at: Date,
): Promise<DecisionRow[]> {
  return tx
    .update(moderationDecisions)
    .set({ state, endedAt: at })
    .where(
      and(
        inArray(moderationDecisions.kind, where.kinds),
        eq(moderationDecisions.targetType, where.targetType),
        eq(moderationDecisions.targetId, where.targetId),
        eq(moderationDecisions.state, 'in_force'),
      ),
    )
    .returning();
}

export async function setDecisionState(tx: Executor, id: string, state: DecisionRow['state'], at: Date) {
  await tx.update(moderationDecisions).set({ state, endedAt: at }).where(eq(moderationDecisions.id, id));
}
