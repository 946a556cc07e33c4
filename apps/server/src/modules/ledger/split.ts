import { shareOf, splitCommission } from '@marquee/shared';

export interface SplitInput {
  /** List price in cents. */
  grossCents: number;
  /** Coupon discount in cents (the fan pays gross − discount). */
  discountCents?: number;
  /**
   * The part of the discount the platform funds (setting `couponPlatformFunded`, capped per creator):
   * the creator earns on paid + funded. 0 by default: the creator earns on what the fan paid.
   */
  fundedCents?: number;
  commissionPercent: number;
  /** Percent of the creator's NET owed to whoever referred the creator (0 when none or out of window). */
  creatorReferralPercent?: number;
  /** Percent of the fan's spending owed to whoever referred the fan (0 when none). */
  fanReferralPercent?: number;
}

export interface Split {
  /** What the fan pays: gross − discount. */
  paid: number;
  /** What the platform adds from its own account (a separate `coupon_funding` movement). */
  funded: number;
  /** What the commission is split on: paid + funded (never more than the list price). */
  base: number;
  net: number;
  commission: number;
  creatorReferral: number;
  fanReferral: number;
  /** The platform's part of the sale: commission − referral shares (its funding is booked apart). */
  platform: number;
}

const isCents = (n: number) => Number.isSafeInteger(n) && n >= 0;

/**
 * Splits a sale so that no cent is created or lost: base = net + platform +
 * creatorReferral + fanReferral, base = paid + funded. The creator's net is
 * never more than what was paid (plus what the platform explicitly funds) less
 * commission (issue 23 item 13: a coupon no longer pays creators more than fans
 * paid). Referral shares are rounded down and paid out of the commission, never
 * out of the creator's net, and together never exceed the commission.
 */
export function splitPayment(i: SplitInput): Split {
  const discount = i.discountCents ?? 0;
  const funded = i.fundedCents ?? 0;
  if (!isCents(discount) || discount > i.grossCents) throw new Error('invalid discount');
  if (!isCents(funded) || funded > discount) throw new Error('invalid funded discount');
  const paid = i.grossCents - discount;
  const base = paid + funded;
  const { net, commission } = splitCommission(base, i.commissionPercent);
  const creatorReferral = Math.min(commission, i.creatorReferralPercent ? shareOf(net, i.creatorReferralPercent) : 0);
  const fanReferral = Math.min(
    commission - creatorReferral,
    i.fanReferralPercent ? shareOf(paid, i.fanReferralPercent) : 0,
  );
  return {
    paid,
    funded,
    base,
    net,
    commission,
    creatorReferral,
    fanReferral,
    platform: commission - creatorReferral - fanReferral,
  };
}
