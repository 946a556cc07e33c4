import { checkoutPurposeOf, type GatewayName, isSoftDecline } from '@marquee/shared/payments';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import type { PaymentRow } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import type { SiteSettings } from '../settings';
import { openCheckout } from './checkout';
import { findPayment, insertPayment } from './payments.repo';
import { failPayment } from './payments.service';
import { paymentPurpose } from './purposes';

/**
 * Failover (cascade, issue 25): when a processor declines a checkout for a reason another one might
 * accept, or does not answer when the checkout opens, the fan is offered the next active processor
 * for the same purpose (the admin's order). The attempt at the next one is a fresh payment of the
 * same purchase (`retryOf` in its metadata), so every attempt stays a row of its own: approval rates
 * per processor are counted from them (gateway-stats.ts).
 */

/** The processor after `gateway` in the purpose's list (the first other one when `gateway` left the list). */
function nextGatewayAfter(ctx: Ctx, s: SiteSettings, purpose: string, gateway: GatewayName): GatewayName | null {
  const list = ctx.settings.paymentMethods(s)[checkoutPurposeOf(purpose)];
  const at = list.indexOf(gateway);
  return (at < 0 ? list.find((g) => g !== gateway) : list[at + 1]) ?? null;
}

const isRecurringCharge = (p: PaymentRow) => {
  const m = (p.metadata ?? {}) as { renewal?: unknown; offSession?: unknown };
  return m.renewal === true || m.offSession === true;
};

/**
 * What the result page may offer after this payment: the next processor when the payment failed with
 * a soft decline (or never opened), or is still open at a hosted processor (Verotel sends no postback
 * for a decline; the fan comes back with `verotel=declined`). Renewals and off-session charges: none.
 */
export function failoverFor(ctx: Ctx, s: SiteSettings, p: PaymentRow): GatewayName | null {
  if (isRecurringCharge(p)) return null;
  const open = p.status === 'created' && p.gateway !== 'sandbox' && p.gateway !== 'stripe';
  if (!open && !(p.status === 'failed' && isSoftDecline(p.failureReason))) return null;
  return nextGatewayAfter(ctx, s, p.purpose, p.gateway);
}

/** Where the purchase's checkout goes back to, per purpose (the page it started from). */
function returnPath(p: PaymentRow): string {
  const m = (p.metadata ?? {}) as { returnTo?: unknown };
  if (typeof m.returnTo === 'string' && m.returnTo.startsWith('/') && !m.returnTo.startsWith('//')) return m.returnTo;
  return p.purpose === 'topup' ? '/wallet' : p.purpose === 'subscription' ? '/user/subscriptions' : '/';
}

/**
 * POST /payment/transactions/{id}/failover: the same purchase as a fresh payment at `gateway`, which
 * must be offered for the purpose and differ from the first. The earlier payment, if still open, is
 * closed as failed (a late success of it is still credited: the money was taken). A coupon of a
 * top-up is not carried over (it was released with the failed payment; the fan may apply it again).
 */
export async function failoverPayment(ctx: Ctx, userId: string, paymentId: string, gateway: GatewayName) {
  const p = await findPayment(ctx.db, paymentId);
  if (!p || p.userId !== userId) throw badRequest('No such payment of yours', 'NOT_FOUND');
  if (isRecurringCharge(p) || (p.status !== 'failed' && p.status !== 'created'))
    throw conflict('Only a declined or unfinished checkout can be tried elsewhere', 'NOT_RETRYABLE');
  if (gateway === p.gateway) throw badRequest('Pick another payment method', 'GATEWAY_NOT_OFFERED');
  const s = await ctx.settings.all();
  ctx.settings.checkoutGateway(s, checkoutPurposeOf(p.purpose), gateway);
  if (p.status === 'created') await failPayment(ctx, p.id, `Tried again with ${gateway}`);
  const { sandboxCard: _card, offSession: _off, ...metadata } = (p.metadata ?? {}) as Record<string, unknown>;
  const fresh = await insertPayment(ctx.db, {
    id: newId(),
    userId,
    gateway,
    purpose: p.purpose,
    amountCents: p.amountCents,
    chargedCents: p.amountCents,
    currency: p.currency,
    metadata: { ...metadata, retryOf: p.id },
  });
  const handler = paymentPurpose(p.purpose);
  const terms = handler?.checkoutTerms?.(fresh) ?? { returnUrl: returnPath(p) };
  await openCheckout(ctx, fresh.id, terms);
  return (await findPayment(ctx.db, fresh.id))!;
}
