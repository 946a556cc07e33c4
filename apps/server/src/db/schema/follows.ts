import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A fan follows a creator (free, no payment). One row per pair; performers.followers_count mirrors the count. */
export const follows = pgTable(
  'follows',
  {
    id: uuid('id').primaryKey(),
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follows_follower_creator_uq').on(t.followerId, t.creatorId),
    index('follows_creator_created_idx').on(t.creatorId, t.createdAt),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt),
    // Trending: recent follows, range-scanned by time.
    index('follows_created_idx').on(t.createdAt),
  ],
);

export type FollowRow = typeof follows.$inferSelect;
