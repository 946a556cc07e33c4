import { and, asc, count, desc, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { escapeLike } from '../../db/like';
import { entitlements, follows, performers, reactions, users } from '../../db/schema';
import { blockFactsColumns, notBlockedBy, notCountryBlocked } from '../blocks';
import { canEarnCondition } from '../performers';
import { profileStatsColumns } from './profiles.stats';

/** The columns a creator card needs (users + performers, one join). */
export const cardColumns = {
  id: users.id,
  username: users.username,
  avatarPath: users.avatarPath,
  coverPath: users.coverPath,
  displayName: performers.displayName,
  bio: performers.bio,
  country: performers.country,
  gender: performers.gender,
  verificationStatus: performers.verificationStatus,
  isOnline: performers.isOnline,
  isLive: performers.isLive,
  freeSubscriptionEnabled: performers.freeSubscriptionEnabled,
  monthlyPrice: performers.monthlyPrice,
  followersCount: performers.followersCount,
  lastActiveAt: performers.lastActiveAt,
  createdAt: performers.createdAt,
};
export type CardRow = {
  id: string;
  username: string | null;
  avatarPath: string | null;
  coverPath: string | null;
  displayName: string;
  bio: string;
  country: string | null;
  gender: string | null;
  verificationStatus: string;
  isOnline: boolean;
  isLive: boolean;
  freeSubscriptionEnabled: boolean;
  monthlyPrice: number;
  followersCount: number;
  lastActiveAt: Date | null;
  createdAt: Date;
};

/**
 * A creator who may appear publicly: an active performer account with a username
 * (`performers.listed`, kept by triggers on users and performers; the discovery indexes are partial on it).
 */
export const listable = eq(performers.listed, true);

/** Viewer scoping of discovery lists: creators who blocked the viewer's account or country are left out. */
export interface ListScope {
  viewerId?: string | null;
  country?: string | null;
}
/**
 * Which creators a list may show: listed, able to be paid (performers/earning-policy.ts,
 * docs/accounts.md) and not blocking the viewer. Discovery lists and the followed-creators list
 * put it in the WHERE of both their rows and their count.
 */
export const scoped = (scope: ListScope) =>
  and(
    listable,
    canEarnCondition(),
    notBlockedBy(performers.userId, scope.viewerId),
    notCountryBlocked(performers.userId, scope.country),
  );

export interface SearchFilters {
  terms: string[];
  gender?: string;
  country?: string;
  age?: string;
  bodyType?: string;
  ethnicity?: string;
  hair?: string;
  eyes?: string;
  sexualOrientation?: string;
  isFreeSubscription?: boolean;
  isLive?: boolean;
  verified?: boolean;
}
export type SearchSort = 'popular' | 'newest' | 'active' | 'alphabetical' | 'relevance';

export async function searchPerformers(
  db: Executor,
  f: SearchFilters,
  sort: SearchSort,
  direction: 'asc' | 'desc' | undefined,
  scope: ListScope,
  page: { limit: number; offset: number },
): Promise<{ rows: CardRow[]; total: number }> {
  const conds: Array<SQL | undefined> = [scoped(scope)];
  // Every word must appear in username, name or bio: LIKE on the trigram-indexed search_text.
  // Every condition is on performers (listed, filters, blocks by subquery), so counts need no join.
  for (const term of f.terms) conds.push(sql`${performers.searchText} like ${`%${escapeLike(term)}%`}`);
  if (f.gender) conds.push(eq(performers.gender, f.gender));
  if (f.country) conds.push(eq(performers.country, f.country));
  if (f.age) conds.push(eq(performers.age, f.age));
  if (f.bodyType) conds.push(eq(performers.bodyType, f.bodyType));
  if (f.ethnicity) conds.push(eq(performers.ethnicity, f.ethnicity));
  if (f.hair) conds.push(eq(performers.hair, f.hair));
  if (f.eyes) conds.push(eq(performers.eyes, f.eyes));
  if (f.sexualOrientation) conds.push(eq(performers.sexualOrientation, f.sexualOrientation));
  if (f.isFreeSubscription) conds.push(eq(performers.freeSubscriptionEnabled, true));
  if (f.isLive) conds.push(eq(performers.isLive, true));
  if (f.verified) conds.push(eq(performers.verificationStatus, 'verified'));
  const where = and(...conds);

  const total = await countMatches(db, where, JSON.stringify([f, scope.viewerId ?? null, scope.country ?? null]));
  if (total <= page.offset) return { rows: [], total };

  const dir = (natural: 'asc' | 'desc') => ((direction ?? natural) === 'asc' ? asc : desc);
  // Many matches: walk the sort's index and keep the matching rows (a page costs about page / share of matches).
  // Few matches: take them from the filter or trigram indexes and sort them; wrapping the sort columns in
  // expressions stops the planner from walking a sort index and testing every creator for a rare word.
  const walk = total >= WALK_MIN_MATCHES;
  const text = f.terms.length > 0;
  const followersCol = walk ? performers.followersCount : sql`(${performers.followersCount} + 0)`;
  const createdCol = walk ? performers.createdAt : sql`(${performers.createdAt} + interval '0 s')`;
  const nameCol = walk ? performers.displayName : sql`(${performers.displayName} || '')`;
  const order: SQL[] =
    sort === 'relevance' && text
      ? [sql`similarity(${performers.searchText}, ${f.terms.join(' ')}) desc`, desc(followersCol)]
      : sort === 'newest'
        ? [dir('desc')(createdCol), dir('desc')(performers.userId)]
        : sort === 'active'
          ? [sql`${performers.lastActiveAt} ${sql.raw((direction ?? 'desc') === 'asc' ? 'asc' : 'desc')} nulls last`]
          : sort === 'alphabetical'
            ? [dir('asc')(nameCol)]
            : [dir('desc')(followersCol), dir('desc')(performers.userId)];

  const rows = await db
    .select(cardColumns)
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(where)
    .orderBy(...order, asc(performers.userId))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total };
}

/** From this many matches on, a search walks the sort index instead of sorting every match. */
const WALK_MIN_MATCHES = 500;

/** Counts matches on performers alone (listed, filters, trigram): the users join is not needed. */
async function countMatches(db: Executor, where: SQL | undefined, key: string): Promise<number> {
  const cached = countCache.get(key);
  if (cached && Date.now() - cached.at < COUNT_CACHE_MS) return cached.total;
  const [{ n }] = await db.select({ n: count() }).from(performers).where(where);
  if (countCache.size >= COUNT_CACHE_MAX) countCache.clear();
  countCache.set(key, { at: Date.now(), total: Number(n) });
  return Number(n);
}

/**
 * Totals of a search are the expensive part (every match is counted); the next
 * pages of an infinite scroll and repeated searches reuse them for 30 seconds.
 */
const COUNT_CACHE_MS = 30_000;
const COUNT_CACHE_MAX = 2_000;
const countCache = new Map<string, { at: number; total: number }>();
export function resetSearchCountCache() {
  countCache.clear();
}

export async function topPerformers(db: Executor, limit: number, scope: ListScope = {}): Promise<CardRow[]> {
  return db
    .select(cardColumns)
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(scoped(scope))
    .orderBy(desc(performers.followersCount), desc(performers.userId))
    .limit(limit);
}

/** A random sample: start at a random point of the primary key (index seek), wrap around when short. */
export async function randomPerformers(
  db: Executor,
  limit: number,
  pivot: string,
  scope: ListScope,
): Promise<CardRow[]> {
  const base = () =>
    db
      .select(cardColumns)
      .from(performers)
      .innerJoin(users, eq(users.id, performers.userId))
      .orderBy(asc(performers.userId))
      .limit(limit);
  const after = await base().where(and(scoped(scope), gte(performers.userId, pivot)));
  if (after.length >= limit) return after;
  const before = await base().where(and(scoped(scope), sql`${performers.userId} < ${pivot}`));
  return [...after, ...before].slice(0, limit);
}

export async function idRange(db: Executor): Promise<{ min: string | null; max: string | null }> {
  // No min()/max() for uuid: two index seeks on the primary key instead.
  const result = (await db.execute(sql`select
    (select ${performers.userId}::text from ${performers} order by ${performers.userId} asc limit 1) as "min",
    (select ${performers.userId}::text from ${performers} order by ${performers.userId} desc limit 1) as "max"`)) as unknown as {
    rows: Array<{ min: string | null; max: string | null }>;
  };
  return result.rows[0] ?? { min: null, max: null };
}

export async function cardsByIds(db: Executor, ids: string[], scope: ListScope = {}): Promise<CardRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(cardColumns)
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(and(scoped(scope), inArray(performers.userId, ids)));
  const byId = new Map<string, CardRow>(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Creators with the most new followers since `since` (range scan on follows_created_idx). */
export async function trendingCreatorIds(
  db: Executor,
  since: Date,
  limit: number,
): Promise<Array<{ id: string; score: number }>> {
  const rows = await db
    .select({ id: follows.creatorId, score: count() })
    .from(follows)
    .where(gt(follows.createdAt, since))
    .groupBy(follows.creatorId)
    .orderBy(desc(count()))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
}

const NO_VIEWER = '00000000-0000-0000-0000-000000000000';

function profileQuery(db: Executor, by: 'id' | 'username') {
  const key = sql.placeholder('key');
  const viewer = sql.placeholder('viewer');
  const at = sql.placeholder('at');
  return db
    .select({
      user: {
        id: users.id,
        username: users.username,
        name: users.name,
        avatarPath: users.avatarPath,
        coverPath: users.coverPath,
        status: users.status,
        role: users.role,
        updatedAt: users.updatedAt,
      },
      performer: performers,
      isFollowed: sql<boolean>`exists(select 1 from ${follows} where ${follows.followerId} = ${viewer} and ${follows.creatorId} = ${users.id})`,
      isBookmarked: sql<boolean>`exists(select 1 from ${reactions} where ${reactions.userId} = ${viewer} and ${reactions.objectType} = 'performer' and ${reactions.objectId} = ${users.id} and ${reactions.action} = 'bookmark')`,
      ...profileStatsColumns(users.id, at),
      subscribers: sql<number>`(select count(*)::int from ${entitlements} where ${entitlements.objectType} = 'performer' and ${entitlements.objectId} = ${users.id} and ${entitlements.revokedAt} is null and (${entitlements.expiresAt} is null or ${entitlements.expiresAt} > ${at}))`,
      // What blocks.service needs to decide whether this viewer may see the creator (blockFactsColumns).
      ...blockFactsColumns(users.id, viewer),
    })
    .from(users)
    .innerJoin(performers, eq(performers.userId, users.id))
    .where(by === 'id' ? sql`${users.id} = ${key}::uuid` : sql`lower(${users.username}) = ${key}`)
    .limit(1)
    .prepare(`profile_by_${by}`);
}

type ProfileQuery = ReturnType<typeof profileQuery>;
const profileQueries = new WeakMap<Executor, Record<'id' | 'username', ProfileQuery>>();

/**
 * The full profile row with what the viewer needs to know (followed, bookmarked, blocked), its
 * stats and subscriber count, in one query; a prepared statement built once per database
 * (building this SQL was a tenth of the request's CPU, planning it most of the database's).
 */
export async function findProfile(db: Executor, idOrUsername: string, viewerId: string | null, at: Date) {
  let queries = profileQueries.get(db);
  if (!queries) {
    queries = { id: profileQuery(db, 'id'), username: profileQuery(db, 'username') };
    profileQueries.set(db, queries);
  }
  const byId = isUuid(idOrUsername);
  const [row] = await queries[byId ? 'id' : 'username'].execute({
    key: byId ? idOrUsername : idOrUsername.toLowerCase(),
    viewer: viewerId ?? NO_VIEWER,
    at: at.toISOString(),
  });
  return row ?? null;
}

/** Just enough to act on a creator (follow, block check): id and status, by id or username. */
export async function findCreatorRef(db: Executor, idOrUsername: string) {
  const match = isUuid(idOrUsername)
    ? eq(users.id, idOrUsername)
    : sql`lower(${users.username}) = ${idOrUsername.toLowerCase()}`;
  const [row] = await db
    .select({ id: users.id, username: users.username, status: users.status, displayName: performers.displayName })
    .from(users)
    .innerJoin(performers, eq(performers.userId, users.id))
    .where(match)
    .limit(1);
  return row ?? null;
}

/** Profile page metadata for server-rendered tags: only listable creators. */
export async function findSeoProfile(db: Executor, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      avatarPath: users.avatarPath,
      displayName: performers.displayName,
      bio: performers.bio,
    })
    .from(users)
    .innerJoin(performers, eq(performers.userId, users.id))
    .where(and(listable, sql`lower(${users.username}) = ${username.toLowerCase()}`))
    .limit(1);
  return row ?? null;
}

export async function sitemapPage(db: Executor, limit: number, offset: number) {
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({ username: users.username, updatedAt: performers.updatedAt })
      .from(performers)
      .innerJoin(users, eq(users.id, performers.userId))
      .where(listable)
      .orderBy(asc(performers.userId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(performers).innerJoin(users, eq(users.id, performers.userId)).where(listable),
  ]);
  return { rows, total: Number(n) };
}

export async function touchActivity(db: Executor, userId: string, at: Date) {
  await db.update(performers).set({ lastActiveAt: at }).where(eq(performers.userId, userId));
}
