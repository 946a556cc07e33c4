import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name').notNull().default(''),
    kind: text('kind', { enum: ['percentage', 'amount'] }).notNull(),
    /** Percent (1–100) for 'percentage', cents for 'amount'. */
    value: bigint('value', { mode: 'number' }).notNull(),
    appliesTo: text('applies_to', { enum: ['any', 'topup', 'purchase'] })
      .notNull()
      .default('any'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Overall uses; null = unlimited. */
    maxUses: integer('max_uses'),
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_uq').on(sql`lower(${t.code})`), index('coupons_created_idx').on(t.createdAt)],
);

/** Once per user and coupon (business-rules: coupons). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** 'payment:<id>' or 'charge:<id>'. */
    reference: text('reference').notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_redemptions_user_uq').on(t.couponId, t.userId)],
);

export type CouponRow = typeof coupons.$inferSelect;
