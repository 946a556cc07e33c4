import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { media } from './media';
import { takedownColumns } from './moderation';
import { reviewColumns } from './review';
import { users } from './users';

/**
 * A story lives 24 hours (expiresAt); the expiry job then archives it (expiredAt).
 * Highlights stay on the creator's profile after expiry.
 */
export const stories = pgTable(
  'stories',
  {
    id: uuid('id').primaryKey(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    backgroundColor: text('background_color'),
    visibility: text('visibility', { enum: ['free', 'subscribers'] })
      .notNull()
      .default('free'),
    isHighlight: boolean('is_highlight').notNull().default(false),
    highlightTitle: text('highlight_title'),
    viewCount: integer('view_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    expiredAt: timestamp('expired_at', { withTimezone: true }),
    ...takedownColumns(),
    ...reviewColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stories_performer_active_idx').on(t.performerId, t.expiresAt).where(sql`${t.expiredAt} is null`),
    index('stories_performer_highlight_idx').on(t.performerId, t.createdAt).where(sql`${t.isHighlight}`),
    index('stories_expiry_idx').on(t.expiresAt).where(sql`${t.expiredAt} is null`),
  ],
);

/** Which fan has seen which story. */
export const storyViews = pgTable(
  'story_views',
  {
    storyId: uuid('story_id')
      .notNull()
      .references(() => stories.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.storyId, t.userId] }), index('story_views_user_idx').on(t.userId)],
);

export type StoryRow = typeof stories.$inferSelect;
