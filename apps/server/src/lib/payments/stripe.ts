import Stripe from 'stripe';
import {
  type ConnectionTest,
  type CreatedPayment,
  type CreatePaymentInput,
  type Gateway,
  type GatewayEvent,
  type RecurringCheckoutInput,
  type RecurringRef,
  type RefundAnswer,
  WebhookSignatureError,
} from './gateway';

/** `STRIPE_API_URL` (tests, stripe-mock) → the SDK's host/port/protocol options. */
export function stripeApiOptions(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const u = new URL(apiUrl);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: Number(u.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** Stripe through the official SDK: Checkout for top-ups, off-session PaymentIntents for saved cards, Connect for payouts. */
export class StripeGateway implements Gateway {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string | undefined,
    private readonly publicUrl: string,
    apiUrl?: string,
  ) {
    this.stripe = new Stripe(secretKey, { ...stripeApiOptions(apiUrl), maxNetworkRetries: 1 });
  }

  private abs(url: string) {
    return url.startsWith('http') ? url : `${this.publicUrl}${url}`;
  }

  /** GET /v1/balance: read-only, answers only with a valid secret key. */
  async testConnection(): Promise<ConnectionTest> {
    try {
      await this.stripe.balance.retrieve();
      return { ok: true, mode: 'remote', message: 'Stripe accepted the secret key' };
    } catch (err) {
      return { ok: false, mode: 'remote', message: (err as Error).message };
    }
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const metadata = { paymentId: input.paymentId, userId: input.userId };
    if (input.card && input.customerId) {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: input.currency.toLowerCase(),
          customer: input.customerId,
          payment_method: input.card.externalId,
          off_session: true,
          confirm: true,
          description: input.description,
          metadata,
        },
        { idempotencyKey: `payment-${input.paymentId}` },
      );
      return { externalId: pi.id, checkoutUrl: null };
    }
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        customer: input.customerId ?? undefined,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: input.currency.toLowerCase(),
              unit_amount: input.amountCents,
              product_data: { name: input.description },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
        success_url: this.abs(
          `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}payment=${input.paymentId}`,
        ),
        cancel_url: this.abs(input.returnUrl),
      },
      { idempotencyKey: `checkout-${input.paymentId}` },
    );
    return { externalId: session.id, checkoutUrl: session.url };
  }

  /**
   * Checkout in subscription mode: the recurring price (created once per lookup
   * key), a one-off coupon when the first period costs less, and our metadata on
   * both the session and the Subscription it creates.
   */
  async createRecurringCheckout(input: RecurringCheckoutInput): Promise<CreatedPayment> {
    const r = input.recurring;
    const currency = input.currency.toLowerCase();
    const found = await this.stripe.prices.list({ lookup_keys: [r.lookupKey], active: true, limit: 1 });
    const price =
      found.data[0] ??
      (await this.stripe.prices.create(
        {
          currency,
          unit_amount: r.priceCents,
          recurring: { interval: 'day', interval_count: r.intervalDays },
          product_data: { name: r.productName },
          lookup_key: r.lookupKey,
        },
        { idempotencyKey: `price-${r.lookupKey}` },
      ));
    const off = r.priceCents - input.amountCents;
    const coupon =
      off > 0
        ? await this.stripe.coupons.create(
            { amount_off: off, currency, duration: 'once', max_redemptions: 1, name: 'First period promotion' },
            { idempotencyKey: `coupon-${input.paymentId}` },
          )
        : null;
    const metadata = { paymentId: input.paymentId, userId: input.userId };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: input.customerId ?? undefined,
        line_items: [{ price: price.id, quantity: 1 }],
        discounts: coupon ? [{ coupon: coupon.id }] : undefined,
        metadata,
        subscription_data: { metadata: { ...r.metadata, ...metadata } },
        success_url: this.abs(
          `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}payment=${input.paymentId}`,
        ),
        cancel_url: this.abs(input.returnUrl),
      },
      { idempotencyKey: `checkout-${input.paymentId}` },
    );
    return { externalId: session.id, checkoutUrl: session.url };
  }

  /** Cancel (true) or resume (false) renewal of a Stripe Subscription at its period end. */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
  }

  /** Ends a Stripe Subscription now (its renewal failed past our grace period). */
  async cancelNow(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(subscriptionId);
  }

  /**
   * The invoice a PaymentIntent paid, or null. Subscription-mode payments are
   * keyed by their invoice id (the Checkout Session names no PaymentIntent), while
   * a refund or dispute of one names only the PaymentIntent.
   */
  async invoiceOfPaymentIntent(paymentIntentId: string): Promise<string | null> {
    const list = await this.stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      limit: 1,
    });
    const inv = list.data[0]?.invoice;
    return typeof inv === 'string' ? inv : (inv?.id ?? null);
  }

  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): GatewayEvent {
    const sig = headers['stripe-signature'];
    if (!this.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not configured');
    if (typeof sig !== 'string') throw new WebhookSignatureError('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, sig, this.webhookSecret);
    } catch (err) {
      throw new WebhookSignatureError((err as Error).message);
    }
    return normaliseStripeEvent(event);
  }

  async refund(externalId: string, amountCents: number): Promise<RefundAnswer> {
    try {
      const r = await this.stripe.refunds.create(
        { payment_intent: externalId, amount: amountCents },
        { idempotencyKey: `refund-${externalId}` },
      );
      return { status: refundStatus(r.status), reason: r.failure_reason ?? null };
    } catch (err) {
      // Stripe refused the request itself (already refunded, amount too large …): nothing was refunded
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return { status: 'failed', reason: err.message };
      throw err;
    }
  }
}

/** Stripe's refund states: `succeeded`; `pending` / `requires_action` (a webhook follows); `failed` / `canceled`. */
function refundStatus(status: string | null): RefundAnswer['status'] {
  if (status === 'succeeded') return 'succeeded';
  return status === 'failed' || status === 'canceled' ? 'failed' : 'pending';
}

const idOf = (v: string | { id?: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

export function normaliseStripeEvent(event: Stripe.Event): GatewayEvent {
  const base = { id: event.id, raw: event };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      if (s.payment_status !== 'paid') return { ...base, type: 'ignored' };
      const sub = idOf(s.subscription);
      return {
        ...base,
        type: 'payment.succeeded',
        paymentId: s.metadata?.paymentId ?? null,
        // subscription mode: the first invoice names the charge (no PaymentIntent on the session)
        externalId: idOf(s.payment_intent) ?? idOf(s.invoice),
        recurring: sub ? { externalId: sub, metadata: { ...(s.metadata ?? {}) } } : null,
      };
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      const s = event.data.object;
      return {
        ...base,
        type: 'payment.failed',
        paymentId: s.metadata?.paymentId ?? null,
        reason: 'The checkout was not completed',
      };
    }
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      return { ...base, type: 'payment.succeeded', paymentId: pi.metadata?.paymentId ?? null, externalId: pi.id };
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      return {
        ...base,
        type: 'payment.failed',
        paymentId: pi.metadata?.paymentId ?? null,
        externalId: pi.id,
        reason: pi.last_payment_error?.message ?? 'The payment failed',
      };
    }
    case 'payment_intent.requires_action': {
      const pi = event.data.object;
      return { ...base, type: 'payment.requires_action', paymentId: pi.metadata?.paymentId ?? null, externalId: pi.id };
    }
    case 'charge.refunded': {
      const c = event.data.object;
      return {
        ...base,
        type: 'payment.refunded',
        paymentId: c.metadata?.paymentId ?? null,
        externalId: idOf(c.payment_intent),
        // API versions before 2025 still name the invoice on the charge
        invoiceId: idOf((c as { invoice?: string | { id: string } | null }).invoice),
      };
    }
    case 'refund.failed':
    case 'refund.updated': {
      const r = event.data.object;
      if (r.status !== 'failed' && r.status !== 'canceled') return { ...base, type: 'ignored' };
      return {
        ...base,
        type: 'payment.refund_failed',
        externalId: idOf(r.payment_intent),
        reason: r.failure_reason ?? null,
      };
    }
    case 'charge.dispute.created': {
      const d = event.data.object;
      return { ...base, type: 'payment.disputed', externalId: idOf(d.payment_intent), reason: d.reason };
    }
    case 'account.updated': {
      const a = event.data.object;
      return {
        ...base,
        type: 'account.updated',
        accountId: a.id,
        payoutsEnabled: Boolean(a.payouts_enabled),
        detailsSubmitted: Boolean(a.details_submitted),
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const inv = event.data.object;
      const recurring = invoiceRecurring(inv);
      // the first invoice is the checkout's payment (checkout.session.completed applies it)
      if (!recurring || inv.billing_reason === 'subscription_create') return { ...base, type: 'ignored' };
      return {
        ...base,
        type: event.type === 'invoice.paid' ? 'recurring.paid' : 'recurring.failed',
        recurring,
        reason: event.type === 'invoice.paid' ? null : 'The renewal payment failed',
      };
    }
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      return {
        ...base,
        type: 'recurring.ended',
        recurring: { externalId: sub.id, metadata: { ...(sub.metadata ?? {}) } },
        reason: sub.cancellation_details?.reason ?? null,
      };
    }
    default:
      return { ...base, type: 'ignored' };
  }
}

/** The Subscription an invoice bills (API 2025+: `parent.subscription_details`), with its metadata. */
function invoiceRecurring(inv: Stripe.Invoice): RecurringRef | null {
  const details = inv.parent?.subscription_details;
  const id = idOf(details?.subscription as string | { id: string } | null | undefined);
  if (!id) return null;
  return {
    externalId: id,
    metadata: { ...(details?.metadata ?? {}) },
    chargeId: inv.id ?? null,
    amountCents: inv.amount_paid,
    currency: inv.currency,
  };
}
