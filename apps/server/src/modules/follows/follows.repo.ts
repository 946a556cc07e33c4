import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { follows, performers, users } from '../../db/schema';

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

export async function listFollowers(db: Executor, creatorId: string, page: { limit: number; offset: number }) {
  const where = eq(follows.creatorId, creatorId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        avatarPath: users.avatarPath,
        followedAt: follows.createdAt,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(where)
      .orderBy(desc(follows.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(follows).where(where),
  ]);
  return { rows, total: Number(n) };
}

export async function listFollowingIds(db: Executor, followerId: string, page: { limit: number; offset: number }) {
  const where = eq(follows.followerId, followerId);
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ creatorId: follows.creatorId })
      .from(follows)
      .where(where)
      .orderBy(desc(follows.createdAt))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(follows).where(where),
  ]);
  return { ids: rows.map((r) => r.creatorId), total: Number(n) };
}

/** Everyone following a creator (ids only), for notifications such as "went live". */
export async function followerIds(db: Executor, creatorId: string): Promise<string[]> {
  const rows = await db.select({ id: follows.followerId }).from(follows).where(eq(follows.creatorId, creatorId));
  return rows.map((r) => r.id);
}
