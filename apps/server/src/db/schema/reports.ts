import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A report of a creator or a piece of content, waiting in the admin queue. One per reporter and target. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type').notNull(),
    targetId: uuid('target_id').notNull(),
    /** The creator the target belongs to, when known (for the admin queue). */
    creatorId: uuid('creator_id'),
    reason: text('reason').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['open', 'dismissed', 'resolved'] })
      .notNull()
      .default('open'),
    resolutionNote: text('resolution_note'),
    resolvedById: uuid('resolved_by_id'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_reporter_target_uq').on(t.reporterId, t.targetType, t.targetId),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

export type ReportRow = typeof reports.$inferSelect;
