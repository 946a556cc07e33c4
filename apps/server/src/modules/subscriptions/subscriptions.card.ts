import { SUBSCRIPTION_DAYS, SUBSCRIPTION_TYPE_LABELS, type SubscriptionType } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { PaymentRow, SubscriptionRow } from '../../db/schema';
import type { GatewayName, RecurringRef } from '../../lib/payments';
import { revoke, SUBSCRIPTION_OBJECT } from '../entitlements';
import { clearing, creditEarnings } from '../ledger';
import type { PaymentPurpose, PurposeEvent } from '../payments';
import { insertPurposePayment, insertSandboxCharge, latestSucceededPayment, openCheckout } from '../payments';
import { tellFailed, tellRenewed } from './subscriptions.notices';
import { afterSubscribe, applyPaidPeriod } from './subscriptions.periods';
import type { PricedOption } from './subscriptions.pricing';
import { lockSubscription, updateSubscription } from './subscriptions.repo';
import { REVERSED_END_REASONS, reverseSubscriptionPayment } from './subscriptions.reversal';

/**
 * Card payments of subscriptions. The payments module owns the money side (one
 * checkout flow for the sandbox and Stripe, one webhook handler, event ids
 * recorded once); this file is the 'subscription' purpose registered with it
 * (`subscriptionPurpose`): what a paid, failed, renewed or ended card
 * subscription means for the subscription row, the creator's earnings (from the
 * gateway's clearing account through the ledger) and the entitlement.
 */

export const SUBSCRIPTION_PURPOSE = 'subscription';

export interface SubscriptionPaymentMeta {
  [key: string]: unknown;
  subscriptionId: string;
  creatorId: string;
  type: SubscriptionType;
  days: number;
  /** Regular price of the type, for renewals. */
  priceCents: number;
  renewal: boolean;
  title: string;
  returnTo?: string;
}

const metaOf = (p: PaymentRow) => p.metadata as unknown as SubscriptionPaymentMeta;

/** Inside subscribe's transaction: the payment of the first period (its checkout opens after commit). */
export async function recordCardPayment(
  tx: Executor,
  p: {
    gateway: GatewayName;
    currency: string;
    subscription: SubscriptionRow;
    creatorLabel: string;
    option: PricedOption;
    /** The app page the checkout started from (kept for a failover's checkout). */
    returnTo?: string;
  },
): Promise<PaymentRow> {
  const meta: SubscriptionPaymentMeta = {
    subscriptionId: p.subscription.id,
    creatorId: p.subscription.creatorId,
    type: p.option.type,
    days: p.option.days,
    priceCents: p.option.priceCents,
    renewal: false,
    title: `${SUBSCRIPTION_TYPE_LABELS[p.option.type]} subscription to ${p.creatorLabel}`,
    ...(p.returnTo ? { returnTo: p.returnTo } : {}),
  };
  return insertPurposePayment(tx, {
    userId: p.subscription.userId,
    gateway: p.gateway,
    purpose: SUBSCRIPTION_PURPOSE,
    amountCents: p.option.firstPriceCents,
    currency: p.currency,
    metadata: meta,
  });
}

/**
 * After commit: the gateway's checkout. Sandbox: the app's test checkout page;
 * Stripe: Checkout in subscription mode with a recurring price per creator and
 * plan (Stripe then charges each renewal itself; its invoice webhooks renew here).
 */
export function openCardCheckout(ctx: Ctx, payment: PaymentRow, returnTo: string | undefined) {
  return openCheckout(ctx, payment.id, checkoutTerms(payment, returnTo));
}

/** The checkout of a subscription payment: back to where it started, a recurring price per creator and plan. */
function checkoutTerms(payment: PaymentRow, returnTo?: string) {
  const meta = metaOf(payment);
  return {
    returnUrl: returnTo ?? (typeof meta.returnTo === 'string' ? meta.returnTo : '/user/subscriptions'),
    recurring: {
      priceCents: meta.priceCents,
      intervalDays: meta.days,
      priceKey: `${meta.creatorId}:${meta.type}`,
      productName: meta.title,
      metadata: { subscriptionId: meta.subscriptionId, creatorId: meta.creatorId },
    },
  };
}

/** A renewal paid after the period ended (retry in the grace period) starts now: the fan had no access meanwhile. */
function renewalStart(sub: SubscriptionRow, at: Date): Date {
  const end = sub.currentPeriodEnd;
  return end && (sub.renewalAttempts === 0 || end > at) ? end : at;
}

async function succeeded(ctx: Ctx, tx: Executor, pay: PaymentRow, e: PurposeEvent) {
  const meta = metaOf(pay);
  const sub = await lockSubscription(tx, meta.subscriptionId);
  if (!sub) return { result: 'unknown subscription', ledgerTransactionId: null };
  const credited = await creditEarnings(ctx, tx, e.settings, {
    creatorId: meta.creatorId,
    fanId: pay.userId,
    source: 'subscription',
    grossCents: pay.chargedCents,
    payFrom: clearing(pay.gateway),
    kind: 'subscription',
    reference: `payment:${pay.id}`,
    memo: meta.title,
  });
  const at = ctx.now();
  const firstTime = sub.paidPeriods === 0 && !sub.freeUsedAt;
  const updated = await applyPaidPeriod(tx, sub, {
    option: { type: meta.type, days: meta.days, priceCents: meta.priceCents },
    method: pay.gateway,
    paidCents: pay.chargedCents,
    at,
    from: meta.renewal ? renewalStart(sub, at) : undefined,
  });
  const recurringId = e.event.recurring?.externalId;
  if (recurringId && recurringId !== sub.externalId) await updateSubscription(tx, sub.id, { externalId: recurringId });
  e.after.push(() =>
    meta.renewal
      ? tellRenewed(ctx, updated)
      : afterSubscribe(ctx, {
          subscription: updated,
          event: 'paid',
          balance: null,
          firstTime,
          paidCents: pay.chargedCents,
        }),
  );
  return { result: meta.renewal ? 'renewed' : 'subscribed', ledgerTransactionId: credited.transactionId };
}

/** A failed renewal charge: counted, and the fan told once (the renewal job retries within the grace period). */
async function renewalFailed(ctx: Ctx, tx: Executor, subscriptionId: string, e: PurposeEvent): Promise<string> {
  const sub = await lockSubscription(tx, subscriptionId);
  if (sub?.status !== 'active') return 'ignored';
  await updateSubscription(tx, sub.id, { renewalAttempts: sub.renewalAttempts + 1, pendingPaymentId: null });
  e.after.push(() => tellFailed(ctx, sub, false));
  return 'renewal failed';
}

/** The subscriptions module's handler of its card payments (registered in subscriptions.routes.ts). */
export const subscriptionPurpose: PaymentPurpose = {
  succeeded,
  checkoutTerms: (payment) => checkoutTerms(payment),
  async failed(ctx, tx, pay, e) {
    const meta = metaOf(pay);
    return meta.renewal ? renewalFailed(ctx, tx, meta.subscriptionId, e) : 'checkout failed';
  },
  reversed: reverseSubscriptionPayment,
  async recurringCharge(_ctx, tx, ref) {
    const sub = await subscriptionOf(tx, ref);
    // a blocked fan's agreement is being cancelled at Stripe: a late invoice does not bring access back,
    // nor does one of a fan whose payment was refunded or disputed (ended here; being cancelled at Stripe)
    if (!sub || sub.type === 'free' || sub.endReason === 'blocked') return null;
    if (sub.status === 'expired' && REVERSED_END_REASONS.has(sub.endReason ?? '')) return null;
    const meta = renewalMeta(sub, sub.type);
    return { userId: sub.userId, metadata: meta };
  },
  async recurringFailed(ctx, tx, ref, e) {
    const sub = await subscriptionOf(tx, ref);
    return sub ? renewalFailed(ctx, tx, sub.id, e) : 'unknown subscription';
  },
  async recurringEnded(ctx, tx, ref, e) {
    const sub = await subscriptionOf(tx, ref);
    if (!sub || (sub.status !== 'active' && sub.status !== 'cancelled')) return 'ignored';
    // resumed since with the wallet or another processor: the old agreement's end changes nothing
    if (sub.paymentMethod !== e.gateway) return 'ignored (paid another way now)';
    const at = ctx.now();
    const running = Boolean(sub.currentPeriodEnd && sub.currentPeriodEnd > at);
    // a paid period still running keeps its access (e.g. cancelled at the period end); otherwise it ends now
    await updateSubscription(tx, sub.id, {
      status: running ? 'cancelled' : 'expired',
      autoRenew: false,
      externalId: null, // Stripe ended it: nothing left to cancel there
      cancelledAt: sub.cancelledAt ?? at,
      nextAttemptAt: null,
      ...(running
        ? {}
        : {
            endedAt: sub.currentPeriodEnd ?? at,
            endReason: sub.status === 'cancelled' ? 'cancelled' : 'payment_failed',
          }),
    });
    if (!running) await revoke(tx, sub.userId, SUBSCRIPTION_OBJECT, sub.creatorId);
    return running ? 'ends at period end' : 'ended';
  },
};

/** What a renewal payment of `sub` carries: one more period at its renewal price. */
function renewalMeta(sub: SubscriptionRow, type: Exclude<SubscriptionRow['type'], 'free'>): SubscriptionPaymentMeta {
  return {
    subscriptionId: sub.id,
    creatorId: sub.creatorId,
    type,
    days: SUBSCRIPTION_DAYS[type],
    priceCents: sub.renewalPriceCents,
    renewal: true,
    title: `${SUBSCRIPTION_TYPE_LABELS[type]} subscription renewal`,
  };
}

/** The subscription a gateway agreement belongs to: by our id in its metadata, checked against the stored agreement id. */
async function subscriptionOf(tx: Executor, ref: RecurringRef): Promise<SubscriptionRow | null> {
  const id = ref.metadata.subscriptionId;
  if (!id) return null;
  const sub = await lockSubscription(tx, id);
  return sub && (!sub.externalId || sub.externalId === ref.externalId) ? sub : null;
}

/**
 * The renewal job's card charge for the sandbox: the test card of the latest
 * paid period is charged again; the sandbox answers after commit through the
 * webhook path (`deliverPendingSandboxCharges`). Stripe renews by itself (its
 * invoice webhooks), so the job never charges it. Null: no card to charge.
 */
export async function chargeRenewalByCard(
  tx: Executor,
  sub: SubscriptionRow,
  p: { from: Date; currency: string },
): Promise<{ paymentId: string } | null> {
  if (sub.paymentMethod !== 'sandbox' || sub.type === 'free') return null;
  const last = await latestSucceededPayment(tx, {
    userId: sub.userId,
    purpose: SUBSCRIPTION_PURPOSE,
    key: 'subscriptionId',
    value: sub.id,
  });
  const card = (last?.metadata as { sandboxCard?: string } | null)?.sandboxCard;
  if (!card) return null;
  const meta = renewalMeta(sub, sub.type);
  const payment = await insertSandboxCharge(tx, {
    userId: sub.userId,
    purpose: SUBSCRIPTION_PURPOSE,
    amountCents: sub.renewalPriceCents,
    currency: p.currency,
    metadata: meta,
    sandboxCard: card,
    idempotencyKey: `subscription-renewal:${sub.id}:${p.from.toISOString()}:${sub.renewalAttempts}`,
  });
  return { paymentId: payment.id };
}
