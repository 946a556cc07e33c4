import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type Page, pagedList } from '../../db/paged';
import { follows, performers, users } from '../../db/schema';
import { cardColumns, type ListScope, scoped } from '../profiles';

/** Creates the follow once and moves the counter only if this call created it (exact under concurrent clicks). */
export async function addFollow(tx: Executor, followerId: string, creatorId: string): Promise<boolean> {
  const rows = await tx
    .insert(follows)
    .values({ id: newId(), followerId, creatorId })
    .onConflictDoNothing({ target: [follows.followerId, follows.creatorId] })
    .returning({ id: follows.id });
  if (rows.length === 0) return false;
  await tx
    .update(performers)
    .set({ followersCount: sql`${performers.followersCount} + 1` })
    .where(eq(performers.userId, creatorId));
  return true;
}

export async function removeFollow(tx: Executor, followerId: string, creatorId: string): Promise<boolean> {
  const rows = await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.creatorId, creatorId)))
    .returning({ id: follows.id });
  if (rows.length === 0) return false;
  await tx
    .update(performers)
    .set({ followersCount: sql`greatest(${performers.followersCount} - 1, 0)` })
    .where(eq(performers.userId, creatorId));
  return true;
}

export async function followersCount(db: Executor, creatorId: string): Promise<number> {
  const [row] = await db
    .select({ n: performers.followersCount })
    .from(performers)
    .where(eq(performers.userId, creatorId));
  return row?.n ?? 0;
}

export function listFollowers(db: Executor, creatorId: string, page: Page) {
  const query = db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      avatarPath: users.avatarPath,
      followedAt: follows.createdAt,
    })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(eq(follows.creatorId, creatorId))
    .$dynamic();
  return pagedList(db, query, [desc(follows.createdAt), desc(follows.id)], page);
}

/** The creators a fan follows that the fan may see listed (the discovery rule), newest follow first. */
export function listFollowing(db: Executor, followerId: string, scope: ListScope, page: Page) {
  const query = db
    .select(cardColumns)
    .from(follows)
    .innerJoin(performers, eq(performers.userId, follows.creatorId))
    .innerJoin(users, eq(users.id, follows.creatorId))
    .where(and(eq(follows.followerId, followerId), scoped(scope)))
    .$dynamic();
  return pagedList(db, query, [desc(follows.createdAt), desc(follows.id)], page);
}

/** Everyone following a creator (ids only), for notifications such as "went live". */
export async function followerIds(db: Executor, creatorId: string): Promise<string[]> {
  const rows = await db.select({ id: follows.followerId }).from(follows).where(eq(follows.creatorId, creatorId));
  return rows.map((r) => r.id);
}
