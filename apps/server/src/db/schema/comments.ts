import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { media } from './media';
import { takedownColumns } from './moderation';
import { users } from './users';

/**
 * Comments on any content (objectType 'feed', 'video', …) with one level of replies.
 * The commented object keeps its own exact count (through the comment target registry).
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey(),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    /** The creator who owns the commented object (may delete any comment on it). */
    creatorId: uuid('creator_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    text: text('text').notNull(),
    mediaId: uuid('media_id').references(() => media.id, { onDelete: 'set null' }),
    replyCount: integer('reply_count').notNull().default(0),
    ...takedownColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_object_idx').on(t.objectType, t.objectId, t.parentId, t.createdAt),
    index('comments_parent_idx').on(t.parentId, t.createdAt),
    index('comments_user_idx').on(t.userId),
  ],
);

export type CommentRow = typeof comments.$inferSelect;
