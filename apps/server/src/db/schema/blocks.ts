import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A creator blocks a fan: the fan cannot see, follow, subscribe, message or join the creator's streams. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_blocks_creator_user_uq').on(t.creatorId, t.userId),
    index('user_blocks_user_idx').on(t.userId),
    index('user_blocks_creator_created_idx').on(t.creatorId, t.createdAt),
  ],
);

/** A creator hides their profile and content from visitors in these countries (ISO 3166-1 alpha-2). */
export const countryBlocks = pgTable(
  'country_blocks',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.countryCode] }), index('country_blocks_country_idx').on(t.countryCode)],
);

export type UserBlockRow = typeof userBlocks.$inferSelect;
