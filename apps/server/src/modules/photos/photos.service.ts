import type { ListResponse, Photo } from '@marquee/shared';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import { isTakenDown } from '../../db/moderation';
import { badRequest, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { ownsOrAdmin } from '../../plugins/auth';
import { assertNotBlocked, type ViewerLocation } from '../blocks';
import { assertCanManage, dropMedia, findItem, KINDS, resolvePerformerId } from '../content';
import type { Viewer } from '../entitlements';
import { uploadFiles } from '../media';
import { gateNewItem } from '../review';
import { canManagePhoto, canSeeTakenDownPhotos } from './photos.policy';
import { presentPhotos } from './photos.presenter';
import * as repo from './photos.repo';

const gallery = KINDS.gallery;
export const MAX_PHOTOS_PER_UPLOAD = 50;

async function ownGallery(ctx: Ctx, actor: Viewer, galleryId: string | undefined) {
  if (!galleryId)
    throw badRequest(msg('error.photos.galleryRequired'), 'GALLERY_REQUIRED', [
      { field: 'galleryId', message: 'required' },
    ]);
  return assertCanManage(gallery, actor, await findItem(ctx.db, 'gallery', galleryId));
}

/**
 * Many photos at once (field `photo`) into one of the creator's galleries.
 * The gallery is checked before any byte is stored when it comes in the query
 * string; a galleryId sent as a form field is checked after (and the files dropped if wrong).
 */
export async function uploadPhotos(
  ctx: Ctx,
  actor: Viewer,
  req: FastifyRequest,
  galleryIdQuery?: string,
): Promise<ListResponse<Photo>> {
  if (galleryIdQuery) await ownGallery(ctx, actor, galleryIdQuery);
  const { media, fields } = await uploadFiles(ctx, req, {
    ownerId: actor.id,
    kinds: ['photo'],
    fieldNames: ['photo', 'photos', 'file'],
    maxFiles: MAX_PHOTOS_PER_UPLOAD,
  });
  const galleryId = galleryIdQuery ?? fields.galleryId;
  let g: Awaited<ReturnType<typeof ownGallery>>;
  try {
    g = await ownGallery(ctx, actor, galleryId);
  } catch (err) {
    await dropMedia(
      ctx,
      media.map((m) => m.id),
    );
    throw err;
  }
  // A photo added to a live, approved gallery waits for review on its own; in a draft or pending
  // gallery it is covered by the gallery's review (the queue shows the gallery's photos).
  const gate =
    g.status === 'active' && g.reviewState === 'approved'
      ? await gateNewItem(ctx, { objectType: 'photo', creatorId: g.creatorId, itemId: g.id })
      : null;
  const created = await ctx.db.transaction(async (tx) => {
    let position = await repo.nextPosition(tx, g.id);
    const rows = await repo.insertPhotos(
      tx,
      media.map((m) => ({
        id: newId(),
        galleryId: g.id,
        creatorId: g.creatorId,
        mediaId: m.id,
        title: fields.title ?? '',
        description: fields.description ?? '',
        position: position++,
        reviewState: gate?.reviewState ?? 'approved',
      })),
    );
    for (const row of rows) await gate?.submit(tx, row.id);
    await repo.refreshGallery(tx, g.id);
    return rows;
  });
  const fresh = (await findItem(ctx.db, 'gallery', g.id))!;
  const withGallery = created.map((p) => ({ ...p, gallery: fresh }));
  return { data: await presentPhotos(ctx, actor, withGallery), total: created.length };
}

async function ownPhoto(ctx: Ctx, actor: Viewer, id: string) {
  const photo = await repo.findPhoto(ctx.db, id);
  if (!photo || !canManagePhoto(actor, photo)) throw notFound('Photo');
  return photo;
}

export async function updatePhoto(
  ctx: Ctx,
  actor: Viewer,
  id: string,
  input: {
    title?: string;
    description?: string;
    status?: 'active' | 'inactive';
    position?: number;
    galleryId?: string;
  },
): Promise<Photo> {
  const photo = await ownPhoto(ctx, actor, id);
  if (input.galleryId && input.galleryId !== photo.galleryId) await ownGallery(ctx, actor, input.galleryId);
  await ctx.db.transaction(async (tx) => {
    await repo.updatePhoto(tx, id, input);
    await repo.refreshGallery(tx, photo.galleryId);
    if (input.galleryId && input.galleryId !== photo.galleryId) await repo.refreshGallery(tx, input.galleryId);
  });
  return (await presentPhotos(ctx, actor, [(await repo.findPhoto(ctx.db, id))!]))[0];
}

export async function deletePhoto(ctx: Ctx, actor: Viewer, id: string) {
  const photo = await ownPhoto(ctx, actor, id);
  await ctx.db.transaction(async (tx) => {
    await repo.deletePhoto(tx, id);
    await repo.refreshGallery(tx, photo.galleryId);
  });
  await dropMedia(ctx, [photo.mediaId]);
  return { success: true };
}

export async function setCover(ctx: Ctx, actor: Viewer, id: string): Promise<Photo> {
  const photo = await ownPhoto(ctx, actor, id);
  await repo.setCover(ctx.db, photo.galleryId, photo.id);
  return (await presentPhotos(ctx, actor, [(await repo.findPhoto(ctx.db, id))!]))[0];
}

export async function reorderPhotos(ctx: Ctx, actor: Viewer, galleryId: string, ids: string[]) {
  const g = await ownGallery(ctx, actor, galleryId);
  await ctx.db.transaction(async (tx) => repo.reorder(tx, g.id, ids));
  return listOwnPhotos(ctx, actor, { galleryId, page: 1, pageSize: 100, sortBy: 'position', sort: 'asc' });
}

type PhotoQuery = {
  galleryId?: string;
  performerId?: string;
  page: number;
  pageSize: number;
  sortBy: 'position' | 'createdAt' | 'updatedAt';
  sort: 'asc' | 'desc';
};

export async function listOwnPhotos(ctx: Ctx, actor: Viewer, q: PhotoQuery): Promise<ListResponse<Photo>> {
  const { rows, total } = await repo.listPhotos(ctx.db, { galleryId: q.galleryId, creatorId: actor.id }, q);
  return { data: await presentPhotos(ctx, actor, rows), total };
}

/** Photos fans may list (a gallery's, or a creator's across galleries); locked ones come blurred. */
export async function listPublicPhotos(
  ctx: Ctx,
  viewer: Viewer | null,
  q: PhotoQuery,
  location?: ViewerLocation,
): Promise<ListResponse<Photo>> {
  let creatorId: string | undefined;
  if (q.galleryId) {
    const g = await findItem(ctx.db, 'gallery', q.galleryId);
    if (!g || (isTakenDown(g) && !canSeeTakenDownPhotos(viewer))) throw notFound(gallery.label);
    creatorId = g.creatorId;
  } else if (q.performerId) {
    creatorId = (await resolvePerformerId(ctx, q.performerId)) ?? undefined;
    if (!creatorId) return { data: [], total: 0 };
  } else {
    throw badRequest(msg('error.photos.filterRequired'), 'FILTER_REQUIRED');
  }
  await assertNotBlocked(ctx, creatorId, viewer?.id, location);
  const isOwner = ownsOrAdmin(viewer, creatorId);
  const { rows, total } = await repo.listPhotos(
    ctx.db,
    {
      galleryId: q.galleryId,
      creatorId,
      publicAt: isOwner ? undefined : ctx.now(),
      hideTakenDown: !canSeeTakenDownPhotos(viewer),
    },
    q,
  );
  return { data: await presentPhotos(ctx, viewer, rows), total };
}

/** Repo functions other modules may call (through this module's index.ts). */
export { mediaIdsOfGallery } from './photos.repo';
