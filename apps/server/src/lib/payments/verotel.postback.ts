import crypto from 'node:crypto';
import { type GatewayEvent, type RecurringRef, WebhookSignatureError } from './gateway';

/**
 * Verotel FlexPay signatures and postbacks (docs/payments.md, "Verotel"). A FlexPay signature is
 * the lowercase hex SHA-256 of the signature key followed by the parameters as `key=value`,
 * sorted by key, all joined with `:`; `shopID` is always among them. Order links sign only the
 * documented FlexPay parameters; a postback is verified over every parameter it carries except
 * `signature`. Verotel's own clients still accept the older SHA-1 form, and so do we.
 */
export function flexpaySignature(key: string, params: Record<string, string>, alg: 'sha256' | 'sha1' = 'sha256') {
  const parts = Object.keys(params)
    .sort()
    .map((k) => `${k}=${params[k]}`);
  return crypto
    .createHash(alg)
    .update([key, ...parts].join(':'), 'utf8')
    .digest('hex');
}

/** The parameters FlexPay signs in an order link (email and oneClickToken are sent unsigned). */
export const FLEXPAY_SIGNED = new Set([
  'version',
  'shopID',
  'priceAmount',
  'priceCurrency',
  'paymentMethod',
  'description',
  'referenceID',
  'saleID',
  'custom1',
  'custom2',
  'custom3',
  'subscriptionType',
  'period',
  'name',
  'trialAmount',
  'trialPeriod',
  'cancelDiscountPercentage',
  'type',
  'successURL',
  'declineURL',
  'precedingSaleID',
  'upgradeOption',
]);

const same = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The postback's parameters from its raw query string, once each, verified: the signature over all
 * of them, and the shop. Throws WebhookSignatureError (the route answers 400 and logs it).
 */
export function verifiedPostback(rawQuery: string, shopId: string, key: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(rawQuery)) {
    if (k in params) throw new WebhookSignatureError(`Parameter ${k} appears twice`);
    params[k] = v;
  }
  const { signature = '', ...signed } = params;
  if (!signature) throw new WebhookSignatureError('Missing signature');
  if (signed.shopID !== shopId) throw new WebhookSignatureError('The postback names another shop');
  const given = signature.toLowerCase();
  if (!same(given, flexpaySignature(key, signed)) && !same(given, flexpaySignature(key, signed, 'sha1')))
    throw new WebhookSignatureError('Invalid FlexPay signature');
  return params;
}

/** `12.34` → 1234; anything else (missing, malformed) → undefined. */
export function toCents(amount: string | undefined): number | undefined {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount ?? '');
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : undefined;
}

/**
 * What we passed through the order link and Verotel hands back on every postback of the sale:
 * custom1 = the payment's purpose, custom2 = the purpose's own keys (`a=1&b=2`), custom3 = our user.
 */
export function passThrough(p: Record<string, string>): Record<string, string> {
  return {
    ...Object.fromEntries(new URLSearchParams(p.custom2 ?? '')),
    ...(p.custom1 ? { purpose: p.custom1 } : {}),
    ...(p.custom3 ? { userId: p.custom3 } : {}),
  };
}

/**
 * A verified postback as a gateway event. Its id is the processor's transaction id where the
 * postback names one (sale, rebill, credit, chargeback), else the event, sale and signature (a
 * retried delivery repeats all three): `handleEvent` applies each once.
 *   (no event: a purchase) → payment.succeeded   initial → payment.succeeded + the agreement (saleID)
 *   rebill → recurring.paid   cancel, expiry → recurring.ended   credit → payment.refunded
 *   chargeback → payment.disputed   uncancel, extend, downgrade, upgrade → ignored (docs/payments.md)
 */
export function normaliseVerotelPostback(p: Record<string, string>): GatewayEvent {
  const event = p.event || 'purchase';
  const id = p.transactionID
    ? `${event}:${p.transactionID}`
    : `${event}:${p.saleID ?? ''}:${(p.signature ?? '').slice(0, 16)}`;
  const agreement = (extra: Partial<RecurringRef> = {}): RecurringRef => ({
    externalId: p.saleID ?? '',
    metadata: passThrough(p),
    ...extra,
  });
  const base = { id, raw: p };
  switch (event) {
    case 'purchase':
    case 'initial':
      return {
        ...base,
        type: 'payment.succeeded',
        paymentId: p.referenceID ?? null,
        externalId: p.transactionID || `sale:${p.saleID}`,
        recurring: event === 'initial' ? agreement() : null,
      };
    case 'rebill':
      return {
        ...base,
        type: 'recurring.paid',
        recurring: agreement({
          chargeId: p.transactionID ?? null,
          amountCents: toCents(p.amount ?? p.priceAmount),
          currency: p.currency ?? p.priceCurrency ?? null,
        }),
      };
    case 'cancel':
    case 'expiry':
      return {
        ...base,
        type: 'recurring.ended',
        recurring: agreement(),
        reason: event === 'cancel' ? `cancelled at Verotel by ${p.cancelledBy ?? 'unknown'}` : 'expired at Verotel',
      };
    case 'credit':
    case 'chargeback':
      return {
        ...base,
        type: event === 'credit' ? 'payment.refunded' : 'payment.disputed',
        // a purchase is one transaction (its referenceID is our payment); a subscription's credit names
        // the charge it gives back (`parentID`: the initial or a rebill transaction)
        paymentId: p.type === 'purchase' ? (p.referenceID ?? null) : null,
        externalId: p.parentID ?? null,
        reason: event === 'credit' ? 'refunded at Verotel' : 'chargeback',
      };
    default:
      return { ...base, type: 'ignored' };
  }
}
