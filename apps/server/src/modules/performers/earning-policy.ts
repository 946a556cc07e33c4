import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { performers, users } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * THE rule for money going to a creator (docs/accounts.md "only verified
 * creators may sell or be paid"; issue 17 item 1; docs/security.md).
 *
 * A creator can earn when they have a creator profile whose identity
 * verification is `verified` and their account is active (not suspended).
 *
 * Every path that pays a creator goes through `assertCreatorCanEarn`:
 * - wallet payments of every kind (`walletPay` in wallet/charges.service.ts):
 *   sales of posts, videos, galleries, photos, products and streams, paid
 *   messages, tips, orders, and subscriptions paid or renewed from the wallet;
 * - subscriptions before a card checkout is opened (subscriptions.service.ts).
 * Payouts and live streams (built separately) must call it too: before a
 * payout request is accepted and before a paid stream starts or bills:
 *
 *   import { assertCreatorCanEarn } from '../performers/earning-policy';
 *   await assertCreatorCanEarn(tx, creatorId);
 *
 * Listings of creators (Top creators, Explore, search) show only creators who
 * can earn, with `canEarnCondition()` in their WHERE clause.
 */
export const CREATOR_CANNOT_EARN = 'CREATOR_NOT_VERIFIED';
export const CREATOR_CANNOT_EARN_MESSAGE = 'This creator cannot receive payments until their identity is verified';

export async function canEarn(db: Executor, creatorId: string): Promise<boolean> {
  const [row] = await db
    .select({ verification: performers.verificationStatus, status: users.status })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(eq(performers.userId, creatorId))
    .limit(1);
  return Boolean(row && row.verification === 'verified' && row.status === 'active');
}

/** 403 CREATOR_NOT_VERIFIED unless `canEarn`. Use it inside the paying transaction. */
export async function assertCreatorCanEarn(db: Executor, creatorId: string): Promise<void> {
  if (!(await canEarn(db, creatorId))) throw new AppError(403, CREATOR_CANNOT_EARN_MESSAGE, CREATOR_CANNOT_EARN);
}

/** SQL condition for creator listings: only creators who can be paid are listed. */
export function canEarnCondition() {
  return eq(performers.verificationStatus, 'verified');
}
