import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Actor, buildPerformer, buildUser as buildShortSessionUser } from '../../../test/factories';
import { subscribeVia } from '../../../test/factories.subscriptions';
import { useTestApp } from '../../../test/harness';
import { startStripePeer } from '../../../test/stripe-peer';
import type { App } from '../../app-type';
import { earnings, entitlements, ledgerTransactions, notifications, payments, subscriptions } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { createSession } from '../auth/sessions';
import {
  balanceOf,
  clearing,
  earningsAccount,
  platform,
  reserveAccount,
  transfer,
  verifyLedger,
} from '../ledger/ledger.service';
import { runRenewals } from '../subscriptions/subscriptions.renewal';

// Refunds and disputes of card-paid subscription payments, through signed Stripe webhooks and the
// official SDK against a local peer (test/stripe-peer.ts): the PaymentIntent a refund names is
// matched to the subscription payment's invoice with GET /v1/invoice_payments.
const WEBHOOK_SECRET = 'whsec_test_marquee_peer';
const peer = await startStripePeer();
const t = useTestApp({
  env: { STRIPE_SECRET_KEY: 'sk_test_marquee_peer', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: peer.url },
});
const stripe = new Stripe('sk_test_marquee_peer');

afterAll(() => peer.close());
afterEach(async () => {
  setClockOffset(0);
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});

let seq = 0;
function deliver(app: App, type: string, object: Record<string, unknown>, id = `evt_rev_${++seq}`) {
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

async function buildFan(app: App): Promise<Actor> {
  const a = await buildShortSessionUser(app);
  const { token } = await createSession(app.ctx.db, a.user.id, { remember: true });
  return { ...a, token, auth: { authorization: `Bearer ${token}` } };
}

const balance = (app: App, ref: Parameters<typeof balanceOf>[1]) => app.ctx.db.transaction((tx) => balanceOf(tx, ref));
const subRow = async (app: App) => (await app.ctx.db.select().from(subscriptions))[0];
const paymentRow = async (app: App, id: string) =>
  (await app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0];
const hasAccess = async (app: App, fanId: string, creatorId: string) => {
  const [e] = await app.ctx.db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.userId, fanId), eq(entitlements.objectId, creatorId)));
  return Boolean(e && !e.revokedAt && (!e.expiresAt || e.expiresAt.getTime() > Date.now()));
};
const toldOf = (app: App, userId: string) =>
  app.ctx.db
    .select({ title: notifications.title, body: notifications.body })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'system')));

/** A fan subscribed monthly (10.00, 20% commission → creator 8.00) by Stripe Checkout, paid by PaymentIntent `pi`. */
async function paidStripeSubscription(app: App, n: number) {
  const creator = await buildPerformer(app, {}, { monthlyPrice: 1000, yearlyPrice: 9600 });
  const fan = await buildFan(app);
  const before = await balance(app, earningsAccount(creator.user.id));
  const res = await subscribeVia(app, fan, { performerId: creator.user.id, paymentMethod: 'card' });
  expect(res.statusCode, res.body).toBe(200);
  const { paymentId, checkoutUrl } = res.json() as { paymentId: string; checkoutUrl: string };
  const done = await deliver(app, 'checkout.session.completed', {
    id: checkoutUrl.split('/').at(-1),
    object: 'checkout.session',
    mode: 'subscription',
    payment_status: 'paid',
    subscription: `sub_rev_${n}`,
    invoice: `in_rev_${n}`,
    metadata: { paymentId },
  });
  expect(done.json().result).toBe('subscribed');
  // what Stripe knows: the invoice's payment was this PaymentIntent
  const pi = `pi_rev_${n}`;
  peer.objects.set(`inpay_rev_${n}`, {
    id: `inpay_rev_${n}`,
    object: 'invoice_payment',
    invoice: `in_rev_${n}`,
    payment: { type: 'payment_intent', payment_intent: pi },
  });
  expect(await balance(app, earningsAccount(creator.user.id))).toBe(before + 800);
  expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(true);
  return { creator, fan, paymentId, pi, before };
}

describe('refund of a card subscription payment at Stripe', () => {
  it('reverses the money, ends the subscription at once, tells both; a replay changes nothing', async () => {
    const { app } = t();
    const { creator, fan, paymentId, pi, before } = await paidStripeSubscription(app, 1);
    const charge = { id: 'ch_rev_1', object: 'charge', payment_intent: pi, metadata: {}, refunded: true };
    const res = await deliver(app, 'charge.refunded', charge, 'evt_refund_1');
    expect(res.json()).toMatchObject({ duplicate: false, result: 'refunded' });
    expect(peer.calls('GET', '/v1/invoice_payments').at(-1)!.query).toMatchObject({
      payment: { type: 'payment_intent', payment_intent: pi },
    });

    // the ledger: the creator's net, the platform's commission back to the clearing account
    expect(await balance(app, earningsAccount(creator.user.id))).toBe(before);
    expect(await balance(app, platform)).toBe(0);
    expect(await balance(app, clearing('stripe'))).toBe(0);
    const reversal = await app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `payment:${paymentId}`));
    expect(reversal.map((r) => r.kind).sort()).toEqual(['refund', 'subscription']);
    const [earning] = await app.ctx.db.select().from(earnings).where(eq(earnings.creatorId, creator.user.id));
    expect(earning.status).toBe('refunded');
    expect((await paymentRow(app, paymentId)).status).toBe('refunded');

    // access gone now, the subscription ended (not renewing)
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);
    expect(await subRow(app)).toMatchObject({
      status: 'expired',
      endReason: 'refunded',
      autoRenew: false,
      totalPaidCents: 0,
    });
    expect((await toldOf(app, fan.user.id)).map((n) => n.title)).toEqual([
      expect.stringMatching(/^Your subscription to .+ has ended$/),
    ]);
    expect((await toldOf(app, creator.user.id)).map((n) => n.title)).toEqual([expect.stringMatching(/was refunded$/)]);

    // the same event again, the same refund as another event, a later dispute: nothing moves
    expect((await deliver(app, 'charge.refunded', charge, 'evt_refund_1')).json()).toMatchObject({ duplicate: true });
    expect((await deliver(app, 'charge.refunded', charge)).json().result).toBe('ignored (refunded)');
    const dispute = { id: 'dp_rev_1', object: 'dispute', payment_intent: pi, reason: 'fraudulent' };
    expect((await deliver(app, 'charge.dispute.created', dispute)).json().result).toBe('ignored (refunded)');
    expect(await balance(app, earningsAccount(creator.user.id))).toBe(before);
    expect(await toldOf(app, fan.user.id)).toHaveLength(1);

    // the renewal job cancels the Stripe Subscription; a late renewal invoice gives nothing back
    await runRenewals(app.ctx);
    expect(peer.calls('DELETE', '/v1/subscriptions/sub_rev_1')).toHaveLength(1);
    const sub = await subRow(app);
    const late = await deliver(app, 'invoice.paid', {
      id: 'in_rev_late',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      amount_paid: 1000,
      currency: 'usd',
      parent: {
        type: 'subscription_details',
        subscription_details: {
          subscription: 'sub_rev_1',
          metadata: { purpose: 'subscription', subscriptionId: sub.id },
        },
      },
    });
    expect(late.json().result).toBe('unknown recurring agreement');
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);
  });
});

describe('dispute of a card subscription payment at Stripe', () => {
  it('creator_pays: the creator returns the whole net; reserved for a payout, the earnings go negative (paid off by the next earnings)', async () => {
    const { app } = t();
    const { creator, fan, paymentId, pi } = await paidStripeSubscription(app, 2);
    // the creator has requested a payout of 5.00 of the 8.00 meanwhile
    await app.ctx.db.transaction((tx) =>
      transfer(tx, {
        from: earningsAccount(creator.user.id),
        to: reserveAccount(creator.user.id),
        amountCents: 500,
        kind: 'payout_request',
      }),
    );
    const dispute = { id: 'dp_rev_2', object: 'dispute', payment_intent: pi, reason: 'fraudulent' };
    const res = await deliver(app, 'charge.dispute.created', dispute, 'evt_dispute_2');
    expect(res.json()).toMatchObject({ duplicate: false, result: 'charged back' });
    expect(await balance(app, earningsAccount(creator.user.id))).toBe(-500); // 3.00 left − 8.00 net
    expect(await balance(app, reserveAccount(creator.user.id))).toBe(500); // the open request keeps its reservation
    expect(await balance(app, clearing('stripe'))).toBe(0);
    expect(await balance(app, platform)).toBe(0); // only its own 2.00 commission went back
    expect((await paymentRow(app, paymentId)).status).toBe('chargeback');
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'chargeback' });
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);
    expect((await toldOf(app, creator.user.id))[0].body).not.toMatch(/borne by the platform/);

    expect((await deliver(app, 'charge.dispute.created', dispute, 'evt_dispute_2')).json().duplicate).toBe(true);
    expect(
      (await deliver(app, 'charge.refunded', { id: 'ch_rev_2', object: 'charge', payment_intent: pi })).json().result,
    ).toBe('ignored (chargeback)');
    expect(await balance(app, platform)).toBe(0);
  });

  it('platform_absorbs: the creator keeps the earnings, access still ends', async () => {
    const { app } = t();
    await app.ctx.settings.update({ chargebackPolicy: 'platform_absorbs' }, null);
    const { creator, fan, pi, before } = await paidStripeSubscription(app, 3);
    const dispute = { id: 'dp_rev_3', object: 'dispute', payment_intent: pi, reason: 'fraudulent' };
    expect((await deliver(app, 'charge.dispute.created', dispute)).json().result).toBe('charged back');
    expect(await balance(app, earningsAccount(creator.user.id))).toBe(before + 800);
    expect(await balance(app, platform)).toBe(-800);
    expect(await balance(app, clearing('stripe'))).toBe(0);
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'chargeback' });
  });
});
