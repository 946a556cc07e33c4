import crypto from 'node:crypto';
import { EXTRACT_PATH, EXTRACT_TYPES, extractTime, type ProcessorRecord, parseExtract } from './ccbill.extract';
import {
  CCBILL_CURRENCY_CODES,
  CCBILL_PAYMENT_FIELD,
  normaliseCcbillPostback,
  parsePostbackBody,
} from './ccbill.postback';
import {
  type ConnectionTest,
  type CreatedPayment,
  type CreatePaymentInput,
  type Gateway,
  type GatewayEvent,
  type RecurringCheckoutInput,
  type RefundAnswer,
  WebhookSignatureError,
} from './gateway';

export interface CcbillOptions {
  clientAccnum: string;
  clientSubacc: string;
  flexId: string;
  salt: string;
  datalinkUsername?: string;
  datalinkPassword?: string;
  /** https://api.ccbill.com/wap-frontflex/flexforms (a local peer in tests). */
  flexformsUrl: string;
  /** https://datalink.ccbill.com (a local peer in tests). */
  datalinkUrl: string;
}

/** Days CCBill records for a single charge: the shortest period its dynamic pricing takes (2–365). */
const SINGLE_PERIOD_DAYS = 2;
/** numRebills for a membership that renews until cancelled (CCBill's convention). */
const UNTIL_CANCELLED = 99;
const DATALINK_PATH = '/utils/subscriptionManagement.cgi';
const DATALINK_TIMEOUT_MS = 15_000;

/** DataLink answers (CCBill API Guide, error codes): 1 is success. */
const DATALINK_ERRORS: Record<string, string> = {
  '0': 'The requested action failed',
  '-1': 'Invalid DataLink credentials',
  '-2': 'Invalid subscription id',
  '-3': 'No record was found for the subscription',
  '-4': 'The subscription is not for this account',
  '-5': 'Invalid arguments',
  '-6': 'Invalid action',
  '-7': 'CCBill internal error',
  '-8': 'This server’s address is not allowed to use DataLink',
  '-9': 'The account is deactivated',
  '-10': 'DataLink is not set up for this account',
  '-12': 'Too many failed DataLink logins',
};

/** A decimal price with two decimals, as FlexForms takes it ("10.00"). */
export const ccbillPrice = (cents: number) => (cents / 100).toFixed(2);

/** formDigest (https://ccbill.com/doc/formdigest-value): MD5 hex of the documented values in order, then the salt. */
export function formDigest(values: string[], salt: string): string {
  return crypto
    .createHash('md5')
    .update(values.join('') + salt)
    .digest('hex');
}

function currencyCode(currency: string): string {
  const code = CCBILL_CURRENCY_CODES[currency.toUpperCase()];
  if (!code) throw new Error(`CCBill does not bill in ${currency}`);
  return code;
}

/**
 * CCBill: FlexForms hosted payment pages with dynamic pricing (the price, period and
 * currency on the URL, signed by formDigest); CCBill bills the renewals of a recurring price
 * itself and reports everything by webhooks (ccbill.postback.ts); cancellations and refunds go
 * through DataLink's subscriptionManagement.cgi (the CCBill API Guide). Card data stays at CCBill.
 */
export class CcbillGateway implements Gateway {
  readonly name = 'ccbill' as const;
  constructor(private readonly o: CcbillOptions) {}

  /** A single charge (top-up, purchase): initialPrice, initialPeriod, currencyCode. */
  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const code = currencyCode(input.currency);
    const initialPrice = ccbillPrice(input.amountCents);
    const initialPeriod = String(SINGLE_PERIOD_DAYS);
    return this.form(input.paymentId, {
      initialPrice,
      initialPeriod,
      currencyCode: code,
      formDigest: formDigest([initialPrice, initialPeriod, code], this.o.salt),
    });
  }

  /** A membership CCBill rebills: the first period at `amountCents` (a promotion), then `priceCents` every period. */
  async createRecurringCheckout(input: RecurringCheckoutInput): Promise<CreatedPayment> {
    const code = currencyCode(input.currency);
    const period = String(input.recurring.intervalDays);
    const values = {
      initialPrice: ccbillPrice(input.amountCents),
      initialPeriod: period,
      recurringPrice: ccbillPrice(input.recurring.priceCents),
      recurringPeriod: period,
      numRebills: String(UNTIL_CANCELLED),
      currencyCode: code,
    };
    const digest = formDigest(
      [values.initialPrice, period, values.recurringPrice, period, values.numRebills, code],
      this.o.salt,
    );
    return this.form(input.paymentId, { ...values, formDigest: digest });
  }

  private form(paymentId: string, params: Record<string, string>): CreatedPayment {
    const url = new URL(`${this.o.flexformsUrl.replace(/\/$/, '')}/${encodeURIComponent(this.o.flexId)}`);
    url.searchParams.set('clientSubacc', this.o.clientSubacc);
    for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
    url.searchParams.set(CCBILL_PAYMENT_FIELD, paymentId);
    // CCBill names the sale only in its webhook (subscriptionId): until then the payment is known by its own id
    return { externalId: paymentId, checkoutUrl: url.toString() };
  }

  /**
   * The body of a postback whose origin the route checked (address range, secret path), with
   * the query's `eventType` merged in. One of our own account's events, or refused.
   */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): GatewayEvent {
    const contentType = typeof headers['content-type'] === 'string' ? headers['content-type'] : undefined;
    let fields: Record<string, string>;
    try {
      fields = parsePostbackBody(rawBody, contentType);
    } catch (err) {
      throw new WebhookSignatureError(`Unreadable postback: ${(err as Error).message}`);
    }
    if (!fields.eventType) throw new WebhookSignatureError('The postback names no eventType');
    if (fields.clientAccnum && fields.clientAccnum !== this.o.clientAccnum)
      throw new WebhookSignatureError('The postback is for another CCBill account');
    return normaliseCcbillPostback(fields);
  }

  /** voidOrRefundTransaction of the sale (its subscription id): a void before settlement, a refund after. */
  async refund(externalId: string, amountCents: number): Promise<RefundAnswer> {
    if (!this.o.datalinkUsername || !this.o.datalinkPassword)
      return { status: 'failed', reason: 'CCBill DataLink is not configured' };
    const result = await this.datalink('voidOrRefundTransaction', {
      subscriptionId: externalId,
      amount: ccbillPrice(amountCents),
    });
    if (result === '1') return { status: 'succeeded' };
    // an internal error may or may not have refunded: unknown, the refund stays pending
    if (result === '-7') throw new Error(DATALINK_ERRORS[result]);
    return { status: 'failed', reason: DATALINK_ERRORS[result] ?? `DataLink answered ${result}` };
  }

  /**
   * cancelSubscription: CCBill stops rebilling, the fan keeps the paid period. CCBill's API
   * offers no way to resume a cancelled membership: the fan subscribes again.
   */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    if (!cancel) throw new Error('CCBill cannot resume a cancelled subscription; the fan subscribes again');
    await this.cancel(subscriptionId);
  }

  /** Ended here (grace over, blocked, refunded): CCBill must not bill again. */
  async cancelNow(subscriptionId: string): Promise<void> {
    await this.cancel(subscriptionId);
  }

  private async cancel(subscriptionId: string) {
    const result = await this.datalink('cancelSubscription', { subscriptionId });
    if (result !== '1') throw new Error(`CCBill cancelSubscription: ${DATALINK_ERRORS[result] ?? result}`);
  }

  /**
   * DataLink `viewSubscriptionStatus` of a subscription id that cannot exist: read-only, and its answer
   * tells whether DataLink accepts this server (address, credentials, account). Without DataLink
   * credentials only the FlexForms settings are checked (locally: CCBill has no call for them).
   */
  async testConnection(): Promise<ConnectionTest> {
    if (!this.o.datalinkUsername || !this.o.datalinkPassword)
      return {
        ok: true,
        mode: 'local',
        message:
          'FlexForms settings present (checked here); DataLink is not configured, so cancels and refunds cannot run',
      };
    try {
      const result = await this.datalink('viewSubscriptionStatus', { subscriptionId: '0' });
      const refused = ['-1', '-4', '-8', '-9', '-10', '-12'].includes(result);
      return {
        ok: !refused,
        mode: 'remote',
        message: refused
          ? `DataLink refused: ${DATALINK_ERRORS[result] ?? result}`
          : `DataLink answered (${result}: ${DATALINK_ERRORS[result] ?? 'accepted'}); credentials and address accepted`,
      };
    } catch (err) {
      return { ok: false, mode: 'remote', message: (err as Error).message };
    }
  }

  /**
   * The transactions CCBill reports for [from, to) (Data Link Extract, ccbill.extract.ts), for the
   * reconciliation. Needs the DataLink user; CCBill answers one request an hour.
   */
  async transactionReport(from: Date, to: Date): Promise<ProcessorRecord[]> {
    if (!this.o.datalinkUsername || !this.o.datalinkPassword) throw new Error('CCBill DataLink is not configured');
    const url = new URL(EXTRACT_PATH, this.o.datalinkUrl);
    const query = {
      startTime: extractTime(from),
      endTime: extractTime(new Date(to.getTime() - 1000)),
      transactionTypes: EXTRACT_TYPES.join(','),
      clientAccnum: this.o.clientAccnum,
      clientSubacc: this.o.clientSubacc,
      username: this.o.datalinkUsername,
      password: this.o.datalinkPassword,
    };
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await fetch(url, { signal: AbortSignal.timeout(DATALINK_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`CCBill Data Link answered ${res.status}`);
    return parseExtract(await res.text());
  }

  /** One DataLink call (GET, credentials in the query as CCBill documents them, XML answer `<results>n</results>`). */
  private async datalink(action: string, params: Record<string, string>): Promise<string> {
    if (!this.o.datalinkUsername || !this.o.datalinkPassword) throw new Error('CCBill DataLink is not configured');
    const url = new URL(DATALINK_PATH, this.o.datalinkUrl);
    const query = {
      clientAccnum: this.o.clientAccnum,
      usingSubacc: this.o.clientSubacc,
      username: this.o.datalinkUsername,
      password: this.o.datalinkPassword,
      action,
      ...params,
      returnXML: '1',
    };
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const res = await fetch(url, { signal: AbortSignal.timeout(DATALINK_TIMEOUT_MS) });
    const text = await res.text();
    const m = /<results>\s*(-?\d+)\s*<\/results>/.exec(text);
    if (!res.ok || !m) throw new Error(`CCBill DataLink answered ${res.status} without a result`);
    return m[1];
  }
}
