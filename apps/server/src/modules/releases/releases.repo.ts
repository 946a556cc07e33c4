import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  identityDocuments,
  identityVerifications,
  media,
  mediaHashes,
  performers,
  type Records2257PersonRow,
  type ReleaseRow,
  records2257People,
  releases,
  users,
} from '../../db/schema';

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

// ---- §2257 records of erased accounts (releases.retention.ts)

/** What the record of a person with an account holds, read before their account is erased. */
export async function personForRecord(db: Executor, userId: string) {
  const [row] = await db
    .select({
      name: users.name,
      username: users.username,
      createdAt: users.createdAt,
      dateOfBirth: performers.dateOfBirth,
      verificationStatus: performers.verificationStatus,
    })
    .from(users)
    .leftJoin(performers, eq(performers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const docs = await db
    .select({ kind: identityDocuments.kind, key: identityDocuments.storagePath })
    .from(identityDocuments)
    .where(eq(identityDocuments.userId, userId))
    .orderBy(asc(identityDocuments.createdAt));
  const [check] = await db
    .select({ provider: identityVerifications.provider, at: identityVerifications.updatedAt })
    .from(identityVerifications)
    .where(and(eq(identityVerifications.userId, userId), eq(identityVerifications.status, 'verified')))
    .orderBy(desc(identityVerifications.updatedAt))
    .limit(1);
  return { ...row, docs, check: check ?? null };
}

/** Releases this person produced or is named in (as a creator). */
export async function releasesOfPerson(db: Executor, userId: string) {
  return db
    .select({ id: releases.id })
    .from(releases)
    .where(or(eq(releases.creatorId, userId), eq(releases.performerId, userId)));
}

/** Keeps these releases at least until `until`. */
export async function retainReleasesOf(db: Executor, userId: string, until: Date) {
  await db
    .update(releases)
    .set({ retainUntil: sql`greatest(coalesce(${releases.retainUntil}, ${until}), ${until})` })
    .where(or(eq(releases.creatorId, userId), eq(releases.performerId, userId)));
}

export async function upsertPersonRecord(db: Executor, row: Records2257PersonRow) {
  const { userId: _id, ...set } = row;
  await db.insert(records2257People).values(row).onConflictDoUpdate({ target: records2257People.userId, set });
}

export async function personRecord(db: Executor, userId: string): Promise<Records2257PersonRow | null> {
  const [r] = await db.select().from(records2257People).where(eq(records2257People.userId, userId)).limit(1);
  return r ?? null;
}

/** Records whose retention ended, deleted; returns what was deleted (for their files). */
export async function deleteExpiredRecords(db: Executor, now: Date) {
  const people = await db.delete(records2257People).where(lte(records2257People.retainUntil, now)).returning();
  const gone = await db.delete(releases).where(lte(releases.retainUntil, now)).returning();
  return { people, releases: gone };
}

/** Outside people named for a live stream whose ID document and selfie wait for an admin (oldest first). */
export async function streamReleasesAwaitingIdentity(db: Executor) {
  return db
    .select({ release: releases, username: users.username })
    .from(releases)
    .innerJoin(users, eq(users.id, releases.creatorId))
    .where(
      and(
        eq(releases.subjectType, 'stream'),
        eq(releases.identityStatus, 'pending'),
        eq(releases.identityProvider, 'manual'),
        isNull(releases.revokedAt),
      ),
    )
    .orderBy(asc(releases.createdAt))
    .limit(100);
}
