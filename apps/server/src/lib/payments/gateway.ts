import type { GatewayName } from '@marquee/shared/payments';

/**
 * The payment gateway interface. Gateways only move money at the card
 * network; crediting or debiting wallets happens in modules/payments through
 * the ledger, driven by the gateway's (webhook) events.
 */
export type { GatewayName };

export interface CreatePaymentInput {
  paymentId: string;
  userId: string;
  /** What the card is charged, in cents. */
  amountCents: number;
  currency: string;
  description: string;
  /** Absolute or app-relative URL the browser returns to after paying. */
  returnUrl: string;
  /** A saved card to charge at once (off-session). */
  card?: { externalId: string } | null;
  /** The user's customer id at the gateway, when one exists. */
  customerId?: string | null;
}

/**
 * A checkout for an agreement the gateway bills each period itself (a Stripe Subscription, a CCBill,
 * Segpay or Verotel membership): a recurring price per creator, plan and amount.
 */
export interface RecurringCheckoutInput extends CreatePaymentInput {
  recurring: {
    /** The regular price of each period (cents); `amountCents` may be lower for the first (a promotion). */
    priceCents: number;
    intervalDays: number;
    /** Stable key of the price, e.g. `marquee:sub:<creatorId>:monthly:999:usd`. */
    lookupKey: string;
    productName: string;
    /** Kept on the gateway's agreement; its charges and events carry it back. */
    metadata: Record<string, string>;
  };
}

export interface CreatedPayment {
  externalId: string;
  /** Where the browser goes to pay; null when a saved card was charged directly. */
  checkoutUrl: string | null;
}

export type GatewayEventType =
  | 'payment.succeeded'
  | 'payment.failed'
  | 'payment.requires_action'
  | 'payment.refunded'
  /** A refund we asked for was refused or cancelled after it was accepted (Stripe `refund.failed`). */
  | 'payment.refund_failed'
  | 'payment.disputed'
  | 'account.updated'
  /** A gateway-run recurring charge (Stripe subscription invoice) was paid / failed; the recurring agreement ended. */
  | 'recurring.paid'
  | 'recurring.failed'
  | 'recurring.ended'
  | 'ignored';

/** The gateway's recurring agreement (a Stripe Subscription) an event is about. */
export interface RecurringRef {
  /** The gateway's id of the agreement (Stripe `sub_…`). */
  externalId: string;
  /** What we attached when creating it: `purpose`, `paymentId` and the purpose's own keys. */
  metadata: Record<string, string>;
  /** recurring.paid / failed: the charge (Stripe invoice id), what was paid, in cents. */
  chargeId?: string | null;
  amountCents?: number;
  currency?: string | null;
}

/** A verified gateway event, normalised. */
export interface GatewayEvent {
  id: string;
  type: GatewayEventType;
  /** Our payment id (from metadata) when the event names one. */
  paymentId?: string | null;
  /** The gateway's reference (PaymentIntent id …) to find the payment otherwise. */
  externalId?: string | null;
  /** Refunds and disputes at Stripe: the invoice the charge paid (subscription-mode payments are keyed by it). */
  invoiceId?: string | null;
  reason?: string | null;
  accountId?: string | null;
  payoutsEnabled?: boolean;
  detailsSubmitted?: boolean;
  /** Checkout in subscription mode: the agreement it started; recurring.* events: the agreement. */
  recurring?: RecurringRef | null;
  raw: unknown;
}

export interface Gateway {
  readonly name: GatewayName;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Verifies the signature over the exact raw body and normalises the event; throws on a bad signature. */
  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): GatewayEvent;
  /**
   * Gives money back on the card (admin refund of a top-up), once per payment (a retry
   * answers the first refund). Throws only when the answer is unknown (network, gateway
   * error): the refund then stays pending until a webhook or a retry tells.
   */
  refund(externalId: string, amountCents: number): Promise<RefundAnswer>;
  /** Gateways that bill each period themselves: the hosted checkout that starts the agreement. */
  createRecurringCheckout?(input: RecurringCheckoutInput): Promise<CreatedPayment>;
  /** Stop (true) or resume (false) the agreement's renewal at its period end. */
  setCancelAtPeriodEnd?(externalId: string, cancel: boolean): Promise<void>;
  /** End the agreement now (it ended here: grace over, blocked). */
  cancelNow?(externalId: string): Promise<void>;
  /**
   * The admin's "test connection": a harmless call to the processor where it offers one (`remote`),
   * else a local check of the configuration (`local`). Never moves money; throws nothing.
   */
  testConnection?(): Promise<ConnectionTest>;
}

export interface ConnectionTest {
  ok: boolean;
  mode: 'remote' | 'local';
  message: string;
}

/** The gateway's answer to a refund: done, accepted but not final (a webhook follows), or refused. */
export interface RefundAnswer {
  status: 'succeeded' | 'pending' | 'failed';
  reason?: string | null;
}

export class WebhookSignatureError extends Error {}
