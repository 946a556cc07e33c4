import {
  type ContentItem,
  type ContentListQuery,
  type ContentUpdate,
  type ContentVisibility,
  type ContentWrite,
  type ListResponse,
  toCents,
} from '@marquee/shared';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import type { ContentItemRow, NewContentItemRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { assertNotBlocked, type ViewerLocation, viewerCountryForDiscovery } from '../blocks';
import type { Viewer } from '../entitlements';
import { assertCanSell, findCreatorByIdOrUsername } from '../performers';
import { gateNewItem } from '../review';
import { assertPrice } from '../settings';
import { findUserById } from '../users';
import type { ContentKind, MediaSlot } from './content.kinds';
import { assertOwnMedia, dropMedia } from './content.media';
import { assertCanManage, canListAnyCreator, isListedFor } from './content.policy';
import { presentItem, presentItems } from './content.presenter';
import * as repo from './content.repo';

const SLOT_COLUMN = { video: 'videoId', teaser: 'teaserId', thumbnail: 'thumbnailId', file: 'fileId' } as const;
const SLOT_NAME: Record<MediaSlot, string> = {
  video: 'video file',
  teaser: 'teaser',
  thumbnail: 'thumbnail',
  file: 'file',
};
/** Every file of an item (its slots and images), for the publication gate's consent check. */
function mediaOf(row: {
  videoId?: string | null;
  teaserId?: string | null;
  thumbnailId?: string | null;
  fileId?: string | null;
  coverPhotoId?: string | null;
  imageIds?: string[];
}) {
  return [row.videoId, row.teaserId, row.thumbnailId, row.fileId, row.coverPhotoId, ...(row.imageIds ?? [])];
}

export function slugify(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'item'}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A write that puts the item on sale: a new sale item, or a sale or rent price set or changed (earning policy). */
function putsOnSale(set: Partial<NewContentItemRow>, existing: ContentItemRow | null): boolean {
  if (set.visibility !== 'sale') return false;
  if (existing?.visibility !== 'sale') return true;
  const rentChanged = set.rentPriceCents !== undefined && set.rentPriceCents !== existing.rentPriceCents;
  return set.priceCents !== existing.priceCents || (rentChanged && set.rentPriceCents !== null);
}

/**
 * The shared rules of every type, applied to the item as it will be after the
 * change: visibility allowed for the type, a for-sale price > 0 within limits,
 * rent only for rentable for-sale items, a seller who may sell (earning
 * policy), media the creator owns, product
 * stock and shipping, and what an active item must have.
 */
async function resolveChanges(
  ctx: Ctx,
  kind: ContentKind,
  ownerId: string,
  input: ContentUpdate,
  existing: ContentItemRow | null,
): Promise<Partial<NewContentItemRow>> {
  const set: Partial<NewContentItemRow> = {};
  if (input.title !== undefined) set.title = input.title;
  if (input.description !== undefined) set.description = input.description;
  if (input.tags !== undefined) set.tags = input.tags;
  if (input.status !== undefined) set.status = input.status;
  if (input.publishedAt !== undefined) set.publishedAt = input.publishedAt;

  // visibility and price
  let visibility: ContentVisibility =
    input.visibility ??
    (input.isSale === true ? 'sale' : undefined) ??
    (input.isSale === false && existing?.visibility === 'sale' ? 'subscribers' : undefined) ??
    existing?.visibility ??
    kind.defaultVisibility;
  if (input.isSale === false && visibility === 'sale') visibility = 'subscribers';
  if (!kind.visibilities.includes(visibility)) {
    throw badRequest(`A ${kind.label.toLowerCase()} can be ${kind.visibilities.join(' or ')}`, 'INVALID_VISIBILITY', [
      { field: 'visibility', message: `must be ${kind.visibilities.join(' or ')}` },
    ]);
  }
  set.visibility = visibility;
  if (visibility === 'sale') {
    const price = input.price ?? (existing ? existing.priceCents / 100 : undefined);
    if (price === undefined || price <= 0) {
      throw badRequest(msg('error.content.priceRequired'), 'PRICE_REQUIRED', [
        { field: 'price', message: 'required for sale' },
      ]);
    }
    set.priceCents = await assertPrice(ctx, price, { label: 'Price', code: 'INVALID_PRICE' });
  } else {
    set.priceCents = 0;
  }

  // rent (scenes, scenarios)
  if (kind.rentable) {
    if (input.rentPrice !== undefined)
      set.rentPriceCents = input.rentPrice
        ? await assertPrice(ctx, input.rentPrice, { label: 'Rent price', field: 'rentPrice', code: 'INVALID_PRICE' })
        : null;
    if (input.rentDays !== undefined) set.rentDays = input.rentDays;
    const rentPrice = set.rentPriceCents !== undefined ? set.rentPriceCents : (existing?.rentPriceCents ?? null);
    const rentDays = set.rentDays !== undefined ? set.rentDays : (existing?.rentDays ?? null);
    if (rentPrice !== null) {
      if (visibility !== 'sale') throw badRequest(msg('error.content.rentNotForSale'), 'RENT_NOT_FOR_SALE');
      if (!rentDays) {
        throw badRequest(msg('error.content.rentDaysRequired'), 'RENT_DAYS_REQUIRED', [
          { field: 'rentDays', message: 'required' },
        ]);
      }
    }
  } else if (input.rentPrice || input.rentDays) {
    throw badRequest(`A ${kind.label.toLowerCase()} cannot be rented`, 'NOT_RENTABLE');
  }
  if (putsOnSale(set, existing)) await assertCanSell(ctx.db, ownerId, ctx.now());

  if (kind.categories && input.categoryId !== undefined) {
    if (input.categoryId) {
      const [cat] = await repo.findCategories(ctx.db, [input.categoryId]);
      if (!cat)
        throw badRequest(msg('error.content.categoryNotFound'), 'CATEGORY_NOT_FOUND', [
          { field: 'categoryId', message: 'unknown' },
        ]);
    }
    set.categoryId = input.categoryId ?? null;
  }

  if (kind.type === 'video' && input.participantIds !== undefined) {
    for (const id of input.participantIds) {
      const u = await findUserById(ctx.db, id);
      if (u?.role !== 'performer') throw badRequest(msg('error.content.participantsCreators'), 'INVALID_PARTICIPANT');
    }
    set.participantIds = input.participantIds;
  }

  // media slots
  const refs: Parameters<typeof assertOwnMedia>[2] = [];
  for (const slot of Object.keys(SLOT_COLUMN) as MediaSlot[]) {
    const value = input[`${slot}Id` as const];
    if (value === undefined) continue;
    const kinds = kind.slots[slot];
    if (!kinds) {
      if (value) throw badRequest(`A ${kind.label.toLowerCase()} has no ${SLOT_NAME[slot]}`, 'INVALID_MEDIA_SLOT');
      continue;
    }
    if (value) refs.push({ id: value, kinds, what: SLOT_NAME[slot] });
    set[SLOT_COLUMN[slot]] = value ?? null;
  }
  if (input.imageIds !== undefined) {
    if (!kind.images) throw badRequest(`A ${kind.label.toLowerCase()} has no image list`, 'INVALID_MEDIA_SLOT');
    for (const id of input.imageIds) refs.push({ id, kinds: ['photo'], what: 'image' });
    set.imageIds = input.imageIds;
  }
  await assertOwnMedia(ctx, ownerId, refs);

  // products
  if (kind.type === 'product') {
    const productType = input.productType ?? existing?.productType ?? 'physical';
    set.productType = productType;
    if (productType === 'physical') {
      const stock = input.stock !== undefined ? input.stock : (existing?.stock ?? null);
      if (stock === null)
        throw badRequest(msg('error.content.stockRequired'), 'STOCK_REQUIRED', [
          { field: 'stock', message: 'required' },
        ]);
      set.stock = stock;
      if (input.shippingFee !== undefined)
        set.shippingFeeCents = input.shippingFee === null ? 0 : toCents(input.shippingFee);
      else if (!existing || existing.shippingFeeCents === null) set.shippingFeeCents = 0;
    } else {
      set.stock = null;
      set.shippingFeeCents = null;
    }
  }

  // what an active item needs
  const status = set.status ?? existing?.status ?? 'active';
  if (status === 'active') {
    for (const slot of kind.requiredToPublish) {
      const col = SLOT_COLUMN[slot];
      const value = set[col] !== undefined ? set[col] : existing?.[col];
      if (!value)
        throw badRequest(`Upload a ${SLOT_NAME[slot]} before publishing`, 'MEDIA_REQUIRED', [
          { field: `${slot}Id`, message: 'required' },
        ]);
    }
    if (kind.type === 'product' && set.productType === 'digital') {
      const file = set.fileId !== undefined ? set.fileId : existing?.fileId;
      if (!file)
        throw badRequest(msg('error.content.downloadFileRequired'), 'MEDIA_REQUIRED', [
          { field: 'fileId', message: 'required' },
        ]);
    }
    const publishedAt = set.publishedAt !== undefined ? set.publishedAt : existing?.publishedAt;
    if (!publishedAt) set.publishedAt = ctx.now();
  }
  return set;
}

export async function createItem(
  ctx: Ctx,
  kind: ContentKind,
  actor: Viewer,
  input: ContentWrite,
): Promise<ContentItem> {
  const changes = await resolveChanges(ctx, kind, actor.id, input, null);
  let slug = slugify(input.title);
  while (await repo.slugTaken(ctx.db, kind.type, slug)) slug = slugify(input.title);
  // Publishing (status active) goes through review when the setting asks for it (modules/review).
  const gate =
    changes.status === 'active'
      ? await gateNewItem(ctx, { objectType: kind.type, creatorId: actor.id, mediaIds: mediaOf(changes) })
      : null;
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertItem(tx, {
      ...changes,
      id: newId(),
      type: kind.type,
      creatorId: actor.id,
      slug,
      title: input.title,
      reviewState: gate?.reviewState ?? 'approved',
    });
    await gate?.submit(tx, created.id);
    return created;
  });
  return getOwnItem(ctx, kind, actor, row.id);
}

export async function updateItem(
  ctx: Ctx,
  kind: ContentKind,
  actor: Viewer,
  id: string,
  input: ContentUpdate,
): Promise<ContentItem> {
  // Checks read through ctx.db (media, categories), so they run before the write, not inside a transaction.
  const existing = assertCanManage(kind, actor, await repo.findItem(ctx.db, kind.type, id));
  const changes = await resolveChanges(ctx, kind, existing.creatorId, input, existing);
  const replaced: string[] = [];
  for (const col of Object.values(SLOT_COLUMN)) {
    const old = existing[col];
    if (changes[col] !== undefined && old && changes[col] !== old) replaced.push(old);
  }
  // Publishing a draft, or new files on a live item, goes through review again when the setting asks.
  const becomesActive = changes.status === 'active' && existing.status !== 'active';
  const mediaChanged = Object.values(SLOT_COLUMN).some(
    (col) => changes[col] !== undefined && changes[col] !== existing[col],
  );
  const finalActive = (changes.status ?? existing.status) === 'active';
  const gate =
    finalActive && (becomesActive || mediaChanged)
      ? await gateNewItem(ctx, {
          objectType: kind.type,
          creatorId: existing.creatorId,
          mediaIds: mediaOf({ ...existing, ...changes }),
          itemId: id,
        })
      : null;
  if (gate?.reviewState === 'pending') changes.reviewState = 'pending';
  await ctx.db.transaction(async (tx) => {
    await repo.updateItem(tx, id, changes);
    await gate?.submit(tx, id);
  });
  await dropMedia(ctx, replaced);
  return getOwnItem(ctx, kind, actor, id);
}

async function typedLock(tx: Parameters<typeof repo.lockItem>[0], kind: ContentKind, id: string) {
  const row = await repo.lockItem(tx, id);
  return row && row.type === kind.type ? row : null;
}

/** Deletes the item (photos cascade) and then its files. */
export async function deleteItem(ctx: Ctx, kind: ContentKind, actor: Viewer, id: string, extraMedia: string[] = []) {
  const row = assertCanManage(kind, actor, await repo.findItem(ctx.db, kind.type, id));
  await repo.deleteItem(ctx.db, row.id);
  await dropMedia(ctx, [row.videoId, row.teaserId, row.thumbnailId, row.fileId, ...row.imageIds, ...extraMedia]);
  return { success: true };
}

/** Detaches one file; an active item that needed it goes back to draft. */
export async function removeFile(ctx: Ctx, kind: ContentKind, actor: Viewer, id: string, slot: MediaSlot) {
  if (!kind.slots[slot])
    throw badRequest(`A ${kind.label.toLowerCase()} has no ${SLOT_NAME[slot]}`, 'INVALID_MEDIA_SLOT');
  const col = SLOT_COLUMN[slot];
  let removed: string | null = null;
  await ctx.db.transaction(async (tx) => {
    const row = assertCanManage(kind, actor, await typedLock(tx, kind, id));
    removed = row[col];
    const needed =
      kind.requiredToPublish.includes(slot) ||
      (kind.type === 'product' && slot === 'file' && row.productType === 'digital');
    await repo.updateItem(tx, id, {
      [col]: null,
      ...(needed && row.status === 'active' ? { status: 'draft' as const } : {}),
    });
  });
  await dropMedia(ctx, [removed]);
  return getOwnItem(ctx, kind, actor, id);
}

/** The creator's (or an admin's) view of one item: every field, unlocked. */
export async function getOwnItem(ctx: Ctx, kind: ContentKind, actor: Viewer, id: string): Promise<ContentItem> {
  const row = assertCanManage(kind, actor, await repo.findItem(ctx.db, kind.type, id));
  return presentItem(ctx, actor, row as repo.ItemWithPerformer);
}

/** A username or an id to a creator id (null when nobody matches). */
export async function resolvePerformerId(ctx: Ctx, idOrUsername: string): Promise<string | null> {
  return (await findCreatorByIdOrUsername(ctx.db, idOrUsername))?.id ?? null;
}

const pageOf = (q: ContentListQuery) => ({ page: q.page, pageSize: q.pageSize, sortBy: q.sortBy, sort: q.sort });
const filterOf = (kind: ContentKind, q: ContentListQuery): repo.ItemFilter => ({
  type: kind.type,
  tag: q.tag,
  q: q.q,
  visibility: q.isSale === true ? 'sale' : q.visibility,
  categoryId: kind.categories ? q.categoryId : undefined,
  productType: kind.type === 'product' ? q.productType : undefined,
});

/** The creator studio list: the creator's own items of any status. */
export async function listOwn(
  ctx: Ctx,
  kind: ContentKind,
  actor: Viewer,
  q: ContentListQuery,
): Promise<ListResponse<ContentItem>> {
  const creatorId = canListAnyCreator(actor) && q.performerId ? await resolvePerformerId(ctx, q.performerId) : actor.id;
  if (!creatorId) return { data: [], total: 0 };
  const { rows, total } = await repo.listItems(
    ctx.db,
    { ...filterOf(kind, q), creatorId, status: q.status },
    pageOf(q),
  );
  return { data: await presentItems(ctx, actor, rows), total };
}

/** The public catalogue (a profile tab when performerId is given): active, published items. */
export async function listPublic(
  ctx: Ctx,
  kind: ContentKind,
  viewer: Viewer | null,
  q: ContentListQuery,
  location?: ViewerLocation,
): Promise<ListResponse<ContentItem>> {
  let creatorId: string | undefined;
  if (q.performerId) {
    const resolved = await resolvePerformerId(ctx, q.performerId);
    if (!resolved) return { data: [], total: 0 };
    await assertNotBlocked(ctx, resolved, viewer?.id, location);
    creatorId = resolved;
  }
  const { rows, total } = await repo.listItems(
    ctx.db,
    {
      ...filterOf(kind, q),
      creatorId,
      publicOnly: { at: ctx.now() },
      // across creators: leave out those who blocked this fan or the fan's country
      hideBlockedFor: creatorId
        ? undefined
        : { viewerId: viewer?.id ?? null, country: await viewerCountryForDiscovery(ctx, location) },
    },
    pageOf(q),
  );
  return { data: await presentItems(ctx, viewer, rows), total };
}

/** One item for a fan (by id or slug); counts a view. */
export async function getPublic(
  ctx: Ctx,
  kind: ContentKind,
  viewer: Viewer | null,
  idOrSlug: string,
  location?: ViewerLocation,
): Promise<ContentItem> {
  const row = await findListedRow(ctx, kind, viewer, idOrSlug, location);
  if (viewer?.id !== row.creatorId) {
    await repo.bumpCounter(ctx.db, row.id, 'views', 1);
    row.views += 1;
  }
  return presentItem(ctx, viewer, row);
}

/** The row behind a public item, for modules that act on it (purchases, downloads, status). */
export async function findListedRow(
  ctx: Ctx,
  kind: ContentKind,
  viewer: Viewer | null,
  idOrSlug: string,
  location?: ViewerLocation,
) {
  const row = await repo.findItem(ctx.db, kind.type, idOrSlug);
  if (!row || !isListedFor(viewer, row, ctx.now())) throw notFound(kind.label);
  await assertNotBlocked(ctx, row.creatorId, viewer?.id, location);
  return row;
}

/** Repo functions other modules may call (through this module's index.ts). */
export { findItem, listCategories, sitemapItems } from './content.repo';
