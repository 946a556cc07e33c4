import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A leak case (issue 26 item 7): a copy of paid media found elsewhere, traced to the account it
 * was served to, with what was done about it. The DMCA notice is generated from it on demand.
 */
export const leakCases = pgTable('leak_cases', {
  id: uuid('id').primaryKey(),
  /** The original (marked) video on this site and its creator. */
  mediaId: uuid('media_id').notNull(),
  creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
  /** Where the copy was found (the host the DMCA notice goes to). */
  foundAtUrl: text('found_at_url').notNull(),
  /** The page of the original on this site, for the notice. */
  originalUrl: text('original_url').notNull(),
  viewerId: uuid('viewer_id').references(() => users.id, { onDelete: 'set null' }),
  segmentsRead: integer('segments_read').notNull(),
  mismatches: integer('mismatches'),
  status: text('status', { enum: ['open', 'closed'] })
    .notNull()
    .default('open'),
  viewerSuspendedAt: timestamp('viewer_suspended_at', { withTimezone: true }),
  notes: text('notes').notNull().default(''),
  createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type LeakCaseRow = typeof leakCases.$inferSelect;
