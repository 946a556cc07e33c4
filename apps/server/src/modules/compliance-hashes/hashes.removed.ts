import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { comments, contentItems, contentPhotos, feedFiles, feeds, stories } from '../../db/schema';
import { addRemovedContent } from './hashes.service';

const CONTENT_ITEM_TYPES = new Set(['video', 'gallery', 'product', 'reel', 'scene', 'scenario']);
const present = (ids: Array<string | null | undefined>) => ids.filter((x): x is string => Boolean(x) && isUuid(x!));

/** The media files a moderated item shows (the types of MODERATION_SOURCES). */
export async function mediaIdsOfItem(tx: Executor, type: string, id: string): Promise<string[]> {
  if (type === 'feed') {
    const files = await tx.select({ id: feedFiles.mediaId }).from(feedFiles).where(eq(feedFiles.feedId, id));
    const [f] = await tx.select({ t: feeds.teaserId, th: feeds.thumbnailId }).from(feeds).where(eq(feeds.id, id));
    return present([...files.map((x) => x.id), f?.t, f?.th]);
  }
  if (CONTENT_ITEM_TYPES.has(type)) {
    const [c] = await tx.select().from(contentItems).where(eq(contentItems.id, id));
    if (!c) return [];
    const photos =
      type === 'gallery'
        ? await tx.select({ id: contentPhotos.mediaId }).from(contentPhotos).where(eq(contentPhotos.galleryId, id))
        : [];
    return present([
      c.videoId,
      c.teaserId,
      c.thumbnailId,
      c.fileId,
      c.coverPhotoId,
      ...c.imageIds,
      ...photos.map((p) => p.id),
    ]);
  }
  if (type === 'photo') {
    const [p] = await tx.select({ id: contentPhotos.mediaId }).from(contentPhotos).where(eq(contentPhotos.id, id));
    return present([p?.id]);
  }
  if (type === 'story') {
    const [s] = await tx.select({ id: stories.mediaId }).from(stories).where(eq(stories.id, id));
    return present([s?.id]);
  }
  if (type === 'comment') {
    const [c] = await tx.select({ id: comments.mediaId }).from(comments).where(eq(comments.id, id));
    return present([c?.id]);
  }
  return [];
}

/** The takedown hook: the item's files go on the "removed by this site" list. */
export async function rememberRemovedItem(tx: Executor, at: Date, type: string, id: string): Promise<number> {
  return addRemovedContent(tx, at, await mediaIdsOfItem(tx, type, id), `${type} ${id}`);
}
