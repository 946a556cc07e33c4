import type { Ctx } from '../../context';
import { badRequest, forbidden } from '../../lib/errors';
import { ipAllowList } from '../../lib/ip-allow-list';
import { type GatewayEvent, verotelGateway, WebhookSignatureError } from '../../lib/payments';
import { toCents } from '../../lib/payments/verotel.postback';
import { handleEvent } from './payments.service';
import { reversedPayment } from './postback-order';

/**
 * GET or POST /payments/verotel/webhook: one FlexPay postback (docs/payments.md, "Verotel");
 * `rawQuery` is the query string and, for a POST, the form body after it. Refused with a 4xx,
 * logged, and applied to nothing when it comes from an address outside VEROTEL_POSTBACK_IPS (403)
 * or its signature or shop is wrong (400). A refund or chargeback of a sale whose own
 * postback has not been applied yet (a reordered delivery) answers 409 without recording it, so
 * Verotel's retry applies it later. Everything else goes through `handleEvent` once per event id.
 */
export async function handleVerotelPostback(ctx: Ctx, rawQuery: string, ip: string) {
  if (!ipAllowList(ctx.config.VEROTEL_POSTBACK_IPS).allows(ip)) {
    ctx.log.warn({ ip }, 'verotel postback refused: address not allowed');
    throw forbidden('Postbacks are accepted only from Verotel’s addresses');
  }
  let event: GatewayEvent;
  try {
    event = verotelGateway(ctx.config).parseWebhook(rawQuery);
  } catch (err) {
    if (!(err instanceof WebhookSignatureError)) throw err;
    ctx.log.warn({ ip, reason: err.message }, 'verotel postback refused: signature');
    throw badRequest(`Postback signature verification failed: ${err.message}`, 'INVALID_SIGNATURE');
  }
  if (event.type === 'payment.refunded' || event.type === 'payment.disputed') event = await checkReversal(ctx, event);
  const outcome = await handleEvent(ctx, 'verotel', event);
  ctx.log.info({ eventId: event.id, type: event.type, ...outcome }, 'verotel postback');
  return outcome;
}

/**
 * A credit or chargeback names the charge it takes back: it waits (409, Verotel retries) until that
 * charge is applied here (`reversedPayment`). A partial credit is recorded but not applied (the ledger
 * reverses whole payments only): the admin settles it by hand (logged).
 */
async function checkReversal(ctx: Ctx, e: GatewayEvent): Promise<GatewayEvent> {
  const p = await reversedPayment(ctx, 'verotel', e);
  if (!p) return e;
  const raw = e.raw as Record<string, string>;
  const amount = toCents(raw.priceAmount ?? raw.amount);
  if (e.type === 'payment.refunded' && amount !== undefined && amount < p.chargedCents) {
    ctx.log.warn(
      { eventId: e.id, paymentId: p.id, amount, charged: p.chargedCents },
      'verotel partial credit: settle by hand',
    );
    return { ...e, type: 'ignored', reason: 'partial credit' };
  }
  return e;
}
