import { CARD_GATEWAYS, GATEWAY_NAMES } from '@marquee/shared/payments';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A payment through a gateway: a wallet top-up (or a card payment another module starts). */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: GATEWAY_NAMES }).notNull(),
    purpose: text('purpose').notNull().default('topup'),
    /** Tokens credited on success (cents). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What the card is charged: amount − coupon discount (cents). */
    chargedCents: bigint('charged_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    couponId: uuid('coupon_id'),
    currency: text('currency').notNull().default('USD'),
    status: text('status', {
      enum: ['created', 'requires_action', 'succeeded', 'failed', 'refund_pending', 'refunded', 'chargeback'],
    })
      .notNull()
      .default('created'),
    externalId: text('external_id'),
    checkoutUrl: text('checkout_url'),
    cardId: uuid('card_id'),
    failureReason: text('failure_reason'),
    ledgerTransactionId: uuid('ledger_transaction_id'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    idempotencyKey: text('idempotency_key'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_user_idx').on(t.userId, t.createdAt),
    index('payments_external_idx').on(t.gateway, t.externalId),
    uniqueIndex('payments_idem_uq').on(t.userId, t.idempotencyKey),
  ],
);

/** Every gateway event seen, by its id: a second delivery is recognised and ignored. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey(),
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    result: text('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_gateway_event_uq').on(t.gateway, t.eventId)],
);

export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway', { enum: CARD_GATEWAYS }).notNull(),
    /** The gateway's reference (Stripe PaymentMethod id, sandbox token). */
    externalId: text('external_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: bigint('exp_month', { mode: 'number' }).notNull(),
    expYear: bigint('exp_year', { mode: 'number' }).notNull(),
    holderName: text('holder_name'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_cards_user_idx').on(t.userId, t.createdAt)],
);

/** A user's customer id at a gateway, and a creator's Stripe Connect account. */
export const gatewayAccounts = pgTable(
  'gateway_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    kind: text('kind', { enum: ['customer', 'connect'] }).notNull(),
    externalId: text('external_id').notNull(),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gateway_accounts_user_uq').on(t.userId, t.gateway, t.kind),
    index('gateway_accounts_external_idx').on(t.externalId),
  ],
);

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentCardRow = typeof paymentCards.$inferSelect;
