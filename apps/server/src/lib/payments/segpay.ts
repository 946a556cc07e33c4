import { IpAllowList } from '../ip-allow-list';
import type {
  ConnectionTest,
  CreatedPayment,
  CreatePaymentInput,
  Gateway,
  GatewayEvent,
  RecurringCheckoutInput,
  RefundAnswer,
} from './gateway';
import { parseSegpayPostback } from './segpay.postback';

/**
 * Segpay (docs/payments.md, "Segpay"). Card data is entered on Segpay's hosted
 * payment page only: we build its join link, Segpay tells us what happened by
 * postbacks (segpay.postback.ts), and the SRS web services cancel, expire and
 * refund. Every base URL is configurable, so tests point them at a local peer.
 */
export interface SegpayOptions {
  packageId: string;
  /** Dynamic Pricing price point (single charges). */
  pricePointId: string;
  /** Dynamic Recurring Billing price point (memberships); without it subscriptions by Segpay are refused. */
  recurringPricePointId?: string;
  merchantId: string;
  userId: string;
  accessKey: string;
  postbackKey: string;
  /** IPs or CIDR ranges postbacks may come from; empty: any source with the key. */
  postbackIps: string[];
  paymentUrl: string;
  srsUrl: string;
  recurringPricingUrl: string;
  publicUrl: string;
}

const TIMEOUT_MS = 15_000;
/** SRS answers that mean the membership already does not renew: cancelling again is done, not an error. */
const NOT_ACTIVE = /not active/i;
/** Refund answers that mean nothing was refunded (bad credentials or transaction); anything else unknown stays pending. */
const REFUND_REFUSED = /invalid|mismatch|missing/i;

const decimal = (cents: number) => (cents / 100).toFixed(2);

/** An SRS/ASMX answer (`<string xmlns="…">Successful</string>`) as its text. */
export function srsText(body: string): string {
  return body
    .replace(/<\?xml[^>]*\?>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .trim();
}

export class SegpayGateway implements Gateway {
  readonly name = 'segpay' as const;
  private readonly sources: IpAllowList;

  constructor(private readonly o: SegpayOptions) {
    this.sources = new IpAllowList(o.postbackIps.join(','));
  }

  /** Whether a postback may come from this address (the route checks it before anything else). */
  allowsSource(ip: string): boolean {
    return this.sources.allows(ip);
  }

  private abs(url: string) {
    return url.startsWith('http') ? url : `${this.o.publicUrl}${url}`;
  }

  /** Where the browser lands after paying (x-auth-link) or a decline (x-decl-link): the page polls the payment. */
  private returnLink(returnUrl: string, paymentId: string) {
    return this.abs(`${returnUrl}${returnUrl.includes('?') ? '&' : '?'}payment=${paymentId}`);
  }

  private joinLink(pricePointId: string, input: CreatePaymentInput, params: Record<string, string>): string {
    const back = this.returnLink(input.returnUrl, input.paymentId);
    const q = new URLSearchParams({
      'x-eticketid': `${this.o.packageId}:${pricePointId}`,
      ...params,
      'x-auth-link': back,
      'x-auth-text': 'Back to the site',
      'x-decl-link': back,
      'x-decl-text': 'Back to the site',
      // a custom field: Segpay sends it back in the postbacks (`<extra paymentid>` in the postback URL)
      paymentid: input.paymentId,
    });
    return `${this.o.paymentUrl}?${q}`;
  }

  private async get(url: string): Promise<string> {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = await res.text();
    if (!res.ok) throw new Error(`Segpay answered ${res.status} to ${new URL(url).pathname}`);
    return srsText(body);
  }

  /**
   * SRS Dynamic Pricing for 1.00: a read-only call that answers a pricing hash only for a known
   * merchant id (nothing is charged or created; the hash expires unused).
   */
  async testConnection(): Promise<ConnectionTest> {
    try {
      const q = new URLSearchParams({ merchantId: this.o.merchantId, amount: '1.00' });
      const hash = await this.get(`${this.o.srsUrl}/MerchantServices/DynamicPricing/?${q}`);
      return hash
        ? { ok: true, mode: 'remote', message: 'SRS answered a dynamic pricing id for this merchant' }
        : { ok: false, mode: 'remote', message: 'SRS answered no dynamic pricing id (merchant id?)' };
    } catch (err) {
      return { ok: false, mode: 'remote', message: (err as Error).message };
    }
  }

  /** Single charges: Dynamic Pricing, whose hash (from SRS) makes the amount tamper-proof on the join link. */
  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    if (input.card) throw new Error('Segpay hosts every payment: there are no saved cards to charge');
    const amount = decimal(input.amountCents);
    const q = new URLSearchParams({ merchantId: this.o.merchantId, amount });
    const hash = await this.get(`${this.o.srsUrl}/MerchantServices/DynamicPricing/?${q}`);
    if (!hash) throw new Error('Segpay answered no dynamic pricing id');
    return {
      externalId: `sp_${input.paymentId}`,
      checkoutUrl: this.joinLink(this.o.pricePointId, input, {
        amount,
        dynamicpricingid: hash,
        dynamicdesc: input.description.slice(0, 100),
      }),
    };
  }

  /**
   * Memberships Segpay rebills itself: Dynamic Recurring Billing, the first period at the
   * checkout's amount (a promotion may make it lower) and every later one at the regular price.
   */
  async createRecurringCheckout(input: RecurringCheckoutInput): Promise<CreatedPayment> {
    if (!this.o.recurringPricePointId) throw new Error('SEGPAY_RECURRING_PRICE_POINT_ID is not configured');
    const r = input.recurring;
    const q = new URLSearchParams({
      merchantId: this.o.merchantId,
      initialPrice: decimal(input.amountCents),
      initialLength: String(r.intervalDays),
      recurringPrice: decimal(r.priceCents),
      recurringLength: String(r.intervalDays),
    });
    const sep = this.o.recurringPricingUrl.includes('?') ? '&' : '?';
    const hash = await this.get(`${this.o.recurringPricingUrl}${sep}${q}`);
    if (!hash) throw new Error('Segpay answered no dynamic pricing id');
    return {
      externalId: `sp_${input.paymentId}`,
      checkoutUrl: this.joinLink(this.o.recurringPricePointId, input, {
        dynamicpricingid: hash,
        dynamicdesc: r.productName.slice(0, 100),
      }),
    };
  }

  parseWebhook(rawBody: string): GatewayEvent {
    return parseSegpayPostback(rawBody, this.o.postbackKey);
  }

  /** A consumer support task of SRS (`/adm.asmx/<task>`), answered by a plain sentence. */
  private srs(task: string, params: Record<string, string>): Promise<string> {
    const q = new URLSearchParams({ UserID: this.o.userId, UserAccessKey: this.o.accessKey, ...params });
    return this.get(`${this.o.srsUrl}/adm.asmx/${task}?${q}`);
  }

  /** Refunds a whole transaction (SRS RefundTransaction); Segpay then posts a `credit` transaction postback. */
  async refund(externalId: string, _amountCents: number): Promise<RefundAnswer> {
    const answer = await this.srs('RefundTransaction', { TransID: externalId, RefundReason: 'Refund requested' });
    if (/^success/i.test(answer)) return { status: 'succeeded' };
    if (REFUND_REFUSED.test(answer)) return { status: 'failed', reason: answer };
    // an answer we do not know (e.g. a retry of a refund already made): the credit postback settles it
    return { status: 'pending', reason: answer };
  }

  /**
   * Stops rebilling at the period end (SRS CancelMembership: the member keeps access until then).
   * Segpay has no web service here to undo a cancellation: resuming needs a new checkout.
   */
  async setCancelAtPeriodEnd(purchaseId: string, cancel: boolean): Promise<void> {
    if (!cancel) throw new Error('A cancelled Segpay membership cannot be resumed; subscribe again');
    await this.membershipTask('CancelMembership', purchaseId, 'Cancelled by the member');
  }

  /** Ends the membership now (SRS ExpireMembership): our side ended it (grace over, blocked, reversed). */
  async cancelNow(purchaseId: string): Promise<void> {
    await this.membershipTask('ExpireMembership', purchaseId, 'Ended by the site');
  }

  private async membershipTask(task: string, purchaseId: string, reason: string) {
    const answer = await this.srs(task, { PurchaseID: purchaseId, CancelReason: reason });
    if (/^success/i.test(answer) || NOT_ACTIVE.test(answer)) return;
    throw new Error(`Segpay ${task}: ${answer}`);
  }
}
