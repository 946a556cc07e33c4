import type { Ctx } from '../../context';
import { AppError } from '../../lib/errors';
import { locate } from '../../lib/geo';
import { assertNotBlocked, type ViewerLocation } from '../blocks';
import type { SiteSettings } from '../settings';

export const SITE_COUNTRY_BLOCKED_MESSAGE = 'Purchases are not available in your country';
export const SITE_STATE_BLOCKED_MESSAGE = 'Purchases are not available in your state';

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
 * `db` may be the caller's transaction; `s` = settings read before it (no query outside the transaction).
 */
export async function assertMayPurchase(
  ctx: Pick<Ctx, 'db'>,
  s: Pick<SiteSettings, 'blockedCountries' | 'blockedUsStates'>,
  p: { creatorId: string | null; userId: string; geo?: ViewerLocation },
): Promise<void> {
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
