import { type ContentItem, fromCents } from '@marquee/shared';
import type { Ctx } from '../../context';
import { type Access, accessMap, type Viewer } from '../entitlements';
import { profileMediaUrl } from '../users';
import { loadMedia, present } from './content.media';
import { findCategories, type ItemWithPerformer } from './content.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The entitlement question for an item: its type, creator and visibility. */
export const protectable = (row: Pick<ItemWithPerformer, 'type' | 'id' | 'creatorId' | 'visibility'>) => ({
  objectType: row.type,
  objectId: row.id,
  creatorId: row.creatorId,
  visibility: row.visibility,
});

/**
 * Rows to API JSON for one viewer, with three batched queries for the whole page
 * (entitlements, media, categories). The only place that decides what a viewer
 * sees: without access, media come as previews (blurred, teaser), never a URL.
 */
export async function presentItems(ctx: Ctx, viewer: Viewer | null, rows: ItemWithPerformer[]): Promise<ContentItem[]> {
  if (rows.length === 0) return [];
  const [access, media, categories] = await Promise.all([
    accessMap(ctx.db, viewer, rows.map(protectable), ctx.now()),
    loadMedia(
      ctx,
      rows.flatMap((r) => [r.videoId, r.teaserId, r.thumbnailId, r.fileId, ...r.imageIds]),
    ),
    findCategories(ctx.db, [...new Set(rows.map((r) => r.categoryId).filter((c): c is string => Boolean(c)))]),
  ]);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const viewerId = viewer?.id ?? null;
  return rows.map((r) => {
    const a = access.get(r.id) as Access;
    const unlocked = a.canView;
    // Product store images and a video's chosen poster are public previews; a gallery's cover is its content.
    const previewUnlocked = r.type === 'gallery' ? unlocked : true;
    const category = r.categoryId ? categoryById.get(r.categoryId) : undefined;
    const item: ContentItem = {
      _id: r.id,
      type: r.type,
      performerId: r.creatorId,
      performer: r.performer
        ? {
            _id: r.performer.id,
            username: r.performer.username,
            name: r.performer.name,
            avatar: profileMediaUrl(r.performer.avatarPath),
          }
        : undefined,
      slug: r.slug,
      title: r.title,
      description: r.description,
      tags: r.tags,
      status: r.status,
      takenDown: r.takenDownAt !== null,
      takedownReason: r.takedownReason,
      visibility: r.visibility,
      isSale: r.visibility === 'sale',
      price: fromCents(r.priceCents),
      publishedAt: iso(r.publishedAt),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      stats: { views: r.views, likes: r.likes, comments: r.comments, bookmarks: r.bookmarks, purchases: r.purchases },
      unlocked,
      isBought: a.isBought,
      isSubscribed: a.isSubscribed,
      accessExpiresAt: iso(a.expiresAt),
      thumbnail: present(ctx, media, r.thumbnailId, previewUnlocked, viewerId),
      teaser: present(ctx, media, r.teaserId, true, viewerId),
      video: present(ctx, media, r.videoId, unlocked, viewerId),
      // buyers fetch the file through the signed download link, never from the item
      file: present(ctx, media, r.fileId, false, viewerId),
      images: r.imageIds.map((id) => present(ctx, media, id, true, viewerId)).filter((m) => m !== null),
    };
    switch (r.type) {
      case 'gallery':
        item.numPhotos = r.numPhotos;
        item.coverPhotoId = r.coverPhotoId;
        break;
      case 'video':
      case 'reel': {
        const v = r.videoId ? media.get(r.videoId) : undefined;
        item.duration = v?.duration ?? null;
        item.participantIds = r.participantIds;
        break;
      }
      case 'scene':
      case 'scenario': {
        const v = r.videoId ? media.get(r.videoId) : undefined;
        item.duration = v?.duration ?? null;
        item.rentPrice = r.rentPriceCents === null ? null : fromCents(r.rentPriceCents);
        item.rentDays = r.rentDays;
        item.categoryId = r.categoryId;
        item.category = category ? { _id: category.id, name: category.name, slug: category.slug } : null;
        break;
      }
      case 'product':
        item.productType = r.productType ?? 'physical';
        item.stock = r.stock;
        item.shippingFee = r.shippingFeeCents === null ? null : fromCents(r.shippingFeeCents);
        break;
    }
    return item;
  });
}

export async function presentItem(ctx: Ctx, viewer: Viewer | null, row: ItemWithPerformer): Promise<ContentItem> {
  const [item] = await presentItems(ctx, viewer, [row]);
  return item;
}
