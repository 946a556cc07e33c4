import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Likes and bookmarks of any object (performer, feed, video, gallery, product, reel…).
 * One row per user, object and action.
 */
export const reactions = pgTable(
  'reactions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    action: text('action', { enum: ['like', 'bookmark'] }).notNull(),
    /** The creator who owns the object (the performer itself for performer bookmarks). */
    creatorId: uuid('creator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reactions_user_object_action_uq').on(t.userId, t.objectType, t.objectId, t.action),
    index('reactions_user_list_idx').on(t.userId, t.action, t.objectType, t.createdAt),
    index('reactions_object_idx').on(t.objectType, t.objectId, t.action),
    // Trending: recent likes, range-scanned by time.
    index('reactions_created_idx').on(t.createdAt),
  ],
);

export type ReactionRow = typeof reactions.$inferSelect;
