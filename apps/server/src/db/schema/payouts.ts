import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A creator's payout settings: bank transfer and PayPal details sealed with the
 * site's secret (AES-256-GCM, like the admin's service secrets), never stored
 * in clear. Stripe Connect lives in gateway_accounts.
 */
export const payoutSettings = pgTable('payout_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Sealed JSON of { holderName, iban?, accountNumber?, routingNumber?, bankName, country }. */
  bankSealed: text('bank_sealed'),
  /** Sealed JSON of { email }. */
  paypalSealed: text('paypal_sealed'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A payout request: pending → approved → paid, or rejected / cancelled. Its
 * amount sits in the creator's `reserve` ledger account from request until paid
 * (reserve → clearing) or released (reserve → earnings). One open request
 * (pending or approved) per creator, enforced by a partial unique index.
 */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: uuid('id').primaryKey(),
    /** No foreign key, like earnings: money records outlive an account. */
    creatorId: uuid('creator_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    method: text('method', { enum: ['bank', 'paypal', 'stripe'] }).notNull(),
    /** The method's details when requested, sealed (bank, PayPal) or the Stripe account id. */
    detailsSealed: text('details_sealed').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'paid', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    requestNote: text('request_note'),
    adminNote: text('admin_note'),
    reference: text('reference'),
    /** The `payout` ledger transaction (reserve → clearing), set once. */
    paidTransactionId: uuid('paid_transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_requests_one_open_uq').on(t.creatorId).where(sql`${t.status} in ('pending', 'approved')`),
    uniqueIndex('payout_requests_paid_tx_uq').on(t.paidTransactionId),
    index('payout_requests_creator_idx').on(t.creatorId, t.createdAt),
    index('payout_requests_status_idx').on(t.status, t.createdAt),
  ],
);

/** What happened to a request, in order: created, updated, approved, paid, rejected, cancelled. */
export const payoutRequestEvents = pgTable(
  'payout_request_events',
  {
    id: uuid('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => payoutRequests.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'paid', 'rejected', 'cancelled'] }).notNull(),
    actorId: uuid('actor_id'),
    by: text('by', { enum: ['creator', 'admin'] }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payout_request_events_request_idx').on(t.requestId, t.createdAt)],
);

export type PayoutRequestRow = typeof payoutRequests.$inferSelect;
export type PayoutSettingsRow = typeof payoutSettings.$inferSelect;
