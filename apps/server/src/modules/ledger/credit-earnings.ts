import { eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { earnings, performers, referralEarnings, users } from '../../db/schema';
import type { SiteSettings } from '../settings';
import { type AccountRef, earningsAccount, type Posted, platform, post, referralAccount } from './ledger.service';
import { type Split, splitPayment } from './split';

/** Adds whole months in UTC (Jan 31 + 1 month = Mar 3, like Date does; good enough for a referral window). */
export function addMonths(d: Date, months: number): Date {
  const r = new Date(d.getTime());
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
}

/**
 * Whether a creator's referrer still earns from them: only for the referral
 * window counted from the creator's sign-up. (A reference product had this
 * comparison inverted and paid forever; see the test.)
 */
export function creatorReferralActive(creatorCreatedAt: Date, months: number, at: Date): boolean {
  return months > 0 && at.getTime() < addMonths(creatorCreatedAt, months).getTime();
}

export interface CreditEarningsInput {
  creatorId: string;
  /** The paying fan (null for payments not tied to a fan). */
  fanId: string | null;
  /** Earnings source for the creator's breakdown: tip, feed, video, gallery, product, message, stream, subscription … */
  source: string;
  grossCents: number;
  discountCents?: number;
  /** The part of the discount the platform funds (coupons.service `platformFunding`); 0 by default. */
  fundedCents?: number;
  /** Where the money comes from: the fan's wallet, or a gateway's clearing account for card payments. */
  payFrom: AccountRef;
  /** Ledger transaction kind (defaults to 'charge'). */
  kind?: string;
  /** 'charge:<id>' or 'payment:<id>'. */
  reference: string;
  memo?: string;
  /** Paid by the fan on top and passed to the creator whole, without commission (product shipping). */
  passThroughCents?: number;
}

export interface Credited extends Posted {
  earningId: string;
  split: Split;
  commissionPercent: number;
}

/** Ledger kind of a platform-funded coupon discount. */
export const COUPON_FUNDING = 'coupon_funding';

/**
 * A platform-funded coupon discount, its own balanced movement before the sale
 * (kind `coupon_funding`, the sale's reference): the platform puts the funded
 * part where the fan pays from, and the sale then takes paid + funded from there.
 * A refund of the sale reverses both (wallet/refunds.service).
 */
async function fundDiscount(tx: Executor, i: CreditEarningsInput, fundedCents: number) {
  await post(tx, {
    kind: COUPON_FUNDING,
    reference: i.reference,
    memo: 'Coupon discount funded by the platform',
    metadata: { creatorId: i.creatorId, fanId: i.fanId },
    entries: [
      { account: platform, amount: -fundedCents },
      { account: i.payFrom, amount: fundedCents },
    ],
  });
}

/**
 * Pays a creator for something a fan bought, in the caller's transaction:
 * debits `payFrom` by what the fan pays, credits the creator's earnings with the
 * net (site commission or the creator's override), the referrers' shares out of
 * the commission (creator's referrer inside the window; fan's referrer), and the
 * platform with the rest. Records the earning and referral earnings rows.
 *
 * `s` is `await ctx.settings.all()` read BEFORE opening the transaction: a query
 * through ctx.db inside it would hold a second pool connection (and could deadlock the pool).
 */
export async function creditEarnings(
  ctx: Ctx,
  tx: Executor,
  s: SiteSettings,
  i: CreditEarningsInput,
): Promise<Credited> {
  const ids = i.fanId && i.fanId !== i.creatorId ? [i.creatorId, i.fanId] : [i.creatorId];
  const people = await tx
    .select({
      id: users.id,
      referredById: users.referredById,
      createdAt: users.createdAt,
      override: performers.commissionPercent,
    })
    .from(users)
    .leftJoin(performers, eq(performers.userId, users.id))
    .where(inArray(users.id, ids));
  const creator = people.find((p) => p.id === i.creatorId);
  if (!creator) throw new Error(`creator ${i.creatorId} not found`);
  const fan = i.fanId ? people.find((p) => p.id === i.fanId) : undefined;
  const commissionPercent = creator.override ?? s.commissionPercent;
  const at = ctx.now();
  const creatorReferrer =
    creator.referredById && creatorReferralActive(creator.createdAt, s.performerReferralMonths, at)
      ? creator.referredById
      : null;
  const fanReferrer = fan?.referredById ?? null;
  const split = splitPayment({
    grossCents: i.grossCents,
    discountCents: i.discountCents,
    fundedCents: i.fundedCents,
    commissionPercent,
    creatorReferralPercent: creatorReferrer ? s.performerReferralPercent : 0,
    fanReferralPercent: fanReferrer ? s.userReferralPercent : 0,
  });
  const pass = i.passThroughCents ?? 0;
  if (!Number.isSafeInteger(pass) || pass < 0) throw new Error('passThroughCents must be a non-negative integer');
  if (split.funded > 0) await fundDiscount(tx, i, split.funded);
  const entries: Array<{ account: AccountRef; amount: number }> = [
    { account: i.payFrom, amount: -(split.base + pass) },
    { account: earningsAccount(i.creatorId), amount: split.net + pass },
    { account: platform, amount: split.platform },
  ];
  if (creatorReferrer && split.creatorReferral > 0)
    entries.push({ account: referralAccount(creatorReferrer), amount: split.creatorReferral });
  if (fanReferrer && split.fanReferral > 0)
    entries.push({ account: referralAccount(fanReferrer), amount: split.fanReferral });
  const posted = await post(tx, { kind: i.kind ?? 'charge', reference: i.reference, memo: i.memo, entries });

  const earningId = newId();
  await tx.insert(earnings).values({
    id: earningId,
    creatorId: i.creatorId,
    fanId: i.fanId,
    source: i.source,
    // what the commission was split on: what the fan paid, plus any platform funding
    grossCents: split.base + pass,
    commissionCents: split.commission,
    netCents: split.net + pass,
    reference: i.reference,
    ledgerTransactionId: posted.transactionId,
    // the server's clock (tests travel in time): the payout hold counts from here
    createdAt: at,
  });
  const refs = [
    creatorReferrer && split.creatorReferral > 0
      ? {
          referrerId: creatorReferrer,
          referredId: i.creatorId,
          kind: 'creator' as const,
          amountCents: split.creatorReferral,
          percent: String(s.performerReferralPercent),
        }
      : null,
    fanReferrer && i.fanId && split.fanReferral > 0
      ? {
          referrerId: fanReferrer,
          referredId: i.fanId,
          kind: 'fan' as const,
          amountCents: split.fanReferral,
          percent: String(s.userReferralPercent),
        }
      : null,
  ].filter((r) => r !== null);
  if (refs.length > 0) {
    await tx
      .insert(referralEarnings)
      .values(refs.map((r) => ({ id: newId(), ...r, earningId, ledgerTransactionId: posted.transactionId })));
  }
  return { ...posted, earningId, split, commissionPercent };
}
