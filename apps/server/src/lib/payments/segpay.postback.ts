import crypto from 'node:crypto';
import { toCents } from '@marquee/shared';
import { isUuid } from '../../db/ids';
import { type GatewayEvent, WebhookSignatureError } from './gateway';

/**
 * Segpay postbacks, normalised (docs/payments.md, "Segpay"). Segpay does not sign
 * them: the postback URL the operator configures carries our secret (`key`), and
 * the route may also restrict the source addresses. Field names are Segpay's
 * postback parameters (`<action>`, `<stage>`, `<approved>`, `<trantype>`,
 * `<purchaseid>`, `<tranid>`, `<relatedtranid>`, `<price>`, `<currencycode>`) and
 * our custom field `paymentid` (`<extra paymentid>`), case-insensitive.
 *
 * - Transaction postbacks (TransPost): `trantype` sale / credit (refund) / charge
 *   (chargeback); `action` Auth or Void; `stage` Initial, Conversion, Rebill,
 *   Instantconversion; `approved` Yes / No.
 * - Member management postbacks (synchronous, answered `OK`): `action` Probe
 *   (inquiry), Enable, Disable, Cancel, Reactivation.
 */

export class SegpayPostbackError extends Error {}

/** Constant-time comparison of two secrets of any length. */
function sameSecret(given: string, expected: string): boolean {
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

/** The postback's fields (query string and form body merged), lower-cased names. */
function fieldsOf(rawBody: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(rawBody)) fields.set(k.toLowerCase(), v.trim());
  return fields;
}

export function parseSegpayPostback(rawBody: string, postbackKey: string): GatewayEvent {
  const f = fieldsOf(rawBody);
  if (!postbackKey) throw new WebhookSignatureError('SEGPAY_POSTBACK_KEY is not configured');
  const key = f.get('key');
  if (!key) throw new WebhookSignatureError('The postback carries no key');
  if (!sameSecret(key, postbackKey)) throw new WebhookSignatureError('The postback key does not match');
  f.delete('key'); // never stored with the event
  return normaliseSegpayPostback(f);
}

const SALE_STAGES = new Set(['conversion', 'rebill', 'instantconversion']);

export function normaliseSegpayPostback(f: Map<string, string>): GatewayEvent {
  const get = (k: string) => f.get(k) ?? '';
  const action = get('action').toLowerCase();
  const trantype = get('trantype').toLowerCase();
  const stage = get('stage').toLowerCase();
  const approved = get('approved').toLowerCase() === 'yes';
  const tranId = get('tranid');
  const purchaseId = get('purchaseid');
  const raw = Object.fromEntries(f);
  if (!action) throw new SegpayPostbackError('The postback names no action');

  // our payment id, passed on the join link and returned by Segpay (`<extra paymentid>`)
  const base = { raw, paymentId: isUuid(get('paymentid')) ? get('paymentid') : null };
  if (!trantype) {
    // member management: one event per membership change
    if (!purchaseId) throw new SegpayPostbackError('The member postback names no purchaseid');
    const id = `${action}:${purchaseId}:${tranId || get('transtime')}`;
    const recurring = { externalId: purchaseId, metadata: {} };
    if (action === 'cancel') return { ...base, id, type: 'recurring.ended', recurring, reason: 'Cancelled at Segpay' };
    if (action === 'disable')
      return { ...base, id, type: 'recurring.ended', recurring, reason: 'Access ended at Segpay' };
    return { ...base, id, type: 'ignored' }; // probe, enable, reactivation: the money postbacks carry the facts
  }

  if (!tranId) throw new SegpayPostbackError('The transaction postback names no tranid');
  const id = `${action}:${trantype}:${tranId}`;
  const related = get('relatedtranid') || null;
  const price = Number.parseFloat(get('price'));
  const amountCents = Number.isFinite(price) ? toCents(Math.abs(price)) : undefined;
  const currency = get('currencycode').toUpperCase() || null;

  if (trantype === 'credit') return { ...base, id, type: 'payment.refunded', externalId: related ?? tranId };
  if (trantype === 'charge')
    return { ...base, id, type: 'payment.disputed', externalId: related ?? tranId, reason: 'Chargeback' };
  if (trantype !== 'sale') return { ...base, id, type: 'ignored' };
  // a void takes the sale back before it settles: for us a refund
  if (action === 'void') return { ...base, id, type: 'payment.refunded', externalId: related ?? tranId };
  if (action !== 'auth') return { ...base, id, type: 'ignored' };

  if (SALE_STAGES.has(stage)) {
    if (!purchaseId) throw new SegpayPostbackError('The rebill postback names no purchaseid');
    const recurring = { externalId: purchaseId, metadata: {}, chargeId: tranId, amountCents, currency };
    return approved
      ? { ...base, id, type: 'recurring.paid', recurring }
      : { ...base, id, type: 'recurring.failed', recurring, reason: 'The rebill was declined' };
  }
  if (!approved) return { ...base, id, type: 'payment.failed', externalId: tranId, reason: 'The card was declined' };
  return {
    ...base,
    id,
    type: 'payment.succeeded',
    externalId: tranId,
    // a membership's later postbacks name its purchase id; cancel and expire need it
    recurring: purchaseId ? { externalId: purchaseId, metadata: {} } : null,
  };
}
