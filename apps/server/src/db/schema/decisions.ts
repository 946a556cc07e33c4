import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A moderation decision that restricts someone (EU DSA Art. 17): what was restricted, the facts,
 * the ground, whether it was automated, and where it stands. Every restriction path writes one
 * through `recordDecision` (modules/decisions) in its own transaction. The row outlives the
 * account (user id set null) so the transparency figures keep counting it.
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: uuid('id').primaryKey(),
    /** The affected account (uploader, suspended or held user). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', {
      enum: ['removal', 'review_rejection', 'demotion', 'age_restriction', 'suspension', 'payment_hold'],
    }).notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    title: text('title').notNull().default(''),
    facts: text('facts').notNull(),
    ground: text('ground').notNull(),
    automated: boolean('automated').notNull().default(false),
    source: text('source', { enum: ['notice', 'own_initiative', 'automated'] }).notNull(),
    /** The notice it answers: `complaint` or `report`, its id and when it arrived (time to decision). */
    noticeType: text('notice_type'),
    noticeId: uuid('notice_id'),
    noticeReceivedAt: timestamp('notice_received_at', { withTimezone: true }),
    /** The notifier's account, told the outcome (a complaint's reporter gets the complaint's reply mail). */
    notifierId: uuid('notifier_id').references(() => users.id, { onDelete: 'set null' }),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: ['in_force', 'lifted', 'reversed'] })
      .notNull()
      .default('in_force'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** What reversing needs (the review item's id …). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_decisions_user_idx').on(t.userId, t.createdAt),
    index('moderation_decisions_created_idx').on(t.createdAt),
    index('moderation_decisions_target_idx').on(t.targetType, t.targetId, t.state),
  ],
);

/** An appeal against a decision (DSA Art. 20), one per decision, decided by another admin. */
export const decisionAppeals = pgTable(
  'decision_appeals',
  {
    id: uuid('id').primaryKey(),
    decisionId: uuid('decision_id')
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    state: text('state', { enum: ['open', 'upheld', 'reversed'] })
      .notNull()
      .default('open'),
    reply: text('reply'),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('decision_appeals_decision_uq').on(t.decisionId),
    index('decision_appeals_state_idx').on(t.state, t.createdAt),
    index('decision_appeals_created_idx').on(t.createdAt),
  ],
);

export type DecisionRow = typeof moderationDecisions.$inferSelect;
export type NewDecisionRow = typeof moderationDecisions.$inferInsert;
export type AppealRow = typeof decisionAppeals.$inferSelect;
