import { fromCents, type ListQuery } from '@marquee/shared';
import type { Ctx } from '../../context';
import { notFound } from '../../lib/errors';
import { balanceOf, referralAccount } from '../ledger';
import { userSummaries } from '../users';
import { presentUserSummary } from '../wallet';
import { referralCodeOf, referralSums, searchReferralEarnings, searchReferredUsers } from './referrals.repo';

/** The user's referral code and the sign-up link carrying it. */
export async function referralCode(ctx: Ctx, userId: string) {
  const code = await referralCodeOf(ctx.db, userId);
  if (code === null) throw notFound('User');
  const base = ctx.config.PUBLIC_URL ?? '';
  return { code, link: `${base}/auth/register?ref=${code}` };
}

export async function referredUsers(ctx: Ctx, userId: string, q: ListQuery) {
  const { rows, total } = await searchReferredUsers(ctx.db, userId, q);
  return {
    data: rows.map((r) => ({ ...presentUserSummary(r)!, role: r.role, createdAt: r.createdAt.toISOString() })),
    total,
  };
}

export async function referralStats(ctx: Ctx, userId: string) {
  const [{ sums, people }, available] = await Promise.all([
    referralSums(ctx.db, userId),
    balanceOf(ctx.db, referralAccount(userId)),
  ]);
  return {
    totalEarned: fromCents(Number(sums.total)),
    available: fromCents(available),
    referredCreators: people.creators,
    referredFans: people.fans,
    count: sums.count,
  };
}

export async function referralEarningsOf(ctx: Ctx, userId: string, q: ListQuery) {
  const { rows, total } = await searchReferralEarnings(ctx.db, userId, q);
  const people = await userSummaries(
    ctx.db,
    rows.map((r) => r.referredId),
  );
  return {
    data: rows.map((r) => ({
      _id: r.id,
      kind: r.kind,
      amount: fromCents(r.amountCents),
      percent: Number(r.percent),
      status: r.status,
      referred: presentUserSummary(people.get(r.referredId)),
      createdAt: r.createdAt.toISOString(),
    })),
    total,
  };
}
