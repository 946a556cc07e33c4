import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { media, mediaHashes, type ReleaseRow, releases, users } from '../../db/schema';

/** Queries of the releases module (routes never touch the schema). */

export async function insertRelease(db: Executor, row: typeof releases.$inferInsert) {
  const [r] = await db.insert(releases).values(row).returning();
  return r;
}

export async function findRelease(db: Executor, id: string): Promise<ReleaseRow | null> {
  const [r] = await db.select().from(releases).where(eq(releases.id, id)).limit(1);
  return r ?? null;
}

export async function lockRelease(db: Executor, id: string): Promise<ReleaseRow | null> {
  const [r] = await db.select().from(releases).where(eq(releases.id, id)).for('update').limit(1);
  return r ?? null;
}

export async function updateRelease(db: Executor, id: string, set: Partial<typeof releases.$inferInsert>) {
  const [r] = await db.update(releases).set(set).where(eq(releases.id, id)).returning();
  return r;
}

export async function releasesOfCreator(db: Executor, creatorId: string, subjectId?: string, mediaIds?: string[]) {
  const conds = [eq(releases.creatorId, creatorId)];
  if (subjectId) conds.push(eq(releases.subjectId, subjectId));
  if (mediaIds?.length) conds.push(sql`${releases.mediaIds} && array[${sql.join(mediaIds, sql`, `)}]::uuid[]`);
  return db
    .select()
    .from(releases)
    .where(and(...conds))
    .orderBy(asc(releases.createdAt));
}

/** Releases that name this creator as a co-performer (their confirmations to give). */
export async function releasesNaming(db: Executor, performerId: string) {
  return db.select().from(releases).where(eq(releases.performerId, performerId)).orderBy(desc(releases.createdAt));
}

export async function usersBrief(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { id: string; username: string | null; name: string }>();
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function sha256Of(db: Executor, mediaIds: string[]): Promise<Record<string, string>> {
  if (mediaIds.length === 0) return {};
  const rows = await db
    .select({ id: mediaHashes.mediaId, sha256: mediaHashes.sha256 })
    .from(mediaHashes)
    .where(inArray(mediaHashes.mediaId, mediaIds));
  return Object.fromEntries(rows.map((r) => [r.id, r.sha256]));
}

/** Releases of a creator or created (named) within a date range, for the §2257 export. */
export async function releasesForRecords(db: Executor, q: { creatorId?: string; from?: Date; to?: Date }) {
  const conds = [];
  if (q.creatorId) conds.push(eq(releases.creatorId, q.creatorId));
  if (q.from) conds.push(gte(releases.createdAt, q.from));
  if (q.to) conds.push(lt(releases.createdAt, q.to));
  return db
    .select()
    .from(releases)
    .where(and(...conds))
    .orderBy(asc(releases.createdAt));
}

export async function deleteRelease(db: Executor, id: string) {
  await db.delete(releases).where(eq(releases.id, id));
}

export async function mediaOwnedBy(db: Executor, ownerId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.ownerId, ownerId), inArray(media.id, ids)));
}
