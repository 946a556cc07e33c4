import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** One reported item a complaint names (resolved from its link), with whether the complaint hid it. */
export interface ComplaintTargetRef {
  type: string;
  id: string;
  /** Set when this complaint took the item down at once, pending review (a depicted person's request). */
  hiddenByComplaint: boolean;
}

/**
 * A complaint or removal request from anyone (issue 26 item 6), on a clock of business days.
 * The reporter's contact is personal data kept for the case; the privacy export does not list it
 * (it is not the reporter's account data) and a closed case keeps it for the acquirer's records.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid('id').primaryKey(),
    caseNumber: text('case_number').notNull().unique(),
    kind: text('kind', { enum: ['depicted', 'illegal', 'copyright'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** The account that filed it, when signed in. */
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporterIp: text('reporter_ip'),
    locale: text('locale').notNull().default('en'),
    urls: jsonb('urls').$type<string[]>().notNull(),
    targets: jsonb('targets').$type<ComplaintTargetRef[]>().notNull().default([]),
    reason: text('reason').notNull(),
    originalWork: text('original_work'),
    goodFaith: boolean('good_faith').notNull(),
    signature: text('signature').notNull(),
    status: text('status', { enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    decision: text('decision', { enum: ['removed', 'no_action'] }),
    reply: text('reply'),
    decidedById: uuid('decided_by_id').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** When the queue's escalation told the admins the case is due soon / overdue (each once). */
    dueSoonNotifiedAt: timestamp('due_soon_notified_at', { withTimezone: true }),
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaints_status_due_idx').on(t.status, t.dueAt), index('complaints_created_idx').on(t.createdAt)],
);

export type ComplaintRow = typeof complaints.$inferSelect;
export type NewComplaintRow = typeof complaints.$inferInsert;
