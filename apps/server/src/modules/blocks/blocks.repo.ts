import { and, count, desc, eq, ilike, inArray, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
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

/**
 * The same facts as columns of another query about the creator (the profile's one query):
 * `userBlocked`, `viewerIsAdmin`, `countries`, for blockReasonOf.
 */
export function blockFactsColumns(creatorId: AnyPgColumn | SQL, viewerId: SQL | Placeholder | string) {
  return {
    userBlocked: sql<boolean>`exists(select 1 from ${userBlocks} where ${userBlocks.creatorId} = ${creatorId} and ${userBlocks.userId} = ${viewerId})`,
    viewerIsAdmin: sql<boolean>`exists(select 1 from ${users} where ${users.id} = ${viewerId} and ${users.role} = 'admin')`,
    countries: sql<
      string[]
    >`coalesce((select array_agg(${countryBlocks.countryCode}) from ${countryBlocks} where ${countryBlocks.creatorId} = ${creatorId}), '{}')`,
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

/** SQL condition "the creator in `creatorColumn` has not blocked this viewer", for list queries. */
export function notBlockedBy(creatorColumn: AnyPgColumn | SQL, viewerId: string | null | undefined): SQL {
  if (!viewerId) return sql`true`;
  return sql`not exists (select 1 from ${userBlocks} where ${userBlocks.creatorId} = ${creatorColumn} and ${userBlocks.userId} = ${viewerId})`;
}

/** Creators that block this country, for excluding them from discovery lists. */
export function notCountryBlocked(creatorColumn: AnyPgColumn | SQL, country: string | null | undefined): SQL {
  if (!country) return sql`true`;
  return sql`not exists (select 1 from ${countryBlocks} where ${countryBlocks.creatorId} = ${creatorColumn} and ${countryBlocks.countryCode} = ${country})`;
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

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
