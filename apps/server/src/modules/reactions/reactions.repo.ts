import { and, count, desc, eq, gt, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type Page, pagedList } from '../../db/paged';
import { reactions } from '../../db/schema';
import type { ReactionAction } from './reactions.registry';

export interface ReactionKey {
  userId: string;
  objectType: string;
  objectId: string;
  action: ReactionAction;
}

/** Inserts once; true when this call created the row (so counters move exactly once under concurrent clicks). */
export async function insertReaction(tx: Executor, key: ReactionKey, creatorId: string | null): Promise<boolean> {
  const rows = await tx
    .insert(reactions)
    .values({ id: newId(), ...key, creatorId })
    .onConflictDoNothing({ target: [reactions.userId, reactions.objectType, reactions.objectId, reactions.action] })
    .returning({ id: reactions.id });
  return rows.length > 0;
}

export async function deleteReaction(tx: Executor, key: ReactionKey): Promise<boolean> {
  const rows = await tx
    .delete(reactions)
    .where(
      and(
        eq(reactions.userId, key.userId),
        eq(reactions.objectType, key.objectType),
        eq(reactions.objectId, key.objectId),
        eq(reactions.action, key.action),
      ),
    )
    .returning({ id: reactions.id });
  return rows.length > 0;
}

/** A user's reactions of one kind, newest first; `listed` (the target's listedWhere) filters rows and total alike. */
export function listUserReactions(
  db: Executor,
  userId: string,
  objectType: string,
  action: ReactionAction,
  page: Page,
  listed?: (objectId: AnyPgColumn) => SQL | undefined,
) {
  const where = and(
    eq(reactions.userId, userId),
    eq(reactions.action, action),
    eq(reactions.objectType, objectType),
    listed?.(reactions.objectId),
  );
  const query = db
    .select({ objectId: reactions.objectId, createdAt: reactions.createdAt })
    .from(reactions)
    .where(where)
    .$dynamic();
  return pagedList(db, query, [desc(reactions.createdAt), desc(reactions.id)], page);
}

/** Most liked objects (other than creators) since a date: a range scan on reactions_created_idx. */
export async function mostLikedSince(db: Executor, since: Date, limit: number) {
  const rows = await db
    .select({ objectType: reactions.objectType, objectId: reactions.objectId, score: count() })
    .from(reactions)
    .where(and(gt(reactions.createdAt, since), eq(reactions.action, 'like'), ne(reactions.objectType, 'performer')))
    .groupBy(reactions.objectType, reactions.objectId)
    .orderBy(desc(count()))
    .limit(limit);
  return rows.map((r) => ({ type: r.objectType, _id: r.objectId, score: Number(r.score) }));
}
