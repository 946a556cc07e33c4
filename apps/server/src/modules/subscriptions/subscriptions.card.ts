import {
  fromCents,
  SANDBOX_CARDS,
  SUBSCRIPTION_DAYS,
  SUBSCRIPTION_TYPE_LABELS,
  type SubscriptionType,
} from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type PaymentRow, payments, type SubscriptionRow, webhookEvents } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/errors';
import { creditEarnings } from '../ledger/credit-earnings';
import { clearing } from '../ledger/ledger.service';
import type { SiteSettings } from '../settings/settings.defaults';
import { tellFailed, tellRenewed } from './subscriptions.notices';
import type { PricedOption } from './subscriptions.pricing';
import { lockSubscription, updateSubscription } from './subscriptions.repo';
import { afterSubscribe, applyPaidPeriod } from './subscriptions.service';

/**
 * Card payments for subscriptions through the site's gateway.
 *
 * The money module's gateway interface (lib/payments) was not in the tree when
 * this was written, so this file holds the subscription side of it: a
 * `payments` row (purpose 'subscription') per period, the sandbox's test
 * checkout (SANDBOX_CARDS) and its renewal charge of the card used at checkout,
 * and ONE event handler — `applyPaymentEvent` — that both the checkout and the
 * gateway's webhook deliveries go through, idempotent by event id
 * (webhook_events). Money moves only through the ledger's `creditEarnings`
 * (gateway clearing → creator earnings less commission, referrers, platform).
 */

export interface SubscriptionPaymentMeta {
  subscriptionId: string;
  creatorId: string;
  type: SubscriptionType;
  days: number;
  /** Regular price of the type, for renewals. */
  priceCents: number;
  renewal: boolean;
  /** Renewals: where the new period starts (the old period end). */
  from?: string;
  /** Sandbox: the test card used, charged again at renewal. */
  sandboxCard?: string;
  title: string;
}

const checkoutPath = (paymentId: string) => `/subscriptions/checkout/${paymentId}`;

export async function startCardCheckout(
  ctx: Ctx,
  tx: Executor,
  p: { gateway: 'sandbox' | 'stripe'; subscription: SubscriptionRow; creatorLabel: string; option: PricedOption },
): Promise<{ paymentId: string; checkoutUrl: string }> {
  if (p.gateway !== 'sandbox') {
    throw unprocessable(
      'Card subscriptions are not available on this site yet; pay from your wallet',
      'GATEWAY_UNAVAILABLE',
    );
  }
  const id = newId();
  const meta: SubscriptionPaymentMeta = {
    subscriptionId: p.subscription.id,
    creatorId: p.subscription.creatorId,
    type: p.option.type,
    days: p.option.days,
    priceCents: p.option.priceCents,
    renewal: false,
    title: `${SUBSCRIPTION_TYPE_LABELS[p.option.type]} subscription to ${p.creatorLabel}`,
  };
  await tx.insert(payments).values({
    id,
    userId: p.subscription.userId,
    gateway: p.gateway,
    purpose: 'subscription',
    amountCents: p.option.firstPriceCents,
    chargedCents: p.option.firstPriceCents,
    status: 'created',
    checkoutUrl: checkoutPath(id),
    metadata: meta as unknown as Record<string, unknown>,
  });
  void ctx;
  return { paymentId: id, checkoutUrl: checkoutPath(id) };
}

/** The sandbox checkout page's data: what is being paid, for whom. Only the paying fan sees it. */
export async function getCheckout(ctx: Ctx, userId: string, paymentId: string) {
  const [row] = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.purpose, 'subscription')))
    .limit(1);
  if (!row || row.userId !== userId) throw notFound('Payment');
  const meta = row.metadata as unknown as SubscriptionPaymentMeta;
  return {
    _id: row.id,
    gateway: row.gateway,
    status: row.status,
    amount: fromCents(row.chargedCents),
    title: meta.title,
    performerId: meta.creatorId,
    subscriptionType: meta.type,
    failureReason: row.failureReason,
  };
}

/**
 * The sandbox checkout's "Pay" button: the test card decides the outcome
 * (4242… pays, 4000…0002 is declined), then the event is delivered to the same
 * handler a webhook reaches.
 */
export async function paySandboxCheckout(ctx: Ctx, userId: string, paymentId: string, cardNumber: string) {
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!row || row.userId !== userId || row.purpose !== 'subscription') throw notFound('Payment');
  if (row.gateway !== 'sandbox') throw badRequest('This payment is not a sandbox payment', 'NOT_SANDBOX');
  if (row.status === 'succeeded') throw conflict('This payment is already paid', 'ALREADY_PAID');
  const card = cardNumber.replace(/\s+/g, '');
  const known = Object.values(SANDBOX_CARDS) as string[];
  if (!known.includes(card))
    throw badRequest(`Use a sandbox test card, e.g. ${SANDBOX_CARDS.success}`, 'UNKNOWN_TEST_CARD', [
      { field: 'body.cardNumber', message: 'is not a sandbox test card' },
    ]);
  const ok = card === SANDBOX_CARDS.success;
  return applyPaymentEvent(ctx, {
    gateway: 'sandbox',
    eventId: `sandbox_evt_${newId()}`,
    type: ok ? 'payment.succeeded' : 'payment.failed',
    paymentId,
    failureReason: ok
      ? undefined
      : card === SANDBOX_CARDS.insufficientFunds
        ? 'Insufficient funds'
        : 'Your card was declined',
    sandboxCard: card,
  });
}

export interface PaymentEvent {
  gateway: 'sandbox' | 'stripe';
  eventId: string;
  type: 'payment.succeeded' | 'payment.failed';
  paymentId: string;
  failureReason?: string;
  sandboxCard?: string;
}

export type EventResult = {
  result: 'duplicate' | 'applied' | 'failed' | 'ignored';
  subscription: SubscriptionRow | null;
  paidCents: number;
  firstTime: boolean;
  renewal: boolean;
};

/**
 * Applies one gateway event to its subscription payment, once: a second delivery
 * of the same event id (webhook retry, replay) changes nothing. Success pays the
 * creator through the ledger and extends the period; failure records it (the
 * renewal job retries within the grace period).
 */
export async function applyPaymentEvent(ctx: Ctx, e: PaymentEvent): Promise<EventResult> {
  const s = await ctx.settings.all();
  const out = await ctx.db.transaction(async (tx): Promise<EventResult> => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({
        id: newId(),
        gateway: e.gateway,
        eventId: e.eventId,
        type: e.type,
        payload: e as unknown as Record<string, unknown>,
      })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0)
      return { result: 'duplicate', subscription: null, paidCents: 0, firstTime: false, renewal: false };
    const [pay] = await tx.select().from(payments).where(eq(payments.id, e.paymentId)).for('update');
    if (pay?.purpose !== 'subscription' || pay.status === 'succeeded') {
      return { result: 'ignored', subscription: null, paidCents: 0, firstTime: false, renewal: false };
    }
    const meta = pay.metadata as unknown as SubscriptionPaymentMeta;
    const sub = await lockSubscription(tx, meta.subscriptionId);
    if (!sub) return { result: 'ignored', subscription: null, paidCents: 0, firstTime: false, renewal: false };
    const at = ctx.now();
    if (e.type === 'payment.failed') {
      await tx
        .update(payments)
        .set({ status: 'failed', failureReason: e.failureReason ?? 'Payment failed', updatedAt: at })
        .where(eq(payments.id, pay.id));
      if (meta.renewal)
        await updateSubscription(tx, sub.id, { renewalAttempts: sub.renewalAttempts + 1, pendingPaymentId: null });
      return { result: 'failed', subscription: sub, paidCents: 0, firstTime: false, renewal: meta.renewal };
    }
    const credited = await creditEarnings(ctx, tx, s as SiteSettings, {
      creatorId: meta.creatorId,
      fanId: pay.userId,
      source: 'subscription',
      grossCents: pay.chargedCents,
      payFrom: clearing(pay.gateway),
      kind: 'subscription',
      reference: `payment:${pay.id}`,
      memo: meta.title,
    });
    await tx
      .update(payments)
      .set({
        status: 'succeeded',
        confirmedAt: at,
        externalId: e.eventId,
        ledgerTransactionId: credited.transactionId,
        metadata: { ...meta, ...(e.sandboxCard ? { sandboxCard: e.sandboxCard } : {}) } as unknown as Record<
          string,
          unknown
        >,
        updatedAt: at,
      })
      .where(eq(payments.id, pay.id));
    const firstTime = sub.paidPeriods === 0 && !sub.freeUsedAt;
    const updated = await applyPaidPeriod(tx, sub, {
      option: { type: meta.type, days: meta.days, priceCents: meta.priceCents },
      method: pay.gateway,
      paidCents: pay.chargedCents,
      at,
      from: meta.renewal && meta.from ? new Date(meta.from) : undefined,
    });
    return { result: 'applied', subscription: updated, paidCents: pay.chargedCents, firstTime, renewal: meta.renewal };
  });
  if (out.result === 'applied' && out.subscription && !out.renewal) {
    await afterSubscribe(ctx, {
      subscription: out.subscription,
      event: 'paid',
      balance: null,
      firstTime: out.firstTime,
      paidCents: out.paidCents,
    });
  }
  if (out.result === 'applied' && out.subscription && out.renewal) await tellRenewed(ctx, out.subscription);
  // out.subscription is the row before this failure: attempts 0 means the first failed renewal, which the fan hears of
  if (out.result === 'failed' && out.subscription && out.renewal) await tellFailed(ctx, out.subscription, false);
  return out;
}

/** The sandbox card used for this subscription's latest successful card payment. */
async function lastSandboxCard(tx: Executor, sub: SubscriptionRow): Promise<string | null> {
  const rows = await tx
    .select({ metadata: payments.metadata, status: payments.status, createdAt: payments.createdAt })
    .from(payments)
    .where(
      and(eq(payments.userId, sub.userId), eq(payments.purpose, 'subscription'), eq(payments.status, 'succeeded')),
    );
  const mine = rows
    .filter((r) => (r.metadata as unknown as SubscriptionPaymentMeta | null)?.subscriptionId === sub.id)
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return (mine[0]?.metadata as unknown as SubscriptionPaymentMeta | undefined)?.sandboxCard ?? null;
}

/**
 * The renewal job's card charge: a new `payments` row for the period and the
 * gateway's recurring charge. The sandbox charges the checkout's test card at
 * once and its event is delivered after this transaction commits (see
 * `deliverPendingSandboxRenewals`). Returns null when no card can be charged.
 */
export async function chargeRenewalByCard(
  ctx: Ctx,
  tx: Executor,
  sub: SubscriptionRow,
  p: { from: Date },
): Promise<{ paymentId: string } | null> {
  if (sub.paymentMethod !== 'sandbox') return null;
  const card = await lastSandboxCard(tx, sub);
  if (!card) return null;
  const id = newId();
  const meta: SubscriptionPaymentMeta = {
    subscriptionId: sub.id,
    creatorId: sub.creatorId,
    type: sub.type,
    days: sub.type === 'free' ? 0 : SUBSCRIPTION_DAYS[sub.type],
    priceCents: sub.renewalPriceCents,
    renewal: true,
    from: p.from.toISOString(),
    sandboxCard: card,
    title: `${SUBSCRIPTION_TYPE_LABELS[sub.type]} subscription renewal`,
  };
  await tx.insert(payments).values({
    id,
    userId: sub.userId,
    gateway: 'sandbox',
    purpose: 'subscription',
    amountCents: sub.renewalPriceCents,
    chargedCents: sub.renewalPriceCents,
    status: 'requires_action',
    metadata: meta as unknown as Record<string, unknown>,
    idempotencyKey: `subscription-renewal:${sub.id}:${p.from.toISOString()}`,
  });
  void ctx;
  return { paymentId: id };
}

/** The sandbox "network" answering renewal charges: one event per pending renewal payment, delivered like a webhook. */
export async function deliverPendingSandboxRenewals(ctx: Ctx): Promise<EventResult[]> {
  const pending: PaymentRow[] = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.gateway, 'sandbox'),
        eq(payments.purpose, 'subscription'),
        eq(payments.status, 'requires_action'),
      ),
    );
  const results: EventResult[] = [];
  for (const p of pending) {
    const meta = p.metadata as unknown as SubscriptionPaymentMeta;
    const ok = meta.sandboxCard === SANDBOX_CARDS.success;
    results.push(
      await applyPaymentEvent(ctx, {
        gateway: 'sandbox',
        eventId: `sandbox_renewal_${p.id}`,
        type: ok ? 'payment.succeeded' : 'payment.failed',
        paymentId: p.id,
        failureReason: ok ? undefined : 'Your card was declined',
      }),
    );
  }
  return results;
}
