import Stripe from 'stripe';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type Gateway,
  type GatewayEvent,
  WebhookSignatureError,
} from './gateway';

/** Stripe through the official SDK: Checkout for top-ups, off-session PaymentIntents for saved cards, Connect for payouts. */
export class StripeGateway implements Gateway {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;

  constructor(
    secretKey: string,
    private readonly webhookSecret: string | undefined,
    private readonly publicUrl: string,
  ) {
    this.stripe = new Stripe(secretKey);
  }

  private abs(url: string) {
    return url.startsWith('http') ? url : `${this.publicUrl}${url}`;
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

  async refund(externalId: string, amountCents: number): Promise<void> {
    await this.stripe.refunds.create(
      { payment_intent: externalId, amount: amountCents },
      { idempotencyKey: `refund-${externalId}` },
    );
  }
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

export function normaliseStripeEvent(event: Stripe.Event): GatewayEvent {
  const base = { id: event.id, raw: event };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const s = event.data.object;
      if (s.payment_status !== 'paid') return { ...base, type: 'ignored' };
      return {
        ...base,
        type: 'payment.succeeded',
        paymentId: s.metadata?.paymentId ?? null,
        externalId: idOf(s.payment_intent),
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
    default:
      return { ...base, type: 'ignored' };
  }
}
