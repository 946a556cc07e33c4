import type { Photo } from '@marquee/shared';
import type { Ctx } from '../../context';
import { loadMedia, present } from '../content';
import { accessMap, type Viewer } from '../entitlements';
import type { PhotoWithGallery } from './photos.repo';

/** Photos inherit their gallery's access: one entitlement query and one media query per page. */
export async function presentPhotos(ctx: Ctx, viewer: Viewer | null, rows: PhotoWithGallery[]): Promise<Photo[]> {
  if (rows.length === 0) return [];
  const galleries = [...new Map(rows.map((r) => [r.gallery.id, r.gallery])).values()];
  const [access, media] = await Promise.all([
    accessMap(
      ctx.db,
      viewer,
      galleries.map((g) => ({
        objectType: 'gallery',
        objectId: g.id,
        creatorId: g.creatorId,
        visibility: g.visibility,
      })),
      ctx.now(),
    ),
    loadMedia(
      ctx,
      rows.map((r) => r.mediaId),
    ),
  ]);
  return rows.map((r) => {
    const unlocked = access.get(r.galleryId)?.canView ?? false;
    return {
      _id: r.id,
      galleryId: r.galleryId,
      performerId: r.creatorId,
      title: r.title,
      description: r.description,
      position: r.position,
      status: r.status,
      isCover: r.gallery.coverPhotoId === r.id,
      unlocked,
      photo: present(ctx, media, r.mediaId, unlocked, viewer?.id ?? null),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
