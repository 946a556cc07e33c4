import { CARD_GATEWAYS, GATEWAY_NAMES } from '@marquee/shared/payments';
import {
  bigint,
  boolean,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /**
     * What the processor charges (docs/payments.md, "Currency"): its currency, the amount in that
     * currency's minor units, and the rate used (processor units per token); recorded when the
     * checkout is opened, so the ledger (tokens, cents) and the processor's figures can be compared.
     */
    processorCurrency: text('processor_currency'),
    processorAmountMinor: bigint('processor_amount_minor', { mode: 'number' }),
    fxRate: numeric('fx_rate', { precision: 18, scale: 8 }),
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
    /** The payment the event was applied to (reconciliation joins on it); null when none was found. */
    paymentId: uuid('payment_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_events_gateway_event_uq').on(t.gateway, t.eventId),
    index('webhook_events_gateway_created_idx').on(t.gateway, t.createdAt),
  ],
);

/**
 * A chargeback a processor reported (`payment.disputed` applied), once per payment: the
 * chargeback ratio counts these, and the fee the processor charges is booked with it.
 */
export const chargebacks = pgTable(
  'chargebacks',
  {
    id: uuid('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    userId: uuid('user_id').notNull(),
    /** The creator the payment paid (card subscriptions, card purchases); null for top-ups. */
    creatorId: uuid('creator_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    feeCents: bigint('fee_cents', { mode: 'number' }).notNull().default(0),
    feeTransactionId: uuid('fee_transaction_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chargebacks_payment_uq').on(t.paymentId),
    index('chargebacks_gateway_created_idx').on(t.gateway, t.createdAt),
  ],
);

/** A chargeback-ratio alert sent: once per processor per month (`YYYY-MM`). */
export const chargebackAlerts = pgTable(
  'chargeback_alerts',
  {
    id: uuid('id').primaryKey(),
    gateway: text('gateway').notNull(),
    month: text('month').notNull(),
    chargebacks: bigint('chargebacks', { mode: 'number' }).notNull(),
    sales: bigint('sales', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('chargeback_alerts_gateway_month_uq').on(t.gateway, t.month)],
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
export type ChargebackRow = typeof chargebacks.$inferSelect;
export type PaymentCardRow = typeof paymentCards.$inferSelect;
