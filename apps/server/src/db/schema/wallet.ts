import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * One row per wallet charge (tip, purchase, rent, stream fee, wallet-paid
 * subscription …): what the fan paid, for what, and how it was split.
 */
export const walletCharges = pgTable(
  'wallet_charges',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id').notNull(),
    /** tip, feed, video, gallery, product, scene, scenario, message, stream, subscription … */
    type: text('type').notNull(),
    /** The bought object (null for tips). */
    objectType: text('object_type'),
    objectId: uuid('object_id'),
    isRent: boolean('is_rent').notNull().default(false),
    rentExpiresAt: timestamp('rent_expires_at', { withTimezone: true }),
    title: text('title').notNull().default(''),
    quantity: integer('quantity').notNull().default(1),
    /** List price (cents) before any coupon. */
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    /** What left the fan's wallet: gross − discount. */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    referralCents: bigint('referral_cents', { mode: 'number' }).notNull().default(0),
    couponId: uuid('coupon_id'),
    orderId: uuid('order_id'),
    message: text('message'),
    status: text('status', { enum: ['paid', 'refunded', 'chargeback'] })
      .notNull()
      .default('paid'),
    ledgerTransactionId: uuid('ledger_transaction_id').notNull(),
    idempotencyKey: text('idempotency_key'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_charges_idem_uq').on(t.userId, t.idempotencyKey),
    index('wallet_charges_user_idx').on(t.userId, t.createdAt),
    index('wallet_charges_creator_idx').on(t.creatorId, t.createdAt),
    index('wallet_charges_user_type_idx').on(t.userId, t.type, t.createdAt),
    index('wallet_charges_object_idx').on(t.objectType, t.objectId),
  ],
);

/**
 * A creator's earning: one per paid charge or card payment. Source decides the
 * earnings-page breakdown; a refund marks it refunded (the ledger holds the money).
 */
export const earnings = pgTable(
  'earnings',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id').notNull(),
    fanId: uuid('fan_id'),
    source: text('source').notNull(),
    grossCents: bigint('gross_cents', { mode: 'number' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    /** 'charge:<id>' or 'payment:<id>'. */
    reference: text('reference').notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id').notNull(),
    status: text('status', { enum: ['paid', 'refunded', 'chargeback'] })
      .notNull()
      .default('paid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('earnings_creator_idx').on(t.creatorId, t.createdAt), index('earnings_reference_idx').on(t.reference)],
);

export const referralEarnings = pgTable(
  'referral_earnings',
  {
    id: uuid('id').primaryKey(),
    referrerId: uuid('referrer_id').notNull(),
    /** The referred account whose activity earned it. */
    referredId: uuid('referred_id').notNull(),
    kind: text('kind', { enum: ['creator', 'fan'] }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    percent: text('percent').notNull(),
    earningId: uuid('earning_id').notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id').notNull(),
    status: text('status', { enum: ['paid', 'refunded', 'chargeback'] })
      .notNull()
      .default('paid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_earnings_referrer_idx').on(t.referrerId, t.createdAt),
    index('referral_earnings_earning_idx').on(t.earningId),
  ],
);

export type WalletChargeRow = typeof walletCharges.$inferSelect;
export type EarningRow = typeof earnings.$inferSelect;
