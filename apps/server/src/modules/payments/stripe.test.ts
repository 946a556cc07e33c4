import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Actor, buildPerformer, buildUser as buildShortSessionUser } from '../../../test/factories';
import { earned, hasAccess, subRow } from '../../../test/factories.memberships';
import { setSubscriptionSettings, subscribeVia } from '../../../test/factories.subscriptions';
import { useTestApp } from '../../../test/harness';
import { startStripePeer } from '../../../test/stripe-peer';
import type { App } from '../../app-type';
import { notifications, payments, users } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { createSession } from '../auth/sessions';
import { verifyLedger } from '../ledger/ledger.service';
import { runRenewals } from '../subscriptions/subscriptions.renewal';

// Stripe through the official SDK against a local peer that speaks its REST API (test/stripe-peer.ts);
// webhooks signed with the SDK's own test helper and verified by the server with constructEvent.
const WEBHOOK_SECRET = 'whsec_test_marquee_peer';
const peer = await startStripePeer();
const t = useTestApp({
  env: { STRIPE_SECRET_KEY: 'sk_test_marquee_peer', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: peer.url },
});
const stripe = new Stripe('sk_test_marquee_peer');
const DAY = 86_400_000;

afterAll(() => peer.close());
afterEach(async () => {
  setClockOffset(0);
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});

async function buildUser(app: App): Promise<Actor> {
  const a = await buildShortSessionUser(app);
  const { token } = await createSession(app.ctx.db, a.user.id, { remember: true });
  return { ...a, token, auth: { authorization: `Bearer ${token}` } };
}

let eventSeq = 0;
function deliver(app: App, type: string, object: Record<string, unknown>, id = `evt_peer_${++eventSeq}`) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  return app.inject({
    method: 'POST',
    url: '/api/payment/stripe/webhook',
    payload,
    headers: {
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      'content-type': 'application/json',
    },
  });
}

const invoice = (subId: string, subscriptionId: string, invoiceId: string, cents: number) => ({
  id: invoiceId,
  object: 'invoice',
  billing_reason: 'subscription_cycle',
  amount_paid: cents,
  currency: 'usd',
  parent: {
    type: 'subscription_details',
    subscription_details: { subscription: subId, metadata: { purpose: 'subscription', subscriptionId } },
  },
});

const priceIdOf = (lookupKey: string) =>
  [...peer.objects.values()].find((o) => o.object === 'price' && o.lookup_key === lookupKey)?.id;

async function subscribeAtStripe(app: App) {
  const creator = await buildPerformer(app, {}, { monthlyPrice: 1000, yearlyPrice: 9600 });
  const fan = await buildUser(app);
  const res = await subscribeVia(app, fan, {
    performerId: creator.user.id,
    paymentMethod: 'card',
    returnTo: '/kai',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { creator, fan, ...(res.json() as { checkoutUrl: string; paymentId: string }) };
}

describe('card subscriptions through Stripe Checkout (subscription mode)', () => {
  it('checkout → first period; invoice.paid renews from the period end once; failures count; cancel and end', async () => {
    const { app } = t();
    const { creator, fan, checkoutUrl, paymentId } = await subscribeAtStripe(app);
    // a recurring price for this creator and plan (30-day interval), and a Checkout Session in subscription mode
    const [price] = peer.calls('POST', '/v1/prices');
    expect(price.body).toMatchObject({
      unit_amount: '1000',
      currency: 'usd',
      recurring: { interval: 'day', interval_count: '30' },
    });
    expect(price.body.lookup_key).toContain(creator.user.id);
    const session = peer.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(session.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: priceIdOf(String(price.body.lookup_key)) }],
      metadata: { paymentId },
      subscription_data: { metadata: { purpose: 'subscription', paymentId } },
    });
    expect(String(session.body.success_url)).toMatch(new RegExp(`/kai\\?payment=${paymentId}$`));
    expect(session.idempotencyKey).toBe(`checkout-${paymentId}`);
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\/cs_test_/);
    const sessionId = checkoutUrl.split('/').at(-1)!;
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);

    // Stripe confirms the checkout: the first period, the creator's earnings through the ledger, access
    const completed = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      subscription: 'sub_test_peer_1',
      invoice: 'in_test_first',
      metadata: { paymentId },
    };
    const first = await deliver(app, 'checkout.session.completed', completed);
    expect(first.json()).toMatchObject({ duplicate: false, result: 'subscribed' });
    let sub = await subRow(app);
    expect(sub).toMatchObject({
      status: 'active',
      paymentMethod: 'stripe',
      externalId: 'sub_test_peer_1',
      paidPeriods: 1,
    });
    expect(await earned(app, creator.user.id)).toBe(800);
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(true);
    // the same session completing again (another event id) pays nothing twice
    expect((await deliver(app, 'checkout.session.completed', completed)).json().result).toBe('already succeeded');

    // the renewal job leaves Stripe subscriptions to Stripe
    const end = sub.currentPeriodEnd!.getTime();
    setClockOffset(end - Date.now() - 10 * 60_000);
    expect(await runRenewals(app.ctx)).toMatchObject({ renewed: 0, failed: 0, pending: 1 });
    expect(await runRenewals(app.ctx)).toMatchObject({ renewed: 0, failed: 0, pending: 0 });

    // invoice.paid (renewal): from the old period end, earnings credited, replay-safe
    const renewal = invoice('sub_test_peer_1', sub.id, 'in_test_cycle_1', 1000);
    const paid = await deliver(app, 'invoice.paid', renewal, 'evt_invoice_paid_1');
    expect(paid.json()).toMatchObject({ duplicate: false, result: 'renewed' });
    expect((await deliver(app, 'invoice.paid', renewal, 'evt_invoice_paid_1')).json()).toMatchObject({
      duplicate: true,
    });
    expect((await deliver(app, 'invoice.paid', renewal)).json().result).toBe('already succeeded');
    sub = await subRow(app);
    expect(sub.currentPeriodStart!.getTime()).toBe(end);
    expect(sub.currentPeriodEnd!.getTime()).toBe(end + 30 * DAY);
    expect(sub.paidPeriods).toBe(2);
    expect(await earned(app, creator.user.id)).toBe(1600);
    const cardPayments = await app.ctx.db.select().from(payments).where(eq(payments.userId, fan.user.id));
    expect(cardPayments.map((p) => [p.status, p.externalId]).sort()).toEqual([
      ['succeeded', 'in_test_cycle_1'],
      ['succeeded', 'in_test_first'],
    ]);

    // invoice.payment_failed: past due, the fan is told once
    setClockOffset(end + 30 * DAY - Date.now() + 60_000);
    const failed = invoice('sub_test_peer_1', sub.id, 'in_test_cycle_2', 0);
    expect((await deliver(app, 'invoice.payment_failed', failed)).json().result).toBe('renewal failed');
    expect((await subRow(app)).renewalAttempts).toBe(1);
    const told = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fan.user.id), eq(notifications.kind, 'subscription_failed')));
    expect(told).toHaveLength(1);
    // Stripe's retry succeeds after the end: the new period starts now (no access was given meanwhile)
    const lateAt = end + 30 * DAY + 60_000;
    expect(
      (await deliver(app, 'invoice.paid', invoice('sub_test_peer_1', sub.id, 'in_test_cycle_2', 1000))).json().result,
    ).toBe('renewed');
    sub = await subRow(app);
    expect(Math.abs(sub.currentPeriodStart!.getTime() - lateAt)).toBeLessThan(60_000);
    expect(sub.renewalAttempts).toBe(0);

    // the fan cancels: Stripe stops renewing at the period end first, then our row
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/payment/stripe/cancel-subscription/${sub.id}`,
      headers: fan.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(peer.calls('POST', '/v1/subscriptions/sub_test_peer_1').at(-1)!.body).toEqual({
      cancel_at_period_end: 'true',
    });
    expect((await subRow(app)).status).toBe('cancelled');
    // Stripe ends the subscription at the period end: expired, access gone
    setClockOffset(sub.currentPeriodEnd!.getTime() - Date.now() + 60_000);
    const ended = await deliver(app, 'customer.subscription.deleted', {
      id: 'sub_test_peer_1',
      object: 'subscription',
      metadata: { purpose: 'subscription', subscriptionId: sub.id },
    });
    expect(ended.json().result).toBe('ended');
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'cancelled', autoRenew: false });
    expect(await hasAccess(app, fan.user.id, creator.user.id, sub.currentPeriodEnd!.getTime() + 1)).toBe(false);
  });

  it('reuses the price per creator and plan, discounts a promotion once, and 502s when Stripe refuses', async () => {
    const { app } = t();
    const pricesBefore = peer.calls('POST', '/v1/prices').length;
    const creator = await buildPerformer(app, {}, { monthlyPrice: 2000, yearlyPrice: 9600 });
    await setSubscriptionSettings(app, creator, {
      promotion: { discountPercent: 50, endsAt: new Date(Date.now() + 10 * DAY).toISOString() },
    });
    const a = await buildUser(app);
    const b = await buildUser(app);
    const ra = await subscribeVia(app, a, { performerId: creator.user.id, paymentMethod: 'card' });
    const rb = await subscribeVia(app, b, { performerId: creator.user.id, paymentMethod: 'card' });
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    expect(peer.calls('POST', '/v1/prices').length - pricesBefore).toBe(1);
    const coupons = peer.calls('POST', '/v1/coupons').slice(-2);
    expect(coupons.map((c) => c.body)).toMatchObject([
      { amount_off: '1000', duration: 'once', max_redemptions: '1' },
      { amount_off: '1000', duration: 'once', max_redemptions: '1' },
    ]);
    const [p] = await app.ctx.db.select().from(payments).where(eq(payments.id, ra.json().paymentId));
    expect(p).toMatchObject({ chargedCents: 1000, purpose: 'subscription', gateway: 'stripe' });

    const c = await buildUser(app);
    peer.failNext('/v1/checkout/sessions');
    const refused = await subscribeVia(app, c, { performerId: creator.user.id, paymentMethod: 'card' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('GATEWAY_ERROR');
    const [failedPayment] = await app.ctx.db.select().from(payments).where(eq(payments.userId, c.user.id));
    expect(failedPayment.status).toBe('failed');
  });

  it('after the grace period without a paid invoice the job expires it and ends it at Stripe', async () => {
    const { app } = t();
    const { fan, creator, paymentId, checkoutUrl } = await subscribeAtStripe(app);
    await deliver(app, 'checkout.session.completed', {
      id: checkoutUrl.split('/').at(-1),
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      subscription: 'sub_test_peer_grace',
      invoice: 'in_test_grace',
      metadata: { paymentId },
    });
    const sub = await subRow(app);
    setClockOffset(sub.currentPeriodEnd!.getTime() - Date.now() + 60_000);
    await deliver(app, 'invoice.payment_failed', invoice('sub_test_peer_grace', sub.id, 'in_test_grace_2', 0));
    setClockOffset(sub.currentPeriodEnd!.getTime() - Date.now() + 3 * DAY + 60_000);
    expect((await runRenewals(app.ctx)).expired).toBe(1);
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'payment_failed' });
    expect(peer.calls('DELETE', '/v1/subscriptions/sub_test_peer_grace')).toHaveLength(1);
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);
  });
});

describe('blocking a Stripe subscriber', () => {
  it('ends the subscription here at once and cancels it at Stripe on the next job run', async () => {
    const { app } = t();
    const { fan, creator, paymentId, checkoutUrl } = await subscribeAtStripe(app);
    await deliver(app, 'checkout.session.completed', {
      id: checkoutUrl.split('/').at(-1),
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      subscription: 'sub_test_peer_blocked',
      invoice: 'in_test_blocked',
      metadata: { paymentId },
    });
    const block = await app.inject({
      method: 'POST',
      url: '/api/block/users',
      headers: creator.auth,
      payload: { targetId: fan.user.id },
    });
    expect(block.statusCode, block.body).toBe(200);
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'blocked' });
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);
    await runRenewals(app.ctx);
    expect(peer.calls('DELETE', '/v1/subscriptions/sub_test_peer_blocked')).toHaveLength(1);
    expect((await subRow(app)).externalId).toBeNull();
    await runRenewals(app.ctx);
    expect(peer.calls('DELETE', '/v1/subscriptions/sub_test_peer_blocked')).toHaveLength(1);
  });
});

describe('wallet top-ups through Stripe', () => {
  const balance = async (app: App, id: string) =>
    (await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;

  it('Checkout in payment mode credits on checkout.session.completed; a saved card is charged off-session', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const res = await app.inject({
      method: 'POST',
      url: '/api/payment/wallet/top-up',
      headers: fan.auth,
      payload: { amount: 25 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const top = res.json();
    expect(top.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/pay\//);
    const session = peer.calls('POST', '/v1/checkout/sessions').at(-1)!;
    expect(session.body).toMatchObject({
      mode: 'payment',
      line_items: [{ price_data: { unit_amount: '2500', currency: 'usd' }, quantity: '1' }],
      metadata: { paymentId: top._id },
    });
    expect(await balance(app, fan.user.id)).toBe(0);
    const done = await deliver(app, 'checkout.session.completed', {
      id: top.checkoutUrl.split('/').at(-1),
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      payment_intent: 'pi_test_topup',
      metadata: { paymentId: top._id },
    });
    expect(done.json().result).toBe('credited');
    expect(await balance(app, fan.user.id)).toBe(2500);

    // a saved card: customer + attach at Stripe, then an off-session PaymentIntent credited by its webhook
    const card = await app.inject({
      method: 'POST',
      url: '/api/stripe/cards',
      headers: fan.auth,
      payload: { paymentMethodId: 'pm_test_visa' },
    });
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toMatchObject({ gateway: 'stripe', brand: 'visa', last4: '4242' });
    expect(peer.calls('POST', '/v1/payment_methods/pm_test_visa/attach')).toHaveLength(1);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/payment/wallet/top-up',
      headers: fan.auth,
      payload: { amount: 10, cardId: card.json()._id },
    });
    expect(saved.json()).toMatchObject({ status: 'created', checkoutUrl: null });
    const pi = peer.calls('POST', '/v1/payment_intents').at(-1)!;
    expect(pi.body).toMatchObject({
      amount: '1000',
      off_session: 'true',
      confirm: 'true',
      payment_method: 'pm_test_visa',
    });
    const piId = String([...peer.objects.values()].filter((o) => o.object === 'payment_intent').at(-1)!.id);
    await deliver(app, 'payment_intent.succeeded', {
      id: piId,
      object: 'payment_intent',
      metadata: { paymentId: saved.json()._id },
    });
    expect(await balance(app, fan.user.id)).toBe(3500);
  });

  it('Connect onboarding creates the express account once and answers its link', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const first = await app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: creator.auth });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().url).toBe(`https://connect.stripe.test/setup/${first.json().accountId}`);
    const again = await app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: creator.auth });
    expect(again.json().accountId).toBe(first.json().accountId);
    expect(
      peer
        .calls('POST', '/v1/accounts')
        .filter((r) => (r.body.metadata as { userId?: string })?.userId === creator.user.id),
    ).toHaveLength(1);
  });
});
