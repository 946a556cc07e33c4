import { AGE_OF_MAJORITY } from '@marquee/shared';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { performers, users } from '../../db/schema';
import { type AppError, appError } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { isOfAge, latestAdultBirthDate } from './age';

/**
 * THE rule for money going to a creator (docs/accounts.md "only verified
 * creators of age may sell or be paid"; issue 17 item 1, issue 23 items 12
 * and 19; docs/security.md).
 *
 * A creator can earn when they have a creator profile whose identity
 * verification is `verified`, a date of birth that makes them at least
 * AGE_OF_MAJORITY years old, and an active (not suspended) account.
 *
 * It is applied on both sides of a sale:
 * - when something is PUT ON SALE (`assertCanSell`, the creator is told why):
 *   a post, gallery, video, scene, scenario or product for sale, a rent price,
 *   a paid message or mass message, a paid live stream or private/group show
 *   price. Going live at all needs a date of birth of age (`assertCanGoLive`).
 * - when something is BOUGHT (`assertCreatorCanEarn`, the buyer is told only
 *   that the creator cannot be paid): wallet payments of every kind
 *   (`walletPay` in wallet/charges.service.ts), subscriptions before a card
 *   checkout, payouts and paid stream minutes.
 *
 * Listings of creators (Top creators, Explore, search, followed creators) show
 * only creators who can earn, with `canEarnCondition()` in their WHERE clause.
 */
export const CREATOR_CANNOT_EARN = 'CREATOR_NOT_VERIFIED' as const;
export const DATE_OF_BIRTH_REQUIRED = 'DATE_OF_BIRTH_REQUIRED' as const;

/** Why a creator cannot earn, or null when they can. */
export type EarningRefusal = 'not_a_creator' | 'suspended' | 'not_verified' | 'date_of_birth';

async function refusalOf(db: Executor, creatorId: string, at: Date): Promise<EarningRefusal | null> {
  const [row] = await db
    .select({ verification: performers.verificationStatus, dateOfBirth: performers.dateOfBirth, status: users.status })
    .from(performers)
    .innerJoin(users, eq(users.id, performers.userId))
    .where(eq(performers.userId, creatorId))
    .limit(1);
  if (!row) return 'not_a_creator';
  if (row.status !== 'active') return 'suspended';
  if (row.verification !== 'verified') return 'not_verified';
  if (!isOfAge(row.dateOfBirth, at)) return 'date_of_birth';
  return null;
}

const dateOfBirthRequired = () =>
  appError(403, DATE_OF_BIRTH_REQUIRED, msg('error.dateOfBirthRequired', { min: AGE_OF_MAJORITY }));

/** What the creator is told when they try to sell, go live for money or be paid out. */
function sellerError(refusal: EarningRefusal): AppError {
  switch (refusal) {
    case 'not_a_creator':
      return appError(403, 'FORBIDDEN', msg('error.onlyCreators'));
    case 'suspended':
      return appError(403, 'ACCOUNT_SUSPENDED', msg('error.suspended'));
    case 'not_verified':
      return appError(403, CREATOR_CANNOT_EARN, msg('error.identityNotVerified'));
    case 'date_of_birth':
      return dateOfBirthRequired();
  }
}

export async function canEarn(db: Executor, creatorId: string, at: Date = new Date()): Promise<boolean> {
  return (await refusalOf(db, creatorId, at)) === null;
}

/** At purchase: 403 CREATOR_NOT_VERIFIED unless `canEarn`. Use it inside the paying transaction. */
export async function assertCreatorCanEarn(db: Executor, creatorId: string, at: Date = new Date()): Promise<void> {
  if (!(await canEarn(db, creatorId, at))) throw appError(403, CREATOR_CANNOT_EARN, msg('error.creatorCannotEarn'));
}

/**
 * When something is put on sale (a price > 0 or a for-sale flag is set, on create or update):
 * 403 telling the creator what is missing (CREATOR_NOT_VERIFIED, DATE_OF_BIRTH_REQUIRED, …).
 */
export async function assertCanSell(db: Executor, creatorId: string, at: Date = new Date()): Promise<void> {
  const refusal = await refusalOf(db, creatorId, at);
  if (refusal) throw sellerError(refusal);
}

/** Going live, even for free: the creator must have given a date of birth of age (403 DATE_OF_BIRTH_REQUIRED). */
export async function assertCanGoLive(db: Executor, creatorId: string, at: Date = new Date()): Promise<void> {
  const [row] = await db
    .select({ dateOfBirth: performers.dateOfBirth })
    .from(performers)
    .where(eq(performers.userId, creatorId))
    .limit(1);
  if (!row) throw sellerError('not_a_creator');
  if (!isOfAge(row.dateOfBirth, at)) throw dateOfBirthRequired();
}

/** SQL condition for creator listings: only creators who can be paid are listed. */
export function canEarnCondition(at: Date = new Date()) {
  return and(
    eq(performers.verificationStatus, 'verified'),
    isNotNull(performers.dateOfBirth),
    lte(performers.dateOfBirth, latestAdultBirthDate(at)),
  );
}
