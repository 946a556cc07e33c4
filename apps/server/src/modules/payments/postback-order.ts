import type { Ctx } from '../../context';
import { conflict } from '../../lib/errors';
import type { GatewayEvent, GatewayName } from '../../lib/payments';
import { findPayment, findPaymentByExternal } from './payments.repo';

export const postbackTooEarly = () =>
  conflict('This postback is about a payment not confirmed yet; deliver it again later', 'POSTBACK_OUT_OF_ORDER');

const OPEN = new Set(['created', 'requires_action']);

/**
 * Processors may deliver out of order. A refund, void or chargeback names the payment it takes
 * back (our id, its transaction, or for CCBill the subscription of a sale, as `handleEvent` finds
 * it); until that payment's own sale is applied here the reversal is answered 409
 * `POSTBACK_OUT_OF_ORDER` and NOT recorded, so the processor's retry applies it afterwards, once.
 * Answers the payment for the other events' callers (null when the event is no reversal).
 */
export async function reversedPayment(ctx: Ctx, gateway: GatewayName, e: GatewayEvent) {
  if (e.type !== 'payment.refunded' && e.type !== 'payment.disputed') return null;
  const byId = e.paymentId ? await findPayment(ctx.db, e.paymentId) : null;
  const p =
    (byId?.gateway === gateway ? byId : null) ??
    (e.externalId ? await findPaymentByExternal(ctx.db, gateway, e.externalId) : null) ??
    (e.invoiceId ? await findPaymentByExternal(ctx.db, gateway, e.invoiceId) : null);
  if (!p || OPEN.has(p.status)) {
    ctx.log.warn(
      { gateway, eventId: e.id, reverses: e.externalId ?? e.paymentId ?? e.invoiceId },
      'reversal postback before its sale: answered 409 for the retry',
    );
    throw postbackTooEarly();
  }
  return p;
}
