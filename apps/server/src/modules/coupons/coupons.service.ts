import { fromCents, toCents } from '@marquee/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type CouponRow, couponRedemptions, coupons } from '../../db/schema';
import { appError, conflict, notFound, unprocessable } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { en } from '../../lib/i18n/en';
import type { SiteSettings } from '../settings';
import { platformFundedCents } from '../wallet';

export type CouponTarget = 'topup' | 'purchase';

async function findByCode(db: Executor, code: string) {
  const [row] = await db.select().from(coupons).where(sql`lower(${coupons.code}) = lower(${code})`).limit(1);
  return row ?? null;
}

/** Checks a code for a user; each failure names its reason (business-rules: coupons). */
export async function validateCoupon(
  db: Executor,
  code: string,
  userId: string,
  target: CouponTarget,
  at: Date,
): Promise<CouponRow> {
  const c = await findByCode(db, code);
  if (!c?.active) throw appError(404, 'COUPON_INVALID', msg('error.coupons.invalid'));
  if (c.appliesTo !== 'any' && c.appliesTo !== target) {
    throw unprocessable(
      `This coupon can only be used for ${c.appliesTo === 'topup' ? 'wallet top-ups' : 'purchases'}`,
      'COUPON_NOT_APPLICABLE',
    );
  }
  if (c.expiresAt && c.expiresAt <= at) throw unprocessable(msg('error.coupons.expired'), 'COUPON_EXPIRED');
  if (c.maxUses !== null && c.usedCount >= c.maxUses)
    throw unprocessable(msg('error.coupons.usedUp'), 'COUPON_USED_UP');
  const [used] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, c.id), eq(couponRedemptions.userId, userId)))
    .limit(1);
  if (used) throw conflict(msg('error.coupons.alreadyUsed'), 'COUPON_ALREADY_USED');
  return c;
}

/** The discount in cents on an amount: rounded down, never more than the amount. */
export function discountFor(c: Pick<CouponRow, 'kind' | 'value'>, amountCents: number): number {
  const d = c.kind === 'percentage' ? Math.floor((amountCents * Math.min(c.value, 100)) / 100) : c.value;
  return Math.max(0, Math.min(d, amountCents));
}

/** A coupon that would leave nothing to pay and nothing to book. */
export const couponTooLarge = () => unprocessable(en['error.couponTooLarge'], 'COUPON_TOO_LARGE');

/**
 * The part of a sale's coupon discount the platform funds (issue 23 item 13,
 * docs/money.md): nothing unless `couponPlatformFunded` is on — the creator then
 * earns on what the fan paid — and never more than what is left of the creator
 * account's `couponFundingCapPerCreator`. A per-creator transaction lock makes
 * concurrent sales see each other's funding, so the cap holds under load.
 */
export async function platformFunding(
  tx: Executor,
  s: Pick<SiteSettings, 'couponPlatformFunded' | 'couponFundingCapPerCreator'>,
  creatorId: string,
  discountCents: number,
): Promise<number> {
  if (!s.couponPlatformFunded || discountCents <= 0) return 0;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coupon-funding:${creatorId}`}))`);
  const left = toCents(s.couponFundingCapPerCreator) - (await platformFundedCents(tx, creatorId));
  return Math.max(0, Math.min(discountCents, left));
}

/**
 * Validates and redeems a code inside the caller's transaction: counts one use
 * (atomically against the overall limit) and records the user's single use.
 */
export async function redeemCoupon(
  tx: Executor,
  i: { code: string; userId: string; target: CouponTarget; amountCents: number; reference: string; at: Date },
): Promise<{ coupon: CouponRow; discountCents: number }> {
  const c = await validateCoupon(tx, i.code, i.userId, i.target, i.at);
  const discountCents = discountFor(c, i.amountCents);
  const [counted] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1`, updatedAt: sql`now()` })
    .where(and(eq(coupons.id, c.id), sql`(${coupons.maxUses} is null or ${coupons.usedCount} < ${coupons.maxUses})`))
    .returning({ id: coupons.id });
  if (!counted) throw unprocessable(msg('error.coupons.usedUp'), 'COUPON_USED_UP');
  const [redeemed] = await tx
    .insert(couponRedemptions)
    .values({ id: newId(), couponId: c.id, userId: i.userId, reference: i.reference, discountCents })
    .onConflictDoNothing()
    .returning({ id: couponRedemptions.id });
  if (!redeemed) throw conflict(msg('error.coupons.alreadyUsed'), 'COUPON_ALREADY_USED');
  return { coupon: c, discountCents };
}

/** Gives a use back (a top-up that failed, a refunded purchase). */
export async function releaseCoupon(tx: Executor, couponId: string, userId: string) {
  const deleted = await tx
    .delete(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId)))
    .returning({ id: couponRedemptions.id });
  if (deleted.length > 0) {
    await tx
      .update(coupons)
      .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)`, updatedAt: sql`now()` })
      .where(eq(coupons.id, couponId));
  }
}

export function presentCoupon(c: CouponRow) {
  return {
    _id: c.id,
    code: c.code,
    name: c.name,
    kind: c.kind,
    value: c.kind === 'amount' ? fromCents(c.value) : c.value,
    appliesTo: c.appliesTo,
    expiresAt: c.expiresAt?.toISOString() ?? null,
    maxUses: c.maxUses,
    usedCount: c.usedCount,
    active: c.active,
    createdAt: c.createdAt.toISOString(),
  };
}

export async function createCoupon(
  ctx: Ctx,
  adminId: string,
  b: {
    code: string;
    name: string;
    kind: 'percentage' | 'amount';
    value: number;
    appliesTo: 'any' | 'topup' | 'purchase';
    expiresAt?: Date | null;
    maxUses?: number | null;
  },
) {
  if (b.kind === 'percentage' && (b.value > 100 || !Number.isInteger(b.value))) {
    throw unprocessable(msg('error.coupons.invalidPercent'), 'COUPON_INVALID_VALUE');
  }
  if (await findByCode(ctx.db, b.code)) throw conflict(msg('error.coupons.exists'), 'COUPON_EXISTS');
  const [row] = await ctx.db
    .insert(coupons)
    .values({
      id: newId(),
      code: b.code,
      name: b.name,
      kind: b.kind,
      value: b.kind === 'amount' ? toCents(b.value) : b.value,
      appliesTo: b.appliesTo,
      expiresAt: b.expiresAt ?? null,
      maxUses: b.maxUses ?? null,
      createdBy: adminId,
    })
    .returning();
  return row;
}

export async function listCoupons(ctx: Ctx, offset: number, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
    ctx.db.select().from(coupons).orderBy(desc(coupons.createdAt)).offset(offset).limit(limit),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(coupons),
  ]);
  return { rows, total };
}

export async function setCouponActive(ctx: Ctx, id: string, active: boolean) {
  const [row] = await ctx.db
    .update(coupons)
    .set({ active, updatedAt: sql`now()` })
    .where(eq(coupons.id, id))
    .returning();
  if (!row) throw notFound('Coupon');
  return row;
}
