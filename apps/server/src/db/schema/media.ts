import { bigint, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Probe } from '../../lib/media/ffmpeg';
import { users } from './users';

/** One stored rendition of a media file (the original, a thumbnail, the web MP4, an HLS folder…). */
export interface MediaVariant {
  /** Storage key (a file, or for HLS the folder holding master.m3u8). */
  key: string;
  mime: string;
  size?: number;
  width?: number;
  height?: number;
}

/** Every uploaded file: photo, video, audio or document, whatever content it belongs to. */
export const media = pgTable(
  'media',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['photo', 'video', 'audio', 'document'] }).notNull(),
    visibility: text('visibility', { enum: ['public', 'protected', 'private'] })
      .notNull()
      .default('protected'),
    originalName: text('original_name').notNull().default(''),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Seconds. */
    duration: real('duration'),
    status: text('status', { enum: ['processing', 'ready', 'error'] })
      .notNull()
      .default('processing'),
    /** 0–100 while processing. */
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    /** Processing attempts so far (jobs retry; the last failure marks the file as error). */
    attempts: integer('attempts').notNull().default(0),
    /** Processing options chosen at upload (teaser, watermark text) and the upload's probe (videos). */
    options: jsonb('options')
      .$type<{ teaser?: boolean; watermark?: string | null; viewerMark?: boolean; probe?: Probe }>()
      .notNull()
      .default({}),
    variants: jsonb('variants').$type<Record<string, MediaVariant>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_owner_created_idx').on(t.ownerId, t.createdAt), index('media_status_idx').on(t.status)],
);

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;
