import { and, asc, desc, eq, gte, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type AgeAssuranceRow, ageAssurances, users } from '../../db/schema';

export interface Holder {
  userId?: string | null;
  visitorHash?: string | null;
}

function holderWhere(h: Holder): SQL | undefined {
  const parts = [
    h.userId ? eq(ageAssurances.userId, h.userId) : undefined,
    h.visitorHash ? eq(ageAssurances.visitorHash, h.visitorHash) : undefined,
  ].filter(Boolean) as SQL[];
  return parts.length ? or(...parts) : undefined;
}

/** The newest check of this holder with this status (decided since `since`, when given). */
export async function latestCheck(db: Executor, h: Holder, status: AgeAssuranceRow['status'], since?: Date | null) {
  const who = holderWhere(h);
  if (!who) return null;
  const rows = await db
    .select()
    .from(ageAssurances)
    .where(and(who, eq(ageAssurances.status, status), since ? gte(ageAssurances.decidedAt, since) : undefined))
    .orderBy(desc(ageAssurances.createdAt))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertCheck(
  db: Executor,
  values: Omit<typeof ageAssurances.$inferInsert, 'id'> & { id?: string },
): Promise<AgeAssuranceRow> {
  const [row] = await db
    .insert(ageAssurances)
    .values({ id: newId(), ...values })
    .returning();
  return row;
}

export function findCheck(db: Executor, id: string) {
  return db
    .select()
    .from(ageAssurances)
    .where(eq(ageAssurances.id, id))
    .then((r) => r[0] ?? null);
}

/** Decides a pending check (only once: a decided check is left as it is). */
export async function decideCheck(
  db: Executor,
  id: string,
  set: Partial<Pick<AgeAssuranceRow, 'status' | 'method' | 'decidedAt' | 'decidedBy' | 'documentKey' | 'selfieKey'>>,
) {
  const rows = await db
    .update(ageAssurances)
    .set(set)
    .where(and(eq(ageAssurances.id, id), eq(ageAssurances.status, 'pending')))
    .returning();
  return rows[0] ?? null;
}

export function setCheckFields(
  db: Executor,
  id: string,
  set: Partial<Pick<AgeAssuranceRow, 'externalId' | 'documentKey' | 'selfieKey'>>,
) {
  return db.update(ageAssurances).set(set).where(eq(ageAssurances.id, id));
}

/** Built-in checks waiting for an admin, oldest first. */
export function pendingReviews(db: Executor) {
  return db
    .select({
      id: ageAssurances.id,
      createdAt: ageAssurances.createdAt,
      documentKey: ageAssurances.documentKey,
      selfieKey: ageAssurances.selfieKey,
      userId: users.id,
      username: users.username,
      name: users.name,
    })
    .from(ageAssurances)
    .innerJoin(users, eq(users.id, ageAssurances.userId))
    .where(and(eq(ageAssurances.provider, 'builtin'), eq(ageAssurances.status, 'pending')))
    .orderBy(asc(ageAssurances.createdAt))
    .limit(100);
}
