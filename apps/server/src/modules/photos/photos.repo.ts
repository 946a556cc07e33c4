import { and, asc, count, desc, eq, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { notTakenDown } from '../../db/moderation';
import { isPublished } from '../../db/review';
import { type ContentPhotoRow, contentItems, contentPhotos } from '../../db/schema';

export type PhotoWithGallery = ContentPhotoRow & {
  gallery: Pick<
    typeof contentItems.$inferSelect,
    'id' | 'creatorId' | 'visibility' | 'coverPhotoId' | 'status' | 'publishedAt'
  >;
};

const SORTS = {
  position: contentPhotos.position,
  createdAt: contentPhotos.createdAt,
  updatedAt: contentPhotos.updatedAt,
};

export interface PhotoFilter {
  galleryId?: string;
  creatorId?: string;
  /** Only photos fans may list: active photos of active, published galleries. */
  publicAt?: Date;
  /** Leave out photos (and galleries) an admin took down: everyone but admins. */
  hideTakenDown?: boolean;
}

export async function listPhotos(
  db: Executor,
  f: PhotoFilter,
  page: { page: number; pageSize: number; sortBy: keyof typeof SORTS; sort: 'asc' | 'desc' },
): Promise<{ rows: PhotoWithGallery[]; total: number }> {
  const conds: SQL[] = [];
  if (f.galleryId) conds.push(eq(contentPhotos.galleryId, f.galleryId));
  if (f.creatorId) conds.push(eq(contentPhotos.creatorId, f.creatorId));
  if (f.publicAt) {
    conds.push(eq(contentPhotos.status, 'active'), eq(contentItems.status, 'active'));
    conds.push(isNotNull(contentItems.publishedAt), lte(contentItems.publishedAt, f.publicAt));
    conds.push(isPublished(contentPhotos), isPublished(contentItems));
  }
  if (f.hideTakenDown) conds.push(notTakenDown(contentPhotos), notTakenDown(contentItems));
  const where = and(...conds);
  const dir = page.sort === 'asc' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ photo: contentPhotos, gallery: galleryCols })
      .from(contentPhotos)
      .innerJoin(contentItems, eq(contentItems.id, contentPhotos.galleryId))
      .where(where)
      .orderBy(dir(SORTS[page.sortBy]), asc(contentPhotos.createdAt), asc(contentPhotos.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ total: count() })
      .from(contentPhotos)
      .innerJoin(contentItems, eq(contentItems.id, contentPhotos.galleryId))
      .where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.photo, gallery: r.gallery })), total };
}

const galleryCols = {
  id: contentItems.id,
  creatorId: contentItems.creatorId,
  visibility: contentItems.visibility,
  coverPhotoId: contentItems.coverPhotoId,
  status: contentItems.status,
  publishedAt: contentItems.publishedAt,
};

export async function findPhoto(db: Executor, id: string): Promise<PhotoWithGallery | null> {
  const [r] = await db
    .select({ photo: contentPhotos, gallery: galleryCols })
    .from(contentPhotos)
    .innerJoin(contentItems, eq(contentItems.id, contentPhotos.galleryId))
    .where(eq(contentPhotos.id, id))
    .limit(1);
  return r ? { ...r.photo, gallery: r.gallery } : null;
}

export async function insertPhotos(db: Executor, rows: Array<typeof contentPhotos.$inferInsert>) {
  if (rows.length === 0) return [];
  return db.insert(contentPhotos).values(rows).returning();
}

export async function updatePhoto(db: Executor, id: string, set: Partial<typeof contentPhotos.$inferInsert>) {
  await db
    .update(contentPhotos)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(contentPhotos.id, id));
}

export async function deletePhoto(db: Executor, id: string) {
  await db.delete(contentPhotos).where(eq(contentPhotos.id, id));
}

export async function nextPosition(db: Executor, galleryId: string): Promise<number> {
  const [r] = await db
    .select({ max: sql<number>`coalesce(max(${contentPhotos.position}), -1)` })
    .from(contentPhotos)
    .where(eq(contentPhotos.galleryId, galleryId));
  return Number(r.max) + 1;
}

/** Keeps the gallery's photo count and cover in step with its photos. */
export async function refreshGallery(db: Executor, galleryId: string) {
  await db.execute(sql`
    update ${contentItems} g set
      num_photos = (select count(*) from ${contentPhotos} p where p.gallery_id = g.id and p.status = 'active'),
      cover_photo_id = coalesce(
        (select p.id from ${contentPhotos} p where p.id = g.cover_photo_id),
        (select p.id from ${contentPhotos} p where p.gallery_id = g.id order by p.position, p.created_at limit 1)),
      updated_at = now()
    where g.id = ${galleryId}`);
  await db.execute(sql`
    update ${contentItems} g set thumbnail_id = (select p.media_id from ${contentPhotos} p where p.id = g.cover_photo_id)
    where g.id = ${galleryId}`);
}

export async function setCover(db: Executor, galleryId: string, photoId: string) {
  await db
    .update(contentItems)
    .set({ coverPhotoId: photoId, updatedAt: sql`now()` })
    .where(eq(contentItems.id, galleryId));
  await refreshGallery(db, galleryId);
}

/** Positions follow the order of `ids` (photos of other galleries are ignored). */
export async function reorder(db: Executor, galleryId: string, ids: string[]) {
  for (const [i, id] of ids.entries()) {
    await db
      .update(contentPhotos)
      .set({ position: i, updatedAt: sql`now()` })
      .where(and(eq(contentPhotos.id, id), eq(contentPhotos.galleryId, galleryId)));
  }
}

export async function mediaIdsOfGallery(db: Executor, galleryId: string): Promise<string[]> {
  const rows = await db
    .select({ mediaId: contentPhotos.mediaId })
    .from(contentPhotos)
    .where(eq(contentPhotos.galleryId, galleryId));
  return rows.map((r) => r.mediaId);
}
