import type {
  ConnectionTest,
  CreatedPayment,
  CreatePaymentInput,
  Gateway,
  GatewayEvent,
  RecurringCheckoutInput,
  RefundAnswer,
} from './gateway';
import { FLEXPAY_SIGNED, flexpaySignature, normaliseVerotelPostback, verifiedPostback } from './verotel.postback';

/** FlexPay protocol version of our order links. */
export const FLEXPAY_VERSION = '4';
/** The sale currencies FlexPay accepts. */
export const VEROTEL_CURRENCIES = ['USD', 'EUR', 'GBP', 'AUD', 'CAD', 'CHF', 'DKK', 'NOK', 'SEK'];
/** Why an admin refund is refused: Verotel's refund API is not public (docs/payments.md, "Verotel"). */
export const VEROTEL_REFUND_ELSEWHERE =
  "Verotel refunds are made in Verotel's Control Center; its credit postback then reverses the payment here";

export interface VerotelOptions {
  shopId: string;
  signatureKey: string;
  /** The brand's FlexPay host, e.g. https://secure.verotel.com. */
  flexpayUrl: string;
  /** Control Center API base, e.g. https://controlcenter.verotel.com/api. */
  apiUrl: string;
  apiUsername?: string;
  apiPassword?: string;
  /** Our public origin, for app-relative return URLs. */
  publicUrl: string;
}

const cents = (n: number) => (n / 100).toFixed(2);
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/**
 * Verotel FlexPay: signed order links to Verotel's hosted Order Page (a purchase for top-ups, a
 * recurring subscription for memberships), signed postbacks back (GET, answered `OK`), and the
 * Control Center API to stop rebilling. Card data stays at Verotel.
 */
export class VerotelGateway implements Gateway {
  readonly name = 'verotel' as const;
  constructor(private readonly o: VerotelOptions) {}

  private abs(url: string) {
    return url.startsWith('http') ? url : `${this.o.publicUrl}${url}`;
  }

  /** An order link: the signed parameters sorted, `signature` last (what Verotel's clients send). */
  orderUrl(path: string, params: Record<string, string | undefined>): string {
    const all: Record<string, string> = { version: FLEXPAY_VERSION, shopID: this.o.shopId };
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') all[k] = v;
    const signed = Object.fromEntries(Object.entries(all).filter(([k]) => FLEXPAY_SIGNED.has(k)));
    const query = new URLSearchParams(
      Object.keys(all)
        .sort()
        .map((k): [string, string] => [k, all[k]]),
    );
    query.set('signature', flexpaySignature(this.o.signatureKey, signed));
    return `${this.o.flexpayUrl}${path}?${query}`;
  }

  /**
   * What every order link of a payment carries: our reference, pass-through fields, where the buyer
   * returns. A purchase's postback names our payment (referenceID); a rebill names only the sale, so
   * memberships pass their purpose and keys through (custom1, custom2).
   */
  private common(input: CreatePaymentInput, metadata: Record<string, string> = {}) {
    const currency = input.currency.toUpperCase();
    if (!VEROTEL_CURRENCIES.includes(currency)) throw new Error(`Verotel does not sell in ${currency}`);
    if (input.card) throw new Error('Verotel keeps no saved cards here: every payment goes through its Order Page');
    const { purpose, ...keys } = metadata;
    const custom2 = new URLSearchParams(keys).toString();
    if (custom2.length > 255) throw new Error('The pass-through data is longer than FlexPay allows');
    const back = this.abs(input.returnUrl);
    const join = back.includes('?') ? '&' : '?';
    return {
      priceCurrency: currency,
      referenceID: input.paymentId,
      custom1: purpose,
      custom2,
      custom3: input.userId,
      successURL: `${back}${join}payment=${input.paymentId}`,
      declineURL: `${back}${join}payment=${input.paymentId}&verotel=declined`,
    };
  }

  /** A one-off purchase on Verotel's Order Page; the sale is known from its postback. */
  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const url = this.orderUrl('/startorder', {
      type: 'purchase',
      priceAmount: cents(input.amountCents),
      description: clip(input.description, 100),
      ...this.common(input),
    });
    return { externalId: `ref:${input.paymentId}`, checkoutUrl: url };
  }

  /**
   * A recurring subscription: `priceAmount` every `period`; a cheaper first period is FlexPay's
   * trial (`trialAmount` for `trialPeriod`). Refused without the Control Center API: the site could
   * not stop Verotel's rebilling when a subscription ends here (blocked, refunded, grace over).
   */
  async createRecurringCheckout(input: RecurringCheckoutInput): Promise<CreatedPayment> {
    if (!this.hasApi) throw new Error('Verotel subscriptions need the Control Center API (VEROTEL_API_USERNAME)');
    const r = input.recurring;
    const period = `P${r.intervalDays}D`;
    const trial = input.amountCents < r.priceCents;
    const url = this.orderUrl('/startorder', {
      type: 'subscription',
      subscriptionType: 'recurring',
      priceAmount: cents(r.priceCents),
      period,
      trialAmount: trial ? cents(input.amountCents) : undefined,
      trialPeriod: trial ? period : undefined,
      name: clip(r.productName, 100),
      ...this.common(input, r.metadata),
    });
    return { externalId: `ref:${input.paymentId}`, checkoutUrl: url };
  }

  parseWebhook(rawQuery: string): GatewayEvent {
    return normaliseVerotelPostback(verifiedPostback(rawQuery, this.o.shopId, this.o.signatureKey));
  }

  /** Refunds are made in the Control Center (its API's refund call is not public): refused here, nothing moves. */
  async refund(): Promise<RefundAnswer> {
    return { status: 'failed', reason: VEROTEL_REFUND_ELSEWHERE };
  }

  /** Stop rebilling (the period paid runs to its end; Verotel then sends `expiry`). Verotel has no API to resume. */
  async setCancelAtPeriodEnd(saleId: string, cancel: boolean): Promise<void> {
    if (!cancel) throw new Error('Verotel cannot resume a cancelled sale (only its support can); subscribe anew');
    await this.cancelSale(saleId);
  }

  /** Verotel's cancel stops every future rebill: what "end now" needs once access ended here. */
  async cancelNow(saleId: string): Promise<void> {
    await this.cancelSale(saleId);
  }

  /**
   * Verotel documents no read-only call of the Control Center API (only cancel and refund), and the
   * Order Page cannot be asked without a buyer: the settings are checked here, a link signed.
   */
  async testConnection(): Promise<ConnectionTest> {
    const link = this.orderUrl('/startorder', { type: 'purchase', priceAmount: '1.00', priceCurrency: 'USD' });
    const api = this.hasApi
      ? 'Control Center API credentials set'
      : 'no Control Center API credentials (memberships need them)';
    return {
      ok: /signature=[0-9a-f]{64}/.test(link),
      mode: 'local',
      message: `Checked here (Verotel offers no test call): shop ${this.o.shopId}, signed order links; ${api}`,
    };
  }

  get hasApi(): boolean {
    return Boolean(this.o.apiUsername && this.o.apiPassword);
  }

  /**
   * Control Center API `POST sale/{saleID}/cancel` (Basic auth, `Accept: application/json;
   * version=1.5.0`): 200 `{ is_success: true }`; 412 when the sale no longer rebills (already
   * cancelled or ended), which is what we wanted.
   */
  private async cancelSale(saleId: string): Promise<void> {
    if (!this.hasApi) throw new Error('The Verotel Control Center API is not configured (VEROTEL_API_USERNAME)');
    const auth = Buffer.from(`${this.o.apiUsername}:${this.o.apiPassword}`).toString('base64');
    const res = await fetch(`${this.o.apiUrl}/sale/${encodeURIComponent(saleId)}/cancel`, {
      method: 'POST',
      headers: { authorization: `Basic ${auth}`, accept: 'application/json; version=1.5.0' },
      signal: AbortSignal.timeout(15_000),
    });
    if (res.status === 412) return;
    const body = (await res.json().catch(() => null)) as { is_success?: boolean; error?: { title?: string } } | null;
    if (res.status !== 200 || !body?.is_success)
      throw new Error(`Verotel did not cancel sale ${saleId}: ${res.status} ${body?.error?.title ?? ''}`.trim());
  }
}
