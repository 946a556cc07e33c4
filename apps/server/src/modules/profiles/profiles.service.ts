import type { PerformerCard, PerformerPublic, PerformerSearchQuery, TrendingPost } from '@marquee/shared';
import type { Ctx } from '../../context';
import { notFound } from '../../lib/errors';
import { assertNotBlockedBy, type ViewerLocation, viewerCountryForDiscovery } from '../blocks';
import { subscriptionAccess } from '../entitlements';
import { listReactionTargets, trendingObjects } from '../reactions';
import { canSeeInactiveProfiles } from './profiles.policy';
import { presentCard, presentProfile } from './profiles.presenter';
import {
  cardsByIds,
  findProfile,
  idRange,
  type ListScope,
  randomPerformers,
  resetSearchCountCache,
  type SearchSort,
  searchPerformers,
  sitemapPage,
  topPerformers,
  trendingCreatorIds,
} from './profiles.repo';

/** Kept here for the modules that act on a creator; the one lookup lives in performers/creator-lookup.ts. */
export { resolveCreator } from '../performers';

export interface ProfileViewerInput {
  id: string;
  role: string;
}

async function presentOptions(ctx: Pick<Ctx, 'settings'>) {
  return { freeSubscriptionsAllowed: await ctx.settings.get('freeSubscriptionEnabled') };
}

async function scopeFor(
  ctx: Pick<Ctx, 'db'>,
  viewer: ProfileViewerInput | null,
  ip?: ViewerLocation,
): Promise<ListScope> {
  return { viewerId: viewer?.id ?? null, country: await viewerCountryForDiscovery(ctx, ip) };
}

/**
 * A creator's public profile as this viewer may see it, by id or username.
 * 404 when there is no such creator (or the account is suspended, except for
 * admins); 403 when the creator blocked the viewer's account or country.
 */
export async function getPerformerPublic(
  ctx: Pick<Ctx, 'db' | 'settings' | 'now'>,
  idOrUsername: string,
  viewer: ProfileViewerInput | null,
  ip?: ViewerLocation,
): Promise<PerformerPublic> {
  const at = ctx.now();
  const facts = await findProfile(ctx.db, idOrUsername, viewer?.id ?? null, at);
  const isAdmin = canSeeInactiveProfiles(viewer);
  const isOwner = Boolean(viewer && facts && viewer.id === facts.user.id);
  if (facts?.user.role !== 'performer' || (facts.user.status !== 'active' && !isAdmin && !isOwner)) {
    throw notFound('Creator');
  }
  await assertNotBlockedBy(
    {
      userBlocked: Boolean(facts.userBlocked),
      viewerIsAdmin: Boolean(facts.viewerIsAdmin),
      countries: facts.countries ?? [],
    },
    facts.user.id,
    viewer?.id ?? null,
    ip,
  );
  const sub = viewer && !isOwner ? await subscriptionAccess(ctx.db, viewer.id, facts.user.id, at) : null;
  return presentProfile(
    facts,
    { isOwner, isAdmin, isSubscribed: Boolean(sub?.active), subscribedUntil: sub?.active ? sub.expiresAt : null },
    await presentOptions(ctx),
  );
}

const SORT_ALIASES: Record<string, SearchSort> = { updatedAt: 'popular' };

export async function searchCreators(
  ctx: Pick<Ctx, 'db' | 'settings'>,
  query: PerformerSearchQuery & { sortDirection?: 'asc' | 'desc' },
  viewer: ProfileViewerInput | null,
  ip?: ViewerLocation,
): Promise<{ data: PerformerCard[]; total: number }> {
  const opts = await presentOptions(ctx);
  if (query.isFreeSubscription && !opts.freeSubscriptionsAllowed) return { data: [], total: 0 };
  const terms = (query.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
  const requested = SORT_ALIASES[query.sortBy] ?? (query.sortBy as SearchSort);
  const sort: SearchSort = requested === 'relevance' && terms.length === 0 ? 'popular' : requested;
  const { rows, total } = await searchPerformers(
    ctx.db,
    { ...query, terms },
    sort,
    query.sortDirection,
    await scopeFor(ctx, viewer, ip),
    { limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
  );
  return { data: rows.map((r) => presentCard(r, opts)), total };
}

let topCache: { at: number; rows: Awaited<ReturnType<typeof topPerformers>> } | null = null;
const TOP_CACHE_MS = 60_000;
const TOP_POOL = 60;

/** Most followed creators. The unscoped top list is cached a minute; blocked ones are then filtered per viewer. */
export async function topCreators(
  ctx: Pick<Ctx, 'db' | 'settings'>,
  limit: number,
  viewer: ProfileViewerInput | null,
  ip?: ViewerLocation,
) {
  const opts = await presentOptions(ctx);
  const scope = await scopeFor(ctx, viewer, ip);
  if (scope.viewerId || scope.country) {
    return (await topPerformers(ctx.db, limit, scope)).map((r) => presentCard(r, opts));
  }
  if (!topCache || Date.now() - topCache.at > TOP_CACHE_MS) {
    topCache = { at: Date.now(), rows: await topPerformers(ctx.db, TOP_POOL) };
  }
  return topCache.rows.slice(0, limit).map((r) => presentCard(r, opts));
}

export async function randomCreators(
  ctx: Pick<Ctx, 'db' | 'settings'>,
  limit: number,
  viewer: ProfileViewerInput | null,
  ip?: ViewerLocation,
) {
  const { min, max } = await idRange(ctx.db);
  if (!min || !max) return [];
  const rows = await randomPerformers(ctx.db, limit, randomUuidBetween(min, max), await scopeFor(ctx, viewer, ip));
  const opts = await presentOptions(ctx);
  return shuffle(rows).map((r) => presentCard(r, opts));
}

function randomUuidBetween(min: string, max: string): string {
  const lo = BigInt(`0x${min.replace(/-/g, '')}`);
  const hi = BigInt(`0x${max.replace(/-/g, '')}`);
  const span = hi - lo;
  const r = span > 0n ? lo + (BigInt(Math.floor(Math.random() * 2 ** 52)) * span) / 2n ** 52n : lo;
  const hex = r.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

export const TRENDING_WINDOW_DAYS = 7;
const TRENDING_CACHE_MS = 5 * 60_000;
let trendingCache: {
  at: number;
  creatorIds: string[];
  posts: Array<{ type: string; _id: string; score: number }>;
  computedAt: string;
  anonymousRows?: Awaited<ReturnType<typeof cardsByIds>>;
} | null = null;

/** Forget cached discovery lists (tests, admin changes). */
export function resetDiscoveryCaches() {
  topCache = null;
  trendingCache = null;
  resetSearchCountCache();
}

/**
 * Trending creators (most new followers in the last 7 days, topped up with the
 * most followed) and trending posts (most likes in the window, across content
 * types registered with reactions). Computed from range scans on the
 * created_at indexes of follows and reactions and cached for five minutes, so
 * the cost does not grow with the number of creators.
 */
export async function trending(
  ctx: Pick<Ctx, 'db' | 'settings' | 'now'>,
  limit: number,
  viewer: ProfileViewerInput | null,
  ip?: ViewerLocation,
) {
  if (!trendingCache || Date.now() - trendingCache.at > TRENDING_CACHE_MS) {
    const since = new Date(ctx.now().getTime() - TRENDING_WINDOW_DAYS * 86_400_000);
    const [recent, top, posts] = await Promise.all([
      trendingCreatorIds(ctx.db, since, 48),
      topPerformers(ctx.db, 48),
      trendingObjects(ctx, since, 24),
    ]);
    const ids = [...new Set([...recent.map((r) => r.id), ...top.map((r) => r.id)])];
    trendingCache = { at: Date.now(), creatorIds: ids, posts, computedAt: ctx.now().toISOString() };
  }
  const cache = trendingCache;
  const opts = await presentOptions(ctx);
  const scope = await scopeFor(ctx, viewer, ip);
  // Visitors all see the same list: keep its rows with the cache; signed-in viewers get theirs filtered.
  if (!scope.viewerId && !scope.country) cache.anonymousRows ??= await cardsByIds(ctx.db, cache.creatorIds);
  const rows =
    !scope.viewerId && !scope.country ? cache.anonymousRows! : await cardsByIds(ctx.db, cache.creatorIds, scope);
  const creators = rows.slice(0, limit).map((r) => presentCard(r, opts));
  const posts: TrendingPost[] = [];
  for (const target of listReactionTargets()) {
    const mine = cache.posts.filter((p) => p.type === target.objectType);
    if (mine.length === 0 || !target.present) continue;
    const items = await target.present(
      ctx,
      viewer,
      mine.map((p) => p._id),
    );
    const byId = new Map(items.map((i) => [i._id, i]));
    for (const p of mine) {
      const item = byId.get(p._id);
      // The registry's present() is untyped; the route's response schema checks each item against its type.
      if (item) posts.push({ ...p, item } as TrendingPost);
    }
  }
  posts.sort((a, b) => b.score - a.score);
  return { performers: creators, posts: posts.slice(0, limit), computedAt: cache.computedAt };
}

export async function performerSitemap(ctx: Pick<Ctx, 'db'>, page: number, pageSize: number) {
  const { rows, total } = await sitemapPage(ctx.db, pageSize, (page - 1) * pageSize);
  return {
    data: rows.map((r) => ({ path: `/${r.username}`, updatedAt: r.updatedAt.toISOString() })),
    total,
  };
}

/** Repo functions other modules may call (through this module's index.ts). */
export { cardColumns, type ListScope, scoped } from './profiles.repo';
