import type { ErrorCode } from '@marquee/shared';
import { fromCents, toCents } from '@marquee/shared';
import type { Ctx } from '../../context';
import { badRequest } from '../../lib/errors';

/**
 * THE price limits of anything a creator prices for fans to buy from their wallet: posts for sale,
 * catalogue items (sale and rent prices), paid and mass messages. They are the admin settings
 * `minimumContentPrice`/`maximumContentPrice` (defaults 0.50 and 10,000 tokens, CONTENT_PRICE_LIMITS),
 * not the wallet top-up limits. Subscription prices and tips have their own settings.
 */
export async function priceLimits(ctx: Pick<Ctx, 'settings'>): Promise<{ min: number; max: number }> {
  const s = await ctx.settings.all();
  return { min: toCents(s.minimumContentPrice), max: toCents(s.maximumContentPrice) };
}

/**
 * A creator-set price (decimal tokens) within `priceLimits`, or 400 with `code` naming the field.
 * Returns the price in cents.
 */
export async function assertPrice(
  ctx: Pick<Ctx, 'settings'>,
  tokens: number,
  o: { label?: string; field?: string; code: ErrorCode },
): Promise<number> {
  const cents = toCents(tokens);
  const { min, max } = await priceLimits(ctx);
  if (cents < min || cents > max)
    throw badRequest(
      `${o.label ?? 'The price'} must be between ${fromCents(min).toFixed(2)} and ${fromCents(max).toFixed(2)} tokens`,
      o.code,
      [{ field: o.field ?? 'price', message: 'Outside the site limits' }],
    );
  return cents;
}
