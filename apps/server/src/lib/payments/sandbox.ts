import crypto from 'node:crypto';
import { SANDBOX_CARDS } from '@marquee/shared';
import {
  type ConnectionTest,
  type CreatedPayment,
  type CreatePaymentInput,
  type Gateway,
  type GatewayEvent,
  type RefundAnswer,
  WebhookSignatureError,
} from './gateway';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
const TOLERANCE_S = 300;

/** What a sandbox card number does (docs/money.md lists them; the checkout page shows them). */
export type SandboxOutcome = 'success' | 'declined' | 'insufficient_funds' | 'requires_action' | 'unknown';
export function sandboxOutcome(cardNumber: string): SandboxOutcome {
  const n = cardNumber.replace(/\D/g, '');
  if (n === SANDBOX_CARDS.success) return 'success';
  if (n === SANDBOX_CARDS.declined) return 'declined';
  if (n === SANDBOX_CARDS.insufficientFunds) return 'insufficient_funds';
  if (n === SANDBOX_CARDS.requiresAction) return 'requires_action';
  return 'unknown';
}

export const SANDBOX_FAILURES: Record<string, string> = {
  declined: 'Your card was declined',
  insufficient_funds: 'Your card has insufficient funds',
  unknown: 'This is a test checkout: use one of the sandbox test card numbers',
  authentication_failed: 'Card authentication failed',
};

/**
 * The built-in test gateway: a checkout page inside the app and test card
 * numbers. Its outcomes are delivered as signed webhook events to the same
 * handler real gateways use (modules/payments handleWebhook).
 */
export class SandboxGateway implements Gateway {
  readonly name = 'sandbox' as const;
  constructor(private readonly secret: string) {}

  async testConnection(): Promise<ConnectionTest> {
    return { ok: true, mode: 'local', message: 'The sandbox runs inside this server (test cards only)' };
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    return {
      externalId: `sbx_${input.paymentId}`,
      checkoutUrl: input.card ? null : `/payment/sandbox/checkout/${input.paymentId}`,
    };
  }

  /** Builds a signed webhook delivery, as the sandbox "processor" would send it. */
  signedEvent(event: { id: string; type: string; data: Record<string, unknown> }, at = Date.now()) {
    const body = JSON.stringify(event);
    const t = Math.floor(at / 1000);
    const v1 = crypto.createHmac('sha256', this.secret).update(`${t}.${body}`).digest('hex');
    return { body, headers: { [SANDBOX_SIGNATURE_HEADER]: `t=${t},v1=${v1}`, 'content-type': 'application/json' } };
  }

  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): GatewayEvent {
    const header = headers[SANDBOX_SIGNATURE_HEADER];
    if (typeof header !== 'string') throw new WebhookSignatureError('Missing sandbox signature');
    const parts = Object.fromEntries(header.split(',').map((p) => p.split('=') as [string, string]));
    const t = Number(parts.t);
    if (!t || Math.abs(Date.now() / 1000 - t) > TOLERANCE_S)
      throw new WebhookSignatureError('Sandbox signature timestamp out of tolerance');
    const expected = crypto.createHmac('sha256', this.secret).update(`${t}.${rawBody}`).digest();
    const given = Buffer.from(parts.v1 ?? '', 'hex');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      throw new WebhookSignatureError('Invalid sandbox signature');
    }
    const e = JSON.parse(rawBody) as { id: string; type: string; data: { paymentId?: string; reason?: string } };
    const known = [
      'payment.succeeded',
      'payment.failed',
      'payment.requires_action',
      'payment.refunded',
      'payment.refund_failed',
      'payment.disputed',
    ];
    return {
      id: e.id,
      type: (known.includes(e.type) ? e.type : 'ignored') as GatewayEvent['type'],
      paymentId: e.data?.paymentId ?? null,
      reason: e.data?.reason ?? null,
      raw: e,
    };
  }

  /** Refunds the sandbox "card network" made, one per payment, as a real gateway keeps them. */
  readonly refunds: Array<{ externalId: string; amountCents: number }> = [];
  /**
   * How the sandbox answers the next refunds (tests play a gateway that answers later with a
   * webhook, refuses, or cannot be reached); like the test cards, there is no real money here.
   */
  refundAnswer: RefundAnswer['status'] | 'unreachable' = 'succeeded';

  async refund(externalId: string, amountCents: number): Promise<RefundAnswer> {
    if (this.refundAnswer === 'unreachable') throw new Error('The sandbox gateway could not be reached');
    if (this.refundAnswer === 'failed') return { status: 'failed', reason: 'The sandbox refused the refund' };
    if (!this.refunds.some((r) => r.externalId === externalId)) this.refunds.push({ externalId, amountCents });
    return { status: this.refundAnswer };
  }
}
