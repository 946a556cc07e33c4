import { and, count, desc, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import {
  type HashKind,
  type HashListRow,
  type HashMatchRow,
  hashListEntries,
  hashLists,
  hashMatches,
  mediaHashes,
  type PdqFrame,
  users,
} from '../../db/schema';

export const REMOVED_LIST_NAME = 'Removed by this site';

export const listHashLists = (db: Executor) => db.select().from(hashLists).orderBy(desc(hashLists.createdAt));

export async function findHashList(db: Executor, id: string): Promise<HashListRow | null> {
  const [row] = await db.select().from(hashLists).where(eq(hashLists.id, id));
  return row ?? null;
}

/** The built-in "removed by this site" list, made on first use. */
export async function removedList(db: Executor): Promise<HashListRow> {
  const [found] = await db.select().from(hashLists).where(eq(hashLists.source, 'removed'));
  if (found) return found;
  const [row] = await db
    .insert(hashLists)
    .values({ id: newId(), name: REMOVED_LIST_NAME, kind: 'mixed', source: 'removed', threshold: 31 })
    .returning();
  return row;
}

/** Inserts entries (duplicates ignored) in batches and refreshes the list's count. Returns how many were new. */
export async function addEntries(
  db: Executor,
  listId: string,
  entries: Array<{ kind: HashKind; value: string; note: string | null }>,
  at: Date,
): Promise<number> {
  let added = 0;
  for (let i = 0; i < entries.length; i += 5000) {
    const batch = entries.slice(i, i + 5000).map((e) => ({ ...e, listId }));
    const rows = await db
      .insert(hashListEntries)
      .values(batch)
      .onConflictDoNothing()
      .returning({ id: hashListEntries.id });
    added += rows.length;
  }
  const [{ n }] = await db.select({ n: count() }).from(hashListEntries).where(eq(hashListEntries.listId, listId));
  await db
    .update(hashLists)
    .set({ entryCount: Number(n), updatedAt: at })
    .where(eq(hashLists.id, listId));
  return added;
}

/** Changes when any list or its entries change: the PDQ index is rebuilt when it does. */
export async function listsVersion(db: Executor): Promise<string> {
  const [r] = await db
    .select({
      at: sql<string>`coalesce(max(${hashLists.updatedAt})::text, '')`,
      n: count(),
      entries: sql<string>`coalesce(sum(${hashLists.entryCount}), 0)::text`,
    })
    .from(hashLists);
  return `${r.at}|${r.n}|${r.entries}`;
}

export function allPdqEntries(db: Executor) {
  return db
    .select({
      value: hashListEntries.value,
      listId: hashLists.id,
      listName: hashLists.name,
      source: hashLists.source,
      threshold: hashLists.threshold,
    })
    .from(hashListEntries)
    .innerJoin(hashLists, eq(hashLists.id, hashListEntries.listId))
    .where(eq(hashListEntries.kind, 'pdq'));
}

export function exactEntries(db: Executor, sha256: string, md5: string) {
  return db
    .select({
      kind: hashListEntries.kind,
      value: hashListEntries.value,
      listId: hashLists.id,
      listName: hashLists.name,
      source: hashLists.source,
    })
    .from(hashListEntries)
    .innerJoin(hashLists, eq(hashLists.id, hashListEntries.listId))
    .where(
      or(
        and(eq(hashListEntries.kind, 'sha256'), eq(hashListEntries.value, sha256)),
        and(eq(hashListEntries.kind, 'md5'), eq(hashListEntries.value, md5)),
      ),
    );
}

export async function saveMediaHashes(
  db: Executor,
  rows: Array<{ mediaId: string; sha256: string; md5: string; pdq: PdqFrame[] }>,
) {
  if (rows.length) await db.insert(mediaHashes).values(rows).onConflictDoNothing();
}

export function hashesOfMedia(db: Executor, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(mediaHashes).where(inArray(mediaHashes.mediaId, ids));
}

export async function listMatches(
  db: Executor,
  q: { page: number; pageSize: number; status?: HashMatchRow['reportStatus'] },
) {
  const where = q.status ? eq(hashMatches.reportStatus, q.status) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ m: hashMatches, status: users.status })
      .from(hashMatches)
      .leftJoin(users, eq(users.id, hashMatches.userId))
      .where(where)
      .orderBy(desc(hashMatches.createdAt), desc(hashMatches.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(hashMatches).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function findMatch(db: Executor, id: string) {
  const [row] = await db
    .select({ m: hashMatches, status: users.status })
    .from(hashMatches)
    .leftJoin(users, eq(users.id, hashMatches.userId))
    .where(eq(hashMatches.id, id));
  return row ?? null;
}

export function expiredEvidence(db: Executor, now: Date) {
  return db
    .select({ id: hashMatches.id, key: hashMatches.evidenceKey })
    .from(hashMatches)
    .where(and(isNotNull(hashMatches.evidenceKey), lt(hashMatches.retainUntil, now)))
    .limit(500);
}
