import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Where an item stands in review before publication (docs/compliance.md, issue 26). */
export const REVIEW_STATES = ['pending', 'approved', 'rejected', 'escalated'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

/**
 * The review flag every publishable table shares (posts, catalogue items, photos, stories,
 * messages, mass messages), beside `takedownColumns()`: only `approved` rows reach another
 * user. Existing rows and anything published while review is off are `approved`.
 */
export const reviewColumns = () => ({
  reviewState: text('review_state', { enum: REVIEW_STATES }).notNull().default('approved'),
});

/** One submission to the review queue: what, whose, when, and the decision. */
export const reviewItems = pgTable(
  'review_items',
  {
    id: uuid('id').primaryKey(),
    /** feed | story | gallery | video | reel | scene | scenario | product | photo | message | mass_message | avatar | cover */
    objectType: text('object_type').notNull(),
    /** The item's id (for avatar/cover: the creator's id). */
    objectId: uuid('object_id').notNull(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: REVIEW_STATES }).notNull().default('pending'),
    /** What the queue shows and, for profile images, the stored key waiting to replace the current one. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by'),
    /** A code from REVIEW_REASONS (shared) when rejected. */
    reasonCode: text('reason_code'),
    note: text('note'),
  },
  (t) => [
    index('review_items_open_idx').on(t.submittedAt).where(sql`${t.state} in ('pending', 'escalated')`),
    index('review_items_creator_idx').on(t.creatorId, t.submittedAt.desc()),
    index('review_items_object_idx').on(t.objectType, t.objectId),
    index('review_items_decided_idx').on(t.decidedAt),
  ],
);

/** Creators an admin flagged for review (the "new or flagged" mode); a rejection flags too. */
export const reviewFlags = pgTable('review_flags', {
  creatorId: uuid('creator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  flaggedBy: uuid('flagged_by'),
  flaggedAt: timestamp('flagged_at', { withTimezone: true }).notNull(),
});

/** One row: whether the queue-age alert fired for the current crossing (reset when the queue catches up). */
export const reviewAlert = pgTable('review_alert', {
  id: integer('id').primaryKey(),
  alertedAt: timestamp('alerted_at', { withTimezone: true }),
});

export type ReviewItemRow = typeof reviewItems.$inferSelect;
