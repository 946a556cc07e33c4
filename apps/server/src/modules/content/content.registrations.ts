import type { Ctx } from '../../context';
import { notFound } from '../../lib/errors';
import { registerCommentTarget } from '../comments';
import { access } from '../entitlements';
import { registerReactionTarget } from '../reactions';
import { type PurchasableType, registerPurchasable } from '../wallet';
import type { ContentKind } from './content.kinds';
import { isListedFor } from './content.policy';
import { presentItems, protectable } from './content.presenter';
import * as repo from './content.repo';
import { findListedRow } from './content.service';

const PLURAL: Record<ContentKind['type'], string> = {
  gallery: 'galleries',
  video: 'videos',
  reel: 'reels',
  scene: 'scenes',
  scenario: 'scenarios',
  product: 'products',
};
const PURCHASABLE = new Set<string>(['video', 'gallery', 'product', 'scene', 'scenario']);

/**
 * Tells the generic modules about one catalogue type: the wallet (what it costs,
 * product stock), reactions (likes, bookmarks and their counts) and comments.
 */
export function registerKind(ctx: Ctx, kind: ContentKind) {
  if (PURCHASABLE.has(kind.type)) {
    registerPurchasable(
      kind.type as PurchasableType,
      async (tx, id, viewerId) => {
        const row = await repo.findItem(tx, kind.type, id);
        if (!row || !isListedFor({ id: viewerId, role: 'user' }, row, ctx.now())) return null;
        return {
          creatorId: row.creatorId,
          title: row.title,
          priceCents: row.priceCents,
          forSale: row.visibility === 'sale',
          rentPriceCents: kind.rentable ? row.rentPriceCents : null,
          rentDays: kind.rentable ? row.rentDays : null,
          isPhysical: kind.type === 'product' ? row.productType !== 'digital' : undefined,
          stock: kind.type === 'product' ? row.stock : undefined,
          shippingFeeCents: kind.type === 'product' ? row.shippingFeeCents : undefined,
          objectType: kind.type,
        };
      },
      kind.type === 'product'
        ? {
            takeStock: async (tx, id, quantity) => {
              const ok = await repo.takeStock(tx, id, quantity);
              if (ok) await repo.bumpCounter(tx, id, 'purchases', quantity);
              return ok;
            },
            restoreStock: async (tx, id, quantity) => {
              await repo.returnStock(tx, id, quantity);
              await repo.bumpCounter(tx, id, 'purchases', -quantity);
            },
          }
        : {},
    );
  }

  registerReactionTarget({
    objectType: kind.type,
    plural: PLURAL[kind.type],
    async owners(c, ids) {
      const rows = await repo.findItemsByIds(c.db, ids);
      return new Map(rows.filter((r) => r.type === kind.type).map((r) => [r.id, r.creatorId]));
    },
    // isListedFor in SQL, so a bookmark list counts only the items it shows
    listedWhere: (objectId, viewer, at) => repo.listedItemExists(objectId, kind.type, viewer, at),
    async present(_c, viewer, ids) {
      const rows = (await repo.findItemsByIds(ctx.db, ids)).filter(
        (r) => r.type === kind.type && isListedFor(viewer as never, r, ctx.now()),
      );
      return presentItems(
        ctx,
        viewer ? { id: viewer.id, role: viewer.role as 'user' } : null,
        rows.map((r) => ({ ...r, performer: null })),
      );
    },
    async onCountChange(tx, objectId, action, delta) {
      await repo.bumpCounter(tx, objectId, action === 'like' ? 'likes' : 'bookmarks', delta);
    },
  });

  registerCommentTarget(kind.type, {
    async resolve(c, viewer, objectId, ip) {
      const row = await findListedRow(c, kind, viewer, objectId, ip);
      const a = await access(c.db, viewer, protectable(row), c.now());
      if (!row) throw notFound(kind.label);
      return { creatorId: row.creatorId, canComment: a.canView };
    },
    async onCount(tx, objectId, delta) {
      await repo.bumpCounter(tx, objectId, 'comments', delta);
    },
  });
}
