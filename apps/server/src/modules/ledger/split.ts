import { shareOf, splitCommission } from '@marquee/shared';

export interface SplitInput {
  /** List price in cents. */
  grossCents: number;
  /** Coupon discount in cents, paid by the platform (the fan pays gross − discount). */
  discountCents?: number;
  commissionPercent: number;
  /** Percent of the creator's NET owed to whoever referred the creator (0 when none or out of window). */
  creatorReferralPercent?: number;
  /** Percent of the fan's spending owed to whoever referred the fan (0 when none). */
  fanReferralPercent?: number;
}

export interface Split {
  paid: number;
  net: number;
  commission: number;
  creatorReferral: number;
  fanReferral: number;
  /** The platform's part: commission − referral shares − discount (may be negative with a large coupon). */
  platform: number;
}

/**
 * Splits a payment so that no cent is created or lost:
 * paid = net + platform + creatorReferral + fanReferral (+ nothing else).
 * Referral shares are rounded down and paid out of the commission, never out of
 * the creator's net, and together never exceed the commission.
 */
export function splitPayment(i: SplitInput): Split {
  const discount = i.discountCents ?? 0;
  if (!Number.isSafeInteger(discount) || discount < 0 || discount > i.grossCents) throw new Error('invalid discount');
  const { net, commission } = splitCommission(i.grossCents, i.commissionPercent);
  const creatorReferral = Math.min(commission, i.creatorReferralPercent ? shareOf(net, i.creatorReferralPercent) : 0);
  const paid = i.grossCents - discount;
  const fanReferral = Math.min(
    commission - creatorReferral,
    i.fanReferralPercent ? shareOf(paid, i.fanReferralPercent) : 0,
  );
  return {
    paid,
    net,
    commission,
    creatorReferral,
    fanReferral,
    platform: commission - creatorReferral - fanReferral - discount,
  };
}
