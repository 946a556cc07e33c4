import { and, asc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { payments } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { type GatewayEvent, SegpayPostbackError, segpayGateway, WebhookSignatureError } from '../../lib/payments';
import { handleEvent } from './payments.service';
import { postbackTooEarly, reversedPayment } from './postback-order';

/**
 * A Segpay postback (docs/payments.md, "Segpay"): the source address and the
 * secret key are checked first (a forged postback is refused, logged and changes
 * nothing), then the event is applied once by `handleEvent` (event ids recorded:
 * a repeated postback changes nothing).
 *
 * Segpay may deliver out of order. A refund, void or chargeback of a sale we have
 * not applied yet, or a rebill of a membership whose first sale we have not
 * applied, is answered 409 and NOT recorded, so the same postback delivered again
 * later is applied.
 */
export async function receiveSegpayPostback(ctx: Ctx, fields: URLSearchParams, ip: string) {
  const gateway = segpayGateway(ctx.config);
  if (!gateway.allowsSource(ip)) {
    ctx.log.warn({ ip, gateway: 'segpay' }, 'postback refused: source address not allowed');
    throw forbidden('Postbacks are not accepted from this address');
  }
  let event: GatewayEvent;
  try {
    event = gateway.parseWebhook(fields.toString());
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      ctx.log.warn({ ip, gateway: 'segpay', reason: err.message }, 'postback refused: bad key');
      throw badRequest(`Postback verification failed: ${err.message}`, 'INVALID_SIGNATURE');
    }
    if (err instanceof SegpayPostbackError) throw badRequest(err.message, 'INVALID_POSTBACK');
    throw err;
  }
  event = await placeAgreement(ctx, event);
  await reversedPayment(ctx, 'segpay', event);
  return handleEvent(ctx, 'segpay', event);
}

/**
 * Rebills and membership endings name Segpay's purchase id only: the purpose and
 * its own ids (e.g. `subscriptionId`) come from the payment that started the
 * membership — named by our `paymentid` field, or found by the purchase id its
 * confirmation recorded (`metadata.recurringId`).
 */
async function placeAgreement(ctx: Ctx, e: GatewayEvent): Promise<GatewayEvent> {
  if (!e.type.startsWith('recurring.') || !e.recurring) return e;
  const first = await firstPaymentOf(ctx, e.paymentId ?? null, e.recurring.externalId);
  const ending = e.type === 'recurring.ended';
  // a Cancel/Disable of a membership we never knew is nothing to us
  if (!first && ending) return { ...e, type: 'ignored' };
  // a rebill waits for the sale that started the membership
  if (!first || (!ending && (first.status === 'created' || first.status === 'requires_action')))
    throw postbackTooEarly();
  const own = Object.entries(first.metadata ?? {}).filter(([, v]) => typeof v === 'string') as [string, string][];
  return {
    ...e,
    paymentId: null, // the event is about the agreement, not about that first payment
    recurring: {
      ...e.recurring,
      metadata: { ...Object.fromEntries(own), purpose: first.purpose, paymentId: first.id },
    },
  };
}

async function firstPaymentOf(ctx: Ctx, paymentId: string | null, purchaseId: string) {
  if (paymentId) {
    const [p] = await ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.gateway, 'segpay')));
    if (p) return p;
  }
  const [p] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, 'segpay'), sql`${payments.metadata}->>'recurringId' = ${purchaseId}`))
    .orderBy(asc(payments.createdAt))
    .limit(1);
  return p ?? null;
}
