import type { Ctx } from '../../context';
import { deleteCommentsOf, registerCommentTarget } from '../comments';
import { access, type Viewer } from '../entitlements';
import { registerReactionTarget } from '../reactions';
import { registerPurchasable } from '../wallet';
import { presentFeeds } from './feeds.presenter';
import { bumpCounter, findFeed, findFeedsByIds, listedFeedExists } from './feeds.repo';
import { FEED_OBJECT, isLive, onFeedDeleted, protectable, viewableFeed } from './feeds.service';

/** Plugs posts into the modules that sell, comment on and react to content. */
export function registerFeedIntegrations(ctx: Ctx) {
  // POST /wallet/charges/feed/{id} sells pay-per-view posts.
  registerPurchasable('feed', async (tx, id) => {
    const f = await findFeed(tx, id);
    if (!f || !isLive(f, new Date())) return null;
    const title = f.text.trim().slice(0, 60) || 'Post';
    return {
      creatorId: f.performerId,
      title,
      priceCents: f.priceCents,
      forSale: f.visibility === 'sale' && f.priceCents > 0,
      objectType: FEED_OBJECT,
    };
  });

  registerCommentTarget(FEED_OBJECT, {
    async resolve(ctx, viewer, objectId, ip) {
      const feed = await viewableFeed(ctx, viewer, objectId, ip);
      const { canView } = await access(ctx.db, viewer, protectable(feed), ctx.now());
      return { creatorId: feed.performerId, canComment: Boolean(viewer) && canView };
    },
    onCount: (tx, objectId, delta) => bumpCounter(tx, objectId, 'commentCount', delta),
    link: (objectId) => `/post/${objectId}`,
  });

  onFeedDeleted('comments', (tx, feedId) => deleteCommentsOf(tx, FEED_OBJECT, feedId));

  // POST/DELETE /reactions on posts, GET /reactions/feeds/bookmark; like counts kept exact in the reaction's transaction.
  registerReactionTarget({
    objectType: FEED_OBJECT,
    plural: 'feeds',
    listedWhere: (objectId, viewer, at) => listedFeedExists(objectId, viewer?.id ?? null, at),
    async owners(c, ids) {
      const rows = await findFeedsByIds(c.db, ids);
      return new Map(rows.filter((f) => isLive(f, c.now())).map((f) => [f.id, f.performerId]));
    },
    async present(_c, viewer, ids) {
      const v = viewer ? { id: viewer.id, role: viewer.role as Viewer['role'] } : null;
      const rows = (await findFeedsByIds(ctx.db, ids)).filter((f) => isLive(f, ctx.now()) || f.performerId === v?.id);
      return presentFeeds(ctx, v, rows);
    },
    async onCountChange(tx, objectId, action, delta) {
      if (action === 'like') await bumpCounter(tx, objectId, 'likeCount', delta);
    },
  });
}
