import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { assertNotBlocked, type ViewerLocation } from '../blocks';
import { activeSubscriberIds } from '../entitlements';
import { presentCard, resolveCreator } from '../profiles';
import { avatarUrl } from '../users';
import { addFollow, followerIds, followersCount, listFollowers, listFollowing, removeFollow } from './follows.repo';

interface Viewer {
  id: string;
  role: string;
}

/** Follows a creator (free). Idempotent; a blocked fan gets 403; nobody follows themselves. */
export async function follow(ctx: Pick<Ctx, 'db'>, viewer: Viewer, idOrUsername: string, ip?: ViewerLocation) {
  const creator = await resolveCreator(ctx, idOrUsername);
  if (creator.id === viewer.id) throw badRequest(msg('error.follows.cannotFollowSelf'), 'CANNOT_FOLLOW_SELF');
  await assertNotBlocked(ctx, creator.id, viewer.id, ip);
  await ctx.db.transaction((tx) => addFollow(tx, viewer.id, creator.id));
  return { isFollowed: true, followers: await followersCount(ctx.db, creator.id) };
}

export async function unfollow(ctx: Pick<Ctx, 'db'>, viewer: Viewer, idOrUsername: string) {
  const creator = await resolveCreator(ctx, idOrUsername);
  await ctx.db.transaction((tx) => removeFollow(tx, viewer.id, creator.id));
  return { isFollowed: false, followers: await followersCount(ctx.db, creator.id) };
}

/** Inside another use case's transaction (a creator blocking a fan ends the follow). */
export function removeFollowTx(tx: Executor, followerId: string, creatorId: string) {
  return removeFollow(tx, followerId, creatorId);
}

export async function myFollowers(ctx: Pick<Ctx, 'db'>, creatorId: string, page: { page: number; pageSize: number }) {
  const { rows, total } = await listFollowers(ctx.db, creatorId, {
    limit: page.pageSize,
    offset: (page.page - 1) * page.pageSize,
  });
  return {
    data: rows.map((r) => ({
      _id: r.id,
      username: r.username,
      name: r.name,
      avatar: avatarUrl(r),
      followedAt: r.followedAt.toISOString(),
    })),
    total,
  };
}

export async function myFollowing(
  ctx: Pick<Ctx, 'db' | 'settings'>,
  viewer: Viewer,
  page: { page: number; pageSize: number },
) {
  // Rows and total from one query: a followed creator who is not listed (unverified, suspended,
  // blocking the viewer) is neither shown nor counted.
  const { rows, total } = await listFollowing(
    ctx.db,
    viewer.id,
    { viewerId: viewer.id },
    { limit: page.pageSize, offset: (page.page - 1) * page.pageSize },
  );
  const opts = { freeSubscriptionsAllowed: await ctx.settings.get('freeSubscriptionEnabled') };
  return { data: rows.map((r) => presentCard(r, opts)), total };
}

/** Who hears of a creator's news (a new post, going live): followers and active subscribers, not the creator. */
export async function creatorAudience(ctx: Pick<Ctx, 'db' | 'now'>, creatorId: string): Promise<string[]> {
  const [followers, subscribers] = await Promise.all([
    followerIds(ctx.db, creatorId),
    activeSubscriberIds(ctx.db, creatorId, ctx.now()),
  ]);
  return [...new Set([...followers, ...subscribers])].filter((id) => id !== creatorId);
}
