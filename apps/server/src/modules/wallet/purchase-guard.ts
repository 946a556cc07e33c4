import { and, eq, isNotNull } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { locate } from '../../lib/geo';
import { assertNotBlocked, type ViewerLocation } from '../blocks';
import type { SiteSettings } from '../settings';

export const SITE_COUNTRY_BLOCKED_MESSAGE = 'Purchases are not available in your country';
export const SITE_STATE_BLOCKED_MESSAGE = 'Purchases are not available in your state';
export const CHARGEBACK_HOLD_MESSAGE =
  'Purchases are paused on this account after a chargeback; contact support to have it reviewed';

/**
 * Who may pay whom, checked by every purchase, tip, subscription and top-up
 * that goes through the money and subscriptions services:
 * - the creator's blocks: the fan's account (403 BLOCKED) and the fan's country
 *   (403 COUNTRY_BLOCKED) — `blocks.service` `assertNotBlocked`;
 * - the site's blocked countries and US states (admin settings): 403
 *   SITE_COUNTRY_BLOCKED / SITE_STATE_BLOCKED.
 * Geo rules need the request's location (`requestGeo(ctx.config, req)`); server
 * callers without a request (jobs, stream billing) pass none and only the
 * account block applies. `creatorId` is null for top-ups (site rules only).
 * - an account a chargeback put on hold (`users.chargeback_hold_at`, docs/payments.md): 403
 *   CHARGEBACK_HOLD until an admin clears it.
 * `db` may be the caller's transaction; `s` = settings read before it (no query outside the transaction).
 */
export async function assertMayPurchase(
  ctx: Pick<Ctx, 'db'>,
  s: Pick<SiteSettings, 'blockedCountries' | 'blockedUsStates'>,
  p: { creatorId: string | null; userId: string; geo?: ViewerLocation },
): Promise<void> {
  const [held] = await ctx.db
    .select({ at: users.chargebackHoldAt })
    .from(users)
    .where(and(eq(users.id, p.userId), isNotNull(users.chargebackHoldAt)));
  if (held) throw new AppError(403, CHARGEBACK_HOLD_MESSAGE, 'CHARGEBACK_HOLD');
  if (p.creatorId) await assertNotBlocked(ctx, p.creatorId, p.userId, p.geo);
  if (!p.geo || (s.blockedCountries.length === 0 && s.blockedUsStates.length === 0)) return;
  const { country, region } = await locate(p.geo);
  if (country && s.blockedCountries.includes(country)) {
    throw new AppError(403, SITE_COUNTRY_BLOCKED_MESSAGE, 'SITE_COUNTRY_BLOCKED');
  }
  if (country === 'US' && region && s.blockedUsStates.includes(region)) {
    throw new AppError(403, SITE_STATE_BLOCKED_MESSAGE, 'SITE_STATE_BLOCKED');
  }
}
