import { SUBSCRIPTION_PAYMENT_METHODS } from '@marquee/shared/subscriptions';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const SUBSCRIPTION_TYPE_VALUES = ['monthly', 'three_months', 'six_months', 'yearly', 'free'] as const;
export const SUBSCRIPTION_STATUS_VALUES = ['created', 'active', 'cancelled', 'expired'] as const;
export const SUBSCRIPTION_METHOD_VALUES = SUBSCRIPTION_PAYMENT_METHODS;

/**
 * A fan's subscription to a creator: ONE row per fan and creator, reused when the
 * fan subscribes again (so "already subscribed", "free once" and lifetime spend
 * are facts of one locked row). Access itself is the entitlement
 * ('performer', creatorId) whose expiry is `current_period_end`.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: SUBSCRIPTION_TYPE_VALUES }).notNull(),
    status: text('status', { enum: SUBSCRIPTION_STATUS_VALUES }).notNull().default('created'),
    /** How the current period was (and the next will be) paid. */
    paymentMethod: text('payment_method', { enum: SUBSCRIPTION_METHOD_VALUES }).notNull(),
    /** False once cancelled: access stays until the period end, then it expires. */
    autoRenew: boolean('auto_renew').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** What each renewal charges (cents): the regular price of the type when subscribed. */
    renewalPriceCents: bigint('renewal_price_cents', { mode: 'number' }).notNull().default(0),
    /** What the latest period cost (a promotion lowers the first). */
    lastPaidCents: bigint('last_paid_cents', { mode: 'number' }).notNull().default(0),
    /** Lifetime spend of this fan on this creator's subscription (cents). */
    totalPaidCents: bigint('total_paid_cents', { mode: 'number' }).notNull().default(0),
    paidPeriods: integer('paid_periods').notNull().default(0),
    /** When the free offer was used (once per fan and creator). */
    freeUsedAt: timestamp('free_used_at', { withTimezone: true }),
    /** Failed renewal attempts for the current period end; the next retry. */
    renewalAttempts: integer('renewal_attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** The period end the fan was last told about (pre-renewal notice sent once per period). */
    noticeSentFor: timestamp('notice_sent_for', { withTimezone: true }),
    /** The gateway's recurring agreement that renews it (Stripe Subscription `sub_…`), for card subscriptions at Stripe. */
    externalId: text('external_id'),
    /** The gateway payment awaiting confirmation (card checkout). */
    pendingPaymentId: uuid('pending_payment_id'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended: cancelled, payment_failed, blocked, free_ended. */
    endReason: text('end_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_user_creator_uq').on(t.userId, t.creatorId),
    index('subscriptions_creator_status_idx').on(t.creatorId, t.status, t.updatedAt),
    index('subscriptions_user_updated_idx').on(t.userId, t.updatedAt),
    index('subscriptions_external_idx').on(t.externalId),
    // the renewal job's scan: live rows by period end
    index('subscriptions_due_idx').on(t.currentPeriodEnd).where(sql`${t.status} in ('active', 'cancelled')`),
  ],
);

/**
 * A creator's subscription offers beyond the monthly/yearly prices and the free
 * offer (which live on `performers`): 3- and 6-month bundle discounts, and one
 * limited-time promotion for new subscribers.
 */
export const subscriptionOffers = pgTable(
  'subscription_offers',
  {
    creatorId: uuid('creator_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Percent off 3 × monthly; null = bundle not offered. */
    threeMonthsDiscount: integer('three_months_discount'),
    sixMonthsDiscount: integer('six_months_discount'),
    /** Percent off the first paid period for fans who never paid for this creator; null = no promotion. */
    promoPercent: integer('promo_percent'),
    promoEndsAt: timestamp('promo_ends_at', { withTimezone: true }),
    /** At most this many fans may use the promotion; null = no cap. */
    promoLimit: integer('promo_limit'),
    promoUsed: integer('promo_used').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('subscription_offers_promo_cap', sql`${t.promoLimit} is null or ${t.promoUsed} <= ${t.promoLimit}`)],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionOffersRow = typeof subscriptionOffers.$inferSelect;
