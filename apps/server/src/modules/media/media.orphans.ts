import { type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context';
import {
  comments,
  contentItems,
  contentPhotos,
  feedFiles,
  feeds,
  massMessages,
  media,
  messageFiles,
  performers,
  stories,
  users,
} from '../../db/schema';
import { storageFor } from '../../lib/storage';

export const MEDIA_SWEEP_JOB = 'media.sweep-orphans';
/** Rows deleted per run at most (the hourly schedule catches up on the rest). */
const SWEEP_BATCH = 500;

const id = media.id;
const asKey = sql`'media:' || ${id}::text`;
/**
 * Foreign keys to media that describe the file rather than use it (deleted with it, by cascade):
 * they keep nothing alive, so the sweep ignores them.
 */
export const MEDIA_METADATA: readonly string[] = ['media_hashes.media_id'];

/** Ids kept in a jsonb array column, as rows (so the check is an anti-join, not a scan per file). */
const inJsonIds = (table: PgTable, col: SQL | { getSQL(): SQL }) =>
  sql`select 1 from ${table}, jsonb_array_elements_text(${col}) as ref(v) where ref.v = ${id}::text`;

/**
 * Every place a media id is kept. A new column that holds media ids must be
 * listed here, or its files would be swept after the grace period
 * (media.orphans.test.ts checks every foreign key to media is listed).
 * Each check is one equality so the planner makes the sweep a hash anti-join per table
 * (linear in the table sizes) rather than a scan of a table per media row.
 */
export const MEDIA_REFERENCES: Array<{ name: string; exists: SQL }> = [
  { name: 'feed_files.media_id', exists: sql`select 1 from ${feedFiles} where ${feedFiles.mediaId} = ${id}` },
  { name: 'feeds.teaser_id', exists: sql`select 1 from ${feeds} where ${feeds.teaserId} = ${id}` },
  { name: 'feeds.thumbnail_id', exists: sql`select 1 from ${feeds} where ${feeds.thumbnailId} = ${id}` },
  { name: 'message_files.media_id', exists: sql`select 1 from ${messageFiles} where ${messageFiles.mediaId} = ${id}` },
  { name: 'mass_messages.file_ids', exists: inJsonIds(massMessages, massMessages.fileIds) },
  { name: 'comments.media_id', exists: sql`select 1 from ${comments} where ${comments.mediaId} = ${id}` },
  { name: 'stories.media_id', exists: sql`select 1 from ${stories} where ${stories.mediaId} = ${id}` },
  ...(['videoId', 'teaserId', 'thumbnailId', 'fileId', 'coverPhotoId'] as const).map((col) => ({
    name: `content_items.${contentItems[col].name}`,
    exists: sql`select 1 from ${contentItems} where ${contentItems[col]} = ${id}`,
  })),
  { name: 'content_items.image_ids', exists: inJsonIds(contentItems, contentItems.imageIds) },
  {
    name: 'content_photos.media_id',
    exists: sql`select 1 from ${contentPhotos} where ${contentPhotos.mediaId} = ${id}`,
  },
  {
    name: 'performers.welcome_video_path',
    exists: sql`select 1 from ${performers} where ${performers.welcomeVideoPath} = ${asKey}`,
  },
  { name: 'users.avatar_path', exists: sql`select 1 from ${users} where ${users.avatarPath} = ${asKey}` },
  { name: 'users.cover_path', exists: sql`select 1 from ${users} where ${users.coverPath} = ${asKey}` },
];

export const unreferenced = sql.join(
  MEDIA_REFERENCES.map((r) => sql`not exists (${r.exists})`),
  sql` and `,
);

/**
 * Deletes media uploaded more than `orphanMediaHours` ago that no content
 * refers to (a post composed and abandoned, a cancelled message), with every
 * stored variant. The references are checked again by the DELETE itself, so a
 * file attached between the look-up and the delete stays. Returns how many went.
 */
export async function sweepOrphanMedia(ctx: Ctx): Promise<number> {
  const hours = await ctx.settings.get('orphanMediaHours');
  const cutoff = new Date(ctx.now().getTime() - hours * 3_600_000).toISOString();
  const result = (await ctx.db.execute(sql`
    delete from ${media} where ${media.id} in (
      select ${media.id} from ${media} where ${media.createdAt} < ${cutoff} and ${unreferenced} limit ${SWEEP_BATCH}
    ) and ${unreferenced}
    returning ${media.id} as id, ${media.ownerId} as owner_id`)) as unknown as {
    rows: Array<{ id: string; owner_id: string }>;
  };
  const storage = storageFor(ctx.config);
  for (const row of result.rows) {
    await storage
      .delete(`${row.owner_id}/${row.id}/`)
      .catch((err) => ctx.log.warn({ err, mediaId: row.id }, 'orphaned media bytes not deleted'));
  }
  return result.rows.length;
}
