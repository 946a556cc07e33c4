import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { escapeLike } from '../../db/like';
import { countryBlocks, userBlocks, users } from '../../db/schema';

/** What one query tells the block check about a creator and a viewer. */
export interface BlockFacts {
  userBlocked: boolean;
  viewerIsAdmin: boolean;
  countries: string[];
}

export async function blockFacts(db: Executor, creatorId: string, viewerId: string | null): Promise<BlockFacts> {
  const viewer = viewerId ?? '00000000-0000-0000-0000-000000000000';
  const result = (await db.execute(sql`
    select
      exists(select 1 from ${userBlocks} where ${userBlocks.creatorId} = ${creatorId} and ${userBlocks.userId} = ${viewer}) as "userBlocked",
      exists(select 1 from ${users} where ${users.id} = ${viewer} and ${users.role} = 'admin') as "viewerIsAdmin",
      coalesce((select array_agg(${countryBlocks.countryCode}) from ${countryBlocks} where ${countryBlocks.creatorId} = ${creatorId}), '{}') as "countries"
  `)) as unknown as { rows: BlockFacts[] };
  const row = result.rows[0];
  return {
    userBlocked: Boolean(row.userBlocked),
    viewerIsAdmin: Boolean(row.viewerIsAdmin),
    countries: row.countries ?? [],
  };
}

/** The creators among `creatorIds` who blocked `viewerId` (one query for a page of items). */
export async function creatorsBlocking(db: Executor, viewerId: string, creatorIds: string[]): Promise<Set<string>> {
  if (creatorIds.length === 0) return new Set();
  const rows = await db
    .select({ creatorId: userBlocks.creatorId })
    .from(userBlocks)
    .where(and(eq(userBlocks.userId, viewerId), inArray(userBlocks.creatorId, [...new Set(creatorIds)])));
  return new Set(rows.map((r) => r.creatorId));
}

export async function insertUserBlock(db: Executor, creatorId: string, userId: string, reason: string | null) {
  const [row] = await db
    .insert(userBlocks)
    .values({ id: newId(), creatorId, userId, reason })
    .onConflictDoUpdate({ target: [userBlocks.creatorId, userBlocks.userId], set: { reason } })
    .returning();
  return row;
}

export async function deleteUserBlock(db: Executor, creatorId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.creatorId, creatorId), eq(userBlocks.userId, userId)))
    .returning({ id: userBlocks.id });
  return rows.length > 0;
}

export async function listUserBlocks(
  db: Executor,
  creatorId: string,
  opts: { q?: string; limit: number; offset: number },
) {
  const where = and(
    eq(userBlocks.creatorId, creatorId),
    opts.q
      ? or(ilike(users.username, `%${escapeLike(opts.q)}%`), ilike(users.name, `%${escapeLike(opts.q)}%`))
      : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        id: userBlocks.id,
        userId: userBlocks.userId,
        reason: userBlocks.reason,
        createdAt: userBlocks.createdAt,
        username: users.username,
        name: users.name,
        avatarPath: users.avatarPath,
      })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.userId))
      .where(where)
      .orderBy(desc(userBlocks.createdAt))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(userBlocks).innerJoin(users, eq(users.id, userBlocks.userId)).where(where),
  ]);
  return { rows, total: n };
}

export async function listCountryBlocks(db: Executor, creatorId: string): Promise<string[]> {
  const rows = await db
    .select({ code: countryBlocks.countryCode })
    .from(countryBlocks)
    .where(eq(countryBlocks.creatorId, creatorId))
    .orderBy(countryBlocks.countryCode);
  return rows.map((r) => r.code);
}

export async function replaceCountryBlocks(tx: Executor, creatorId: string, codes: string[]) {
  await tx.delete(countryBlocks).where(eq(countryBlocks.creatorId, creatorId));
  if (codes.length) await tx.insert(countryBlocks).values(codes.map((countryCode) => ({ creatorId, countryCode })));
}

export async function anyCountryBlocks(db: Executor): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(countryBlocks).limit(1);
  return rows.length > 0;
}
