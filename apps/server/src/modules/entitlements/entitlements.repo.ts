import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type EntitlementRow, entitlements } from '../../db/schema';

const active = (at: Date) =>
  and(isNull(entitlements.revokedAt), or(isNull(entitlements.expiresAt), gt(entitlements.expiresAt, at)));

/** The viewer's active entitlements among the given objects, in one query. */
export async function findActive(
  db: Executor,
  userId: string,
  keys: Array<{ objectType: string; objectId: string }>,
  at: Date,
): Promise<EntitlementRow[]> {
  if (keys.length === 0) return [];
  const ids = [...new Set(keys.map((k) => k.objectId))];
  const rows = await db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), inArray(entitlements.objectId, ids), active(at)));
  const wanted = new Set(keys.map((k) => `${k.objectType}:${k.objectId}`));
  return rows.filter((r) => wanted.has(`${r.objectType}:${r.objectId}`));
}

export async function findOne(db: Executor, userId: string, objectType: string, objectId: string) {
  const [row] = await db
    .select()
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        eq(entitlements.objectType, objectType),
        eq(entitlements.objectId, objectId),
      ),
    )
    .limit(1);
  return row ?? null;
}

export interface GrantInput {
  userId: string;
  objectType: string;
  objectId: string;
  creatorId: string;
  source: EntitlementRow['source'];
  expiresAt: Date | null;
  reference?: string | null;
}

/** One row per viewer and object: a new grant replaces the old one's source, expiry and revocation. */
export async function upsertGrant(db: Executor, g: GrantInput): Promise<EntitlementRow> {
  const [row] = await db
    .insert(entitlements)
    .values({ id: newId(), ...g, reference: g.reference ?? null })
    .onConflictDoUpdate({
      target: [entitlements.userId, entitlements.objectType, entitlements.objectId],
      set: {
        source: g.source,
        expiresAt: g.expiresAt,
        revokedAt: null,
        reference: g.reference ?? null,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row;
}

export async function markRevoked(
  db: Executor,
  where: { userId: string; objectType?: string; objectId?: string; creatorId?: string },
  at: Date,
) {
  const conds = [eq(entitlements.userId, where.userId), isNull(entitlements.revokedAt)];
  if (where.objectType) conds.push(eq(entitlements.objectType, where.objectType));
  if (where.objectId) conds.push(eq(entitlements.objectId, where.objectId));
  if (where.creatorId) conds.push(eq(entitlements.creatorId, where.creatorId));
  return db
    .update(entitlements)
    .set({ revokedAt: at, updatedAt: sql`now()` })
    .where(and(...conds))
    .returning({ id: entitlements.id });
}

/** Fans whose subscription to the creator runs now. */
export async function activeSubscriberIds(db: Executor, creatorId: string, at: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: entitlements.userId })
    .from(entitlements)
    .where(and(eq(entitlements.objectType, 'performer'), eq(entitlements.objectId, creatorId), active(at)));
  return rows.map((r) => r.id);
}
