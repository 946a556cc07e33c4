import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { isPublished } from '../../db/review';
import {
  type FeedRow,
  feedFiles,
  feedPollOptions,
  feedPolls,
  feedPollVotes,
  feeds,
  type NewFeedRow,
  performers,
  users,
} from '../../db/schema';
import { notBlockedBy } from '../blocks';

/** Published, not expired, not taken down by an admin, approved in review: what fans may find. */
export const visibleToFans = (at: Date) =>
  and(
    eq(feeds.status, 'published'),
    or(isNull(feeds.expiresAt), gt(feeds.expiresAt, at)),
    isNull(feeds.takenDownAt),
    isPublished(feeds),
  );

export async function insertFeed(db: Executor, row: Omit<NewFeedRow, 'id'>): Promise<FeedRow> {
  const [feed] = await db
    .insert(feeds)
    .values({ id: newId(), ...row })
    .returning();
  return feed;
}

export async function updateFeedRow(db: Executor, id: string, set: Partial<NewFeedRow>): Promise<FeedRow> {
  const [feed] = await db
    .update(feeds)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(feeds.id, id))
    .returning();
  return feed;
}

export async function deleteFeedRow(db: Executor, id: string) {
  await db.delete(feeds).where(eq(feeds.id, id));
}

export async function findFeed(db: Executor, id: string): Promise<FeedRow | null> {
  const [row] = await db.select().from(feeds).where(eq(feeds.id, id)).limit(1);
  return row ?? null;
}

/** A post with its creator's display name, if fans may see it now (for the new-post notice). */
export async function findVisibleFeedWithAuthor(db: Executor, id: string, at: Date) {
  const [row] = await db
    .select({ feed: feeds, name: users.name, username: users.username })
    .from(feeds)
    .innerJoin(users, eq(users.id, feeds.performerId))
    .where(and(eq(feeds.id, id), visibleToFans(at)))
    .limit(1);
  return row ?? null;
}

/** SQL twin of the bookmark presenter's rule (`isLive`, or the viewer's own post): a post this viewer may see listed. */
export function listedFeedExists(objectId: AnyPgColumn, viewerId: string | null, at: Date): SQL {
  const live = and(
    eq(feeds.status, 'published'),
    or(isNull(feeds.expiresAt), gt(feeds.expiresAt, at)),
    isNull(feeds.takenDownAt),
    isPublished(feeds),
  );
  const visible = viewerId ? or(live, eq(feeds.performerId, viewerId)) : live;
  return sql`exists (select 1 from ${feeds} where ${feeds.id} = ${objectId} and ${visible})`;
}

export async function findFeedsByIds(db: Executor, ids: string[]): Promise<FeedRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(feeds).where(inArray(feeds.id, ids));
}

export async function replaceFeedFiles(db: Executor, feedId: string, mediaIds: string[]) {
  await db.delete(feedFiles).where(eq(feedFiles.feedId, feedId));
  if (mediaIds.length === 0) return;
  await db.insert(feedFiles).values(mediaIds.map((mediaId, position) => ({ feedId, mediaId, position })));
}

/** Media ids of the given media already attached to a post other than `exceptFeedId`. */
export async function attachedElsewhere(db: Executor, mediaIds: string[], exceptFeedId?: string): Promise<string[]> {
  if (mediaIds.length === 0) return [];
  const rows = await db
    .select({ mediaId: feedFiles.mediaId, feedId: feedFiles.feedId })
    .from(feedFiles)
    .where(inArray(feedFiles.mediaId, mediaIds));
  return rows.filter((r) => r.feedId !== exceptFeedId).map((r) => r.mediaId);
}

/** Files of many posts in one query, in order. */
export async function filesOf(db: Executor, feedIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (feedIds.length === 0) return map;
  const rows = await db
    .select()
    .from(feedFiles)
    .where(inArray(feedFiles.feedId, feedIds))
    .orderBy(asc(feedFiles.feedId), asc(feedFiles.position));
  for (const r of rows) map.set(r.feedId, [...(map.get(r.feedId) ?? []), r.mediaId]);
  return map;
}

export interface TimelineCursor {
  publishedAt: Date;
  id: string;
}

/**
 * Creators a fan follows or is subscribed to (an unexpired, unrevoked subscription), leaving out
 * those who blocked the fan (their posts never reach the timeline; one query for both).
 */
export async function followedCreatorIds(db: Executor, userId: string, at: Date): Promise<string[]> {
  const res = await db.execute(sql`
    select c.id from (
      select creator_id as id from follows where follower_id = ${userId}
      union
      select object_id from entitlements
       where user_id = ${userId} and object_type = 'performer' and revoked_at is null
         and (expires_at is null or expires_at > ${at.toISOString()}::timestamptz)
    ) c
    where ${notBlockedBy(sql`c.id`, userId)}`);
  return (res as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The home timeline: newest published posts of the given creators, keyset-paginated
 * on (published_at, id). The creator set is an array constant, which PostgreSQL
 * (14+) hashes, so the planner either walks feeds_published_idx keeping followed
 * creators' posts (many followed creators) or probes feeds_performer_published_idx
 * per creator (few). ORDER BY matches the indexes exactly (desc nulls last) and the
 * limit is a literal so that the planner sees how few rows are wanted.
 */
export async function timelinePage(
  db: Executor,
  creatorIds: string[],
  at: Date,
  limit: number,
  cursor: TimelineCursor | null,
): Promise<FeedRow[]> {
  const ids = creatorIds.filter((id) => UUID.test(id));
  if (ids.length === 0) return [];
  const after = cursor
    ? sql`(${feeds.publishedAt}, ${feeds.id}) < (${cursor.publishedAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  // The whole rows at once (no second query by id); not a prepared statement (the array differs per fan),
  // so PostgreSQL plans it with the limit and the cursor in hand.
  return db
    .select()
    .from(feeds)
    .where(
      and(
        sql`${feeds.performerId} = any(${sql.raw(`'{${ids.join(',')}}'::uuid[]`)})`,
        eq(feeds.status, 'published'),
        isPublished(feeds),
        sql`(${feeds.expiresAt} is null or ${feeds.expiresAt} > ${at.toISOString()}::timestamptz)`,
        after,
      ),
    )
    .orderBy(sql`${feeds.publishedAt} desc nulls last`, sql`${feeds.id} desc nulls last`)
    .limit(Math.floor(limit));
}

/** One creator's wall: pinned first, then newest. */
export async function creatorWall(
  db: Executor,
  performerId: string,
  at: Date,
  page: number,
  pageSize: number,
  type?: FeedRow['type'],
) {
  const where = and(eq(feeds.performerId, performerId), visibleToFans(at), type ? eq(feeds.type, type) : undefined);
  const [data, [{ total }]] = await Promise.all([
    db
      .select()
      .from(feeds)
      .where(where)
      .orderBy(desc(feeds.isPinned), desc(feeds.pinnedAt), desc(feeds.publishedAt), desc(feeds.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(feeds).where(where),
  ]);
  return { data, total };
}

/** The creator's own list, every status. */
export async function ownFeeds(
  db: Executor,
  performerId: string,
  opts: { page: number; pageSize: number; status?: FeedRow['status']; q?: string },
) {
  const where = and(
    eq(feeds.performerId, performerId),
    opts.status ? eq(feeds.status, opts.status) : undefined,
    opts.q ? sql`${feeds.text} ilike ${`%${opts.q.replace(/[%_\\]/g, '\\$&')}%`}` : undefined,
  );
  const [data, [{ total }]] = await Promise.all([
    db
      .select()
      .from(feeds)
      .where(where)
      .orderBy(desc(feeds.createdAt), desc(feeds.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ total: count() }).from(feeds).where(where),
  ]);
  return { data, total };
}

/** Scheduled posts whose time has come, locked so that two workers never publish one twice. */
export async function claimDueScheduled(db: Executor, at: Date, limit = 100): Promise<FeedRow[]> {
  const due = await db
    .select({ id: feeds.id })
    .from(feeds)
    // Scheduled posts publish at their time only once approved (a pending one waits for its review).
    .where(and(eq(feeds.status, 'scheduled'), lte(feeds.scheduledAt, at), isPublished(feeds)))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return [];
  return db
    .update(feeds)
    .set({ status: 'published', publishedAt: sql`coalesce(${feeds.scheduledAt}, now())`, updatedAt: sql`now()` })
    .where(
      inArray(
        feeds.id,
        due.map((d) => d.id),
      ),
    )
    .returning();
}

export async function bumpCounter(db: Executor, id: string, column: 'likeCount' | 'commentCount', delta: number) {
  const col = feeds[column];
  await db
    .update(feeds)
    .set({ [column]: sql`greatest(0, ${col} + ${delta})` })
    .where(eq(feeds.id, id));
}

// ---- performers shown on posts ----

export interface PerformerSummary {
  id: string;
  username: string;
  name: string;
  avatarPath: string | null;
  isVerified: boolean;
}

export async function performerSummaries(db: Executor, ids: string[]): Promise<Map<string, PerformerSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      displayName: performers.displayName,
      avatarPath: users.avatarPath,
      verification: performers.verificationStatus,
    })
    .from(users)
    .leftJoin(performers, eq(performers.userId, users.id))
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        username: r.username ?? '',
        name: r.displayName || r.name,
        avatarPath: r.avatarPath,
        isVerified: r.verification === 'verified',
      },
    ]),
  );
}

export async function performersByUsernames(db: Executor, usernames: string[]) {
  if (usernames.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.username})`,
        usernames.map((u) => u.toLowerCase()),
      ),
    );
}

// ---- polls ----

export async function insertPoll(
  db: Executor,
  performerId: string,
  question: string,
  endAt: Date | null,
  options: string[],
) {
  const [poll] = await db.insert(feedPolls).values({ id: newId(), performerId, question, endAt }).returning();
  const opts = await db
    .insert(feedPollOptions)
    .values(options.map((description, position) => ({ id: newId(), pollId: poll.id, description, position })))
    .returning();
  return { poll, options: opts };
}

export async function findPoll(db: Executor, id: string) {
  const [row] = await db.select().from(feedPolls).where(eq(feedPolls.id, id)).limit(1);
  return row ?? null;
}

export async function findPollOption(db: Executor, id: string) {
  const [row] = await db.select().from(feedPollOptions).where(eq(feedPollOptions.id, id)).limit(1);
  return row ?? null;
}

export async function feedUsingPoll(db: Executor, pollId: string) {
  const [row] = await db.select({ id: feeds.id }).from(feeds).where(eq(feeds.pollId, pollId)).limit(1);
  return row?.id ?? null;
}

export async function pollsWithOptions(db: Executor, pollIds: string[]) {
  if (pollIds.length === 0) return { polls: [], options: [] };
  const [polls, options] = await Promise.all([
    db.select().from(feedPolls).where(inArray(feedPolls.id, pollIds)),
    db
      .select()
      .from(feedPollOptions)
      .where(inArray(feedPollOptions.pollId, pollIds))
      .orderBy(asc(feedPollOptions.pollId), asc(feedPollOptions.position)),
  ]);
  return { polls, options };
}

export async function votesOf(db: Executor, userId: string, pollIds: string[]): Promise<Map<string, string>> {
  if (pollIds.length === 0) return new Map();
  const rows = await db
    .select({ pollId: feedPollVotes.pollId, optionId: feedPollVotes.optionId })
    .from(feedPollVotes)
    .where(and(eq(feedPollVotes.userId, userId), inArray(feedPollVotes.pollId, pollIds)));
  return new Map(rows.map((r) => [r.pollId, r.optionId]));
}

/** Inserts the vote unless the fan already voted; returns false when a vote existed. */
export async function insertVote(db: Executor, pollId: string, optionId: string, userId: string): Promise<boolean> {
  const inserted = await db
    .insert(feedPollVotes)
    .values({ pollId, optionId, userId })
    .onConflictDoNothing()
    .returning({ pollId: feedPollVotes.pollId });
  if (inserted.length === 0) return false;
  await db
    .update(feedPollOptions)
    .set({ votes: sql`${feedPollOptions.votes} + 1` })
    .where(eq(feedPollOptions.id, optionId));
  await db
    .update(feedPolls)
    .set({ totalVotes: sql`${feedPolls.totalVotes} + 1` })
    .where(eq(feedPolls.id, pollId));
  return true;
}
