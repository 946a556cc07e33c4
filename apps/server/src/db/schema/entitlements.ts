import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * "May this viewer see this object?" Purchases, subscriptions, rents and grants
 * write rows here; every content type reads them. A subscription to a creator is
 * objectType 'performer' with objectId = the creator's user id.
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type').notNull(),
    objectId: uuid('object_id').notNull(),
    /** The creator who owns the object, for per-creator queries and revocation on block. */
    creatorId: uuid('creator_id').notNull(),
    source: text('source', { enum: ['purchase', 'rent', 'subscription', 'grant'] }).notNull(),
    /** Null = permanent. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** What created it (a wallet charge, a subscription, an admin action). */
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('entitlements_user_object_uq').on(t.userId, t.objectType, t.objectId),
    index('entitlements_creator_idx').on(t.creatorId, t.userId),
    index('entitlements_object_idx').on(t.objectType, t.objectId),
  ],
);

export type EntitlementRow = typeof entitlements.$inferSelect;
