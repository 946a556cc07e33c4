import type { GatewayEvent } from './gateway';

/**
 * CCBill Webhooks (https://ccbill.com/doc/webhooks-user-guide): an HTTP POST per event to the
 * URL the merchant configured, with `eventType` (and `eventGroupType`, `clientAccnum`,
 * `clientSubacc`) in the query string and the event's fields in the body, URL encoded
 * (`application/x-www-form-urlencoded`, the original format) or JSON. They are NOT signed:
 * the route accepts them only from CCBill's published address ranges and on a secret path.
 */
export type CcbillFields = Record<string, string>;

/** Custom form fields come back in webhooks with an `X-` prefix: our payment id rides on the form as `paymentId`. */
export const CCBILL_PAYMENT_FIELD = 'paymentId';

/** The ISO 4217 numeric codes FlexForms takes (Dynamic Pricing guide, "currencyCode"). */
export const CCBILL_CURRENCY_CODES: Readonly<Record<string, string>> = {
  USD: '840',
  EUR: '978',
  GBP: '826',
  CAD: '124',
  AUD: '036',
  JPY: '392',
};

export function currencyOfCode(code: string | undefined): string | null {
  if (!code) return null;
  const n = Number(code);
  return Object.entries(CCBILL_CURRENCY_CODES).find(([, c]) => Number(c) === n)?.[0] ?? null;
}

/** A decimal amount as CCBill writes it ("9.95") → cents; null when absent or not a number. */
export function centsOf(amount: string | undefined): number | null {
  if (amount === undefined || amount.trim() === '' || !/^-?\d+(\.\d+)?$/.test(amount.trim())) return null;
  return Math.round(Number(amount) * 100);
}

/** The body in either documented format, flattened to strings (nested JSON values are not CCBill's). */
export function parsePostbackBody(raw: string, contentType: string | undefined): CcbillFields {
  const out: CcbillFields = {};
  if ((contentType ?? '').includes('json')) {
    const parsed: unknown = JSON.parse(raw || '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('Expected a JSON object');
    for (const [k, v] of Object.entries(parsed))
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    return out;
  }
  for (const [k, v] of new URLSearchParams(raw)) out[k] = v;
  return out;
}

/** The fields we keep with the recorded event (reconciliation): ids, amounts, reasons — no names, addresses or passwords. */
const KEPT = new Set([
  'eventType',
  'eventGroupType',
  'subscriptionId',
  'transactionId',
  'clientAccnum',
  'clientSubacc',
  'timestamp',
  'billedInitialPrice',
  'billedRecurringPrice',
  'billedAmount',
  'billedCurrency',
  'billedCurrencyCode',
  'accountingAmount',
  'accountingCurrency',
  'amount',
  'currency',
  'currencyCode',
  'initialPeriod',
  'recurringPeriod',
  'rebills',
  'nextRenewalDate',
  'renewalDate',
  'reason',
  'source',
  'failureCode',
  'failureReason',
]);

export function keptFields(f: CcbillFields): CcbillFields {
  return Object.fromEntries(Object.entries(f).filter(([k]) => KEPT.has(k) || k.startsWith('X-')));
}

/**
 * The event id recorded once per delivery: the event type and CCBill's transaction id, or for
 * events without one (Cancellation, Expiration) the subscription id and the event's timestamp.
 */
export function postbackEventId(f: CcbillFields): string {
  const key = f.transactionId || `${f.subscriptionId ?? ''}:${f.timestamp ?? ''}`;
  return `${f.eventType ?? 'unknown'}:${key}`;
}

/**
 * A postback as a gateway event. Sales name our payment (`X-paymentId`) and become keyed by
 * CCBill's subscription id; renewals, failures, cancellations and expirations are about the
 * agreement (its metadata is looked up by the caller); refunds, voids and chargebacks name the
 * transaction and its subscription (a renewal's payment is keyed by its transaction id, a sale's
 * by the subscription id).
 */
export function normaliseCcbillPostback(f: CcbillFields): GatewayEvent {
  const base = { id: postbackEventId(f), raw: keptFields(f) };
  const subscriptionId = f.subscriptionId || null;
  const transactionId = f.transactionId || null;
  const agreement = subscriptionId ? { externalId: subscriptionId, metadata: {} } : null;
  switch (f.eventType) {
    case 'NewSaleSuccess':
      return {
        ...base,
        type: 'payment.succeeded',
        paymentId: f[`X-${CCBILL_PAYMENT_FIELD}`] || null,
        externalId: subscriptionId,
        // a recurring price point starts an agreement CCBill rebills (single charges have recurringPeriod 0)
        recurring: Number(f.recurringPeriod ?? 0) > 0 ? agreement : null,
      };
    case 'NewSaleFailure':
      return {
        ...base,
        type: 'payment.failed',
        paymentId: f[`X-${CCBILL_PAYMENT_FIELD}`] || null,
        reason: f.failureReason || 'The payment was declined',
      };
    case 'RenewalSuccess':
      if (!agreement || !transactionId) return { ...base, type: 'ignored' };
      return {
        ...base,
        type: 'recurring.paid',
        recurring: {
          ...agreement,
          chargeId: transactionId,
          amountCents: centsOf(f.billedAmount) ?? centsOf(f.accountingAmount) ?? 0,
          currency: f.billedCurrency || currencyOfCode(f.billedCurrencyCode),
        },
      };
    case 'RenewalFailure':
      if (!agreement) return { ...base, type: 'ignored' };
      return { ...base, type: 'recurring.failed', recurring: agreement, reason: f.failureReason || null };
    case 'Cancellation':
    case 'Expiration':
      if (!agreement) return { ...base, type: 'ignored' };
      return { ...base, type: 'recurring.ended', recurring: agreement, reason: f.reason || f.eventType.toLowerCase() };
    case 'Refund':
    case 'Void':
    case 'Chargeback':
      return {
        ...base,
        type: f.eventType === 'Chargeback' ? 'payment.disputed' : 'payment.refunded',
        externalId: transactionId,
        invoiceId: subscriptionId,
        reason: f.reason || null,
      };
    default:
      return { ...base, type: 'ignored' };
  }
}
