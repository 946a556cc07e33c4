import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { newId } from '../../db/ids';
import { entitlements, payments, users, webhookEvents } from '../../db/schema';
import { sandboxGateway } from '../../lib/payments';
import { createCoupon } from '../coupons/coupons.service';
import { balanceOf, earningsAccount, platform, verifyLedger } from '../ledger/ledger.service';
import { registerPurchasable } from '../wallet/purchasables';
import { insertPayment } from './payments.repo';

const WEBHOOK_SECRET = 'whsec_test_marquee';
const t = useTestApp({
  env: { STRIPE_SECRET_KEY: 'sk_test_marquee_not_used_for_network', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
});
const stripe = new Stripe('sk_test_marquee_not_used_for_network');

beforeEach(async () => {
  await t().app.ctx.settings.update({ paymentGateway: 'sandbox' }, null);
});
afterEach(async () => {
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});

const balanceCents = async (app: App, id: string) =>
  (await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;

async function topUp(app: App, auth: { authorization: string }, payload: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: auth, payload });
}

describe('sandbox top-ups', () => {
  it('credits the wallet only when the test card payment succeeds', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const res = await topUp(app, fan.auth, { amount: 20 });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ status: 'created', amount: 20, charged: 20, gateway: 'sandbox' });
    expect(p.checkoutUrl).toBe(`/payment/sandbox/checkout/${p._id}`);
    expect(await balanceCents(app, fan.user.id)).toBe(0);

    const paid = await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${p._id}/pay`,
      headers: fan.auth,
      payload: { cardNumber: '4242 4242 4242 4242' },
    });
    expect(paid.json()).toMatchObject({ status: 'succeeded', checkoutUrl: null });
    expect(await balanceCents(app, fan.user.id)).toBe(2_000);
    const again = await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${p._id}/pay`,
      headers: fan.auth,
      payload: { cardNumber: '4242424242424242' },
    });
    expect(again.json()).toMatchObject({ statusCode: 409, message: 'This payment is already paid' });
    const list = await app.inject({ method: 'GET', url: '/api/payment/transactions/user/search', headers: fan.auth });
    expect(list.json()).toMatchObject({ total: 1, data: [{ _id: p._id, status: 'succeeded' }] });
    const other = await buildUser(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/payment/transactions/${p._id}`, headers: other.auth })).statusCode,
    ).toBe(404);
  });

  it('declined cards fail; the second-step card succeeds only when approved', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const start = async () => (await topUp(app, fan.auth, { amount: 10 })).json()._id as string;
    const pay = (id: string, cardNumber: string) =>
      app.inject({
        method: 'POST',
        url: `/api/payment/sandbox/checkout/${id}/pay`,
        headers: fan.auth,
        payload: { cardNumber },
      });
    expect((await pay(await start(), '4000000000000002')).json()).toMatchObject({
      status: 'failed',
      failureReason: 'Your card was declined',
    });
    const threeDs = await start();
    expect((await pay(threeDs, '4000002500003155')).json()).toMatchObject({ status: 'requires_action' });
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    const ok = await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${threeDs}/confirm`,
      headers: fan.auth,
      payload: { approve: true },
    });
    expect(ok.json()).toMatchObject({ status: 'succeeded' });
    const refused = await start();
    await pay(refused, '4000002500003155');
    const no = await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${refused}/confirm`,
      headers: fan.auth,
      payload: { approve: false },
    });
    expect(no.json()).toMatchObject({ status: 'failed', failureReason: 'Card authentication failed' });
    expect(await balanceCents(app, fan.user.id)).toBe(1_000);
  });

  it('keeps top-ups within the wallet limits', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    expect((await topUp(app, fan.auth, { amount: 2.94 })).json()).toMatchObject({
      statusCode: 400,
      message: 'Top-up amount must be between 2.95 and 300.00',
    });
    expect((await topUp(app, fan.auth, { amount: 300.01 })).statusCode).toBe(400);
    expect((await topUp(app, fan.auth, { amount: 2.95 })).statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', payload: { amount: 10 } })).statusCode,
    ).toBe(401);
  });

  it('a duplicate or concurrent webhook delivery credits once; a bad signature is refused', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const id = (await topUp(app, fan.auth, { amount: 50 })).json()._id;
    const gw = sandboxGateway(app.ctx.config);
    const delivery = gw.signedEvent({ id: 'evt_same', type: 'payment.succeeded', data: { paymentId: id } });
    const send = (d: { body: string; headers: Record<string, string> }) =>
      app.inject({ method: 'POST', url: '/api/payment/sandbox/webhook', headers: d.headers, payload: d.body });
    const results = await Promise.all(Array.from({ length: 8 }, () => send(delivery)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().result === 'credited')).toHaveLength(1);
    // A different event confirming the same payment is recognised too.
    const other = await send(gw.signedEvent({ id: 'evt_other', type: 'payment.succeeded', data: { paymentId: id } }));
    expect(other.json()).toMatchObject({ duplicate: false, result: 'already credited' });
    expect(await balanceCents(app, fan.user.id)).toBe(5_000);
    const forged = await send({ body: delivery.body.replace('evt_same', 'evt_forged'), headers: delivery.headers });
    expect(forged.json()).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' });
  });
});

describe('coupons on top-ups', () => {
  it('lowers what is charged, not the tokens; once per user; a failed payment gives the use back', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    await createCoupon(app.ctx, admin.user.id, {
      code: 'HALF',
      name: 'Half',
      kind: 'percentage',
      value: 50,
      appliesTo: 'any',
      maxUses: 10,
    });
    const check = await app.inject({
      method: 'POST',
      url: '/api/coupons/half/apply-coupon',
      headers: fan.auth,
      payload: { target: 'topup', amount: 20 },
    });
    expect(check.json()).toMatchObject({
      discount: 10,
      total: 10,
      coupon: { code: 'HALF', kind: 'percentage', value: 50 },
    });
    const failed = (await topUp(app, fan.auth, { amount: 20, couponCode: 'HALF' })).json();
    expect(failed).toMatchObject({ amount: 20, charged: 10, discount: 10 });
    await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${failed._id}/pay`,
      headers: fan.auth,
      payload: { cardNumber: '4000000000000002' },
    });
    const p = (await topUp(app, fan.auth, { amount: 20, couponCode: 'HALF' })).json();
    expect(p).toMatchObject({ charged: 10 });
    await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${p._id}/pay`,
      headers: fan.auth,
      payload: { cardNumber: '4242424242424242' },
    });
    expect(await balanceCents(app, fan.user.id)).toBe(2_000);
    expect(await balanceOf(app.ctx.db, platform)).toBe(-1_000);
    const twice = await topUp(app, fan.auth, { amount: 20, couponCode: 'HALF' });
    expect(twice.json()).toMatchObject({ statusCode: 409, message: 'You have already used this coupon' });
    expect((await topUp(app, fan.auth, { amount: 20, couponCode: 'NOPE' })).json()).toMatchObject({
      statusCode: 404,
      message: 'Invalid coupon code',
    });
    const used = await app.inject({
      method: 'POST',
      url: '/api/coupons/HALF/apply-coupon',
      headers: fan.auth,
      payload: { target: 'topup' },
    });
    expect(used.json()).toMatchObject({ statusCode: 409, code: 'COUPON_ALREADY_USED' });
    await createCoupon(app.ctx, admin.user.id, {
      code: 'OLD',
      name: '',
      kind: 'amount',
      value: 5,
      appliesTo: 'any',
      expiresAt: new Date(Date.now() - 1000),
    });
    const old = await app.inject({ method: 'POST', url: '/api/coupons/OLD/apply-coupon', headers: fan.auth });
    expect(old.json()).toMatchObject({ statusCode: 422, message: 'This coupon has expired' });
    await createCoupon(app.ctx, admin.user.id, {
      code: 'ONE',
      name: '',
      kind: 'amount',
      value: 5,
      appliesTo: 'any',
      maxUses: 1,
    });
    const other = await buildUser(app);
    const p1 = (await topUp(app, other.auth, { amount: 20, couponCode: 'ONE' })).json();
    expect(p1).toMatchObject({ charged: 15 });
    expect((await topUp(app, fan.auth, { amount: 20, couponCode: 'ONE' })).json()).toMatchObject({
      statusCode: 422,
      message: 'This coupon has been used up',
    });
  });
});

describe('saved cards', () => {
  it('saves a test card, tops up with it at once, and removes it', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const saved = await app.inject({
      method: 'POST',
      url: '/api/sandbox/cards',
      headers: fan.auth,
      payload: { cardNumber: '4242424242424242', holderName: 'Alex' },
    });
    expect(saved.json()).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true, gateway: 'sandbox' });
    const list = await app.inject({ method: 'GET', url: '/api/payment-cards', headers: fan.auth });
    expect(list.json()).toMatchObject({ total: 1 });
    const p = await topUp(app, fan.auth, { amount: 15, cardId: saved.json()._id });
    expect(p.json()).toMatchObject({ status: 'succeeded', checkoutUrl: null });
    expect(await balanceCents(app, fan.user.id)).toBe(1_500);
    const other = await buildUser(app);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/payment-cards/${saved.json()._id}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/payment-cards/${saved.json()._id}`, headers: fan.auth }))
        .statusCode,
    ).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/payment-cards', headers: fan.auth })).json()).toMatchObject({
      total: 0,
    });
  });
});

describe('stripe webhooks', () => {
  async function stripePayment(app: App, userId: string, cents: number) {
    return insertPayment(app.ctx.db, {
      id: newId(),
      userId,
      gateway: 'stripe',
      amountCents: cents,
      chargedCents: cents,
      externalId: `cs_test_${newId()}`,
    });
  }
  function signed(event: Record<string, unknown>) {
    const payload = JSON.stringify(event);
    return {
      payload,
      headers: {
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        'content-type': 'application/json',
      },
    };
  }
  const send = (app: App, d: ReturnType<typeof signed>) =>
    app.inject({ method: 'POST', url: '/api/payment/stripe/webhook', ...d });

  it('credits once for checkout.session.completed, its retries and payment_intent.succeeded; refuses bad signatures', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const p = await stripePayment(app, fan.user.id, 2_500);
    const completed = signed({
      id: 'evt_cs_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: p.externalId,
          object: 'checkout.session',
          payment_status: 'paid',
          payment_intent: 'pi_123',
          metadata: { paymentId: p.id },
        },
      },
    });
    const runs = await Promise.all([send(app, completed), send(app, completed), send(app, completed)]);
    expect(runs.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(runs.filter((r) => r.json().result === 'credited')).toHaveLength(1);
    const pi = await send(
      app,
      signed({
        id: 'evt_pi_1',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_123', object: 'payment_intent', metadata: { paymentId: p.id } } },
      }),
    );
    expect(pi.json()).toMatchObject({ result: 'already credited' });
    expect(await balanceCents(app, fan.user.id)).toBe(2_500);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/payment/stripe/webhook',
      headers: { 'stripe-signature': 't=1,v1=deadbeef', 'content-type': 'application/json' },
      payload: completed.payload,
    });
    expect(bad.json()).toMatchObject({ statusCode: 400, code: 'INVALID_SIGNATURE' });
    expect(await app.ctx.db.select().from(webhookEvents)).toHaveLength(2);
  });

  it('a chargeback after the tokens were spent reverses the purchase: the creator returns the net, access is revoked', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const itemId = newId();
    registerPurchasable('video', async (_tx, id) =>
      id === itemId
        ? { creatorId: creator.user.id, title: 'Clip', priceCents: 2_000, forSale: true, objectType: 'video' }
        : null,
    );
    const p = await stripePayment(app, fan.user.id, 2_500);
    await send(
      app,
      signed({
        id: 'evt_ok',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_cb', object: 'payment_intent', metadata: { paymentId: p.id } } },
      }),
    );
    expect(
      (await app.inject({ method: 'POST', url: `/api/wallet/charges/video/${itemId}`, headers: fan.auth })).statusCode,
    ).toBe(200);
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(1_600);

    const dispute = await send(
      app,
      signed({
        id: 'evt_dispute',
        object: 'event',
        type: 'charge.dispute.created',
        data: { object: { id: 'dp_1', object: 'dispute', payment_intent: 'pi_cb', reason: 'fraudulent' } },
      }),
    );
    expect(dispute.json()).toMatchObject({ result: 'charged back' });
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(0);
    const [ent] = await app.ctx.db.select().from(entitlements).where(eq(entitlements.objectId, itemId));
    expect(ent.revokedAt).not.toBeNull();
    const [row] = await app.ctx.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row.status).toBe('chargeback');
  });

  it('with the platform_absorbs policy the creator keeps the earnings and the platform bears the loss', async () => {
    const { app } = t();
    await app.ctx.settings.update({ chargebackPolicy: 'platform_absorbs' }, null);
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const itemId = newId();
    registerPurchasable('video', async (_tx, id) =>
      id === itemId
        ? { creatorId: creator.user.id, title: 'Clip', priceCents: 2_000, forSale: true, objectType: 'video' }
        : null,
    );
    const p = await stripePayment(app, fan.user.id, 2_500);
    await send(
      app,
      signed({
        id: 'evt_ok2',
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: { id: 'pi_cb2', object: 'payment_intent', metadata: { paymentId: p.id } } },
      }),
    );
    await app.inject({ method: 'POST', url: `/api/wallet/charges/video/${itemId}`, headers: fan.auth });
    await send(
      app,
      signed({
        id: 'evt_d2',
        object: 'event',
        type: 'charge.dispute.created',
        data: { object: { id: 'dp_2', object: 'dispute', payment_intent: 'pi_cb2', reason: 'fraudulent' } },
      }),
    );
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(1_600);
    expect(await balanceOf(app.ctx.db, platform)).toBe(400 - 2_000);
    const [ent] = await app.ctx.db.select().from(entitlements).where(eq(entitlements.objectId, itemId));
    expect(ent.revokedAt).not.toBeNull();
  });
});

describe('admin refunds and Connect', () => {
  it('refunds an unspent top-up and refuses a spent one; only creators start Connect onboarding', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const card = (
      await app.inject({
        method: 'POST',
        url: '/api/sandbox/cards',
        headers: fan.auth,
        payload: { cardNumber: '4242424242424242' },
      })
    ).json();
    const p1 = (await topUp(app, fan.auth, { amount: 20, cardId: card._id })).json();
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/payments/${p1._id}/refund`, headers: fan.auth })).statusCode,
    ).toBe(403);
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${p1._id}/refund`,
      headers: admin.auth,
    });
    expect(refunded.json()).toMatchObject({ status: 'refunded' });
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    const p2 = (await topUp(app, fan.auth, { amount: 20, cardId: card._id })).json();
    await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: fan.auth,
      payload: { amount: 10 },
    });
    expect(
      (await app.inject({ method: 'POST', url: `/api/admin/payments/${p2._id}/refund`, headers: admin.auth })).json(),
    ).toMatchObject({ statusCode: 409, code: 'TOKENS_SPENT' });
    expect((await app.inject({ method: 'POST', url: '/api/stripe/accounts', headers: fan.auth })).statusCode).toBe(403);
    const n = await app.ctx.db.execute(
      sql`select count(*)::int as n from ledger_transactions where kind = 'topup_refund'`,
    );
    expect((n as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(1);
  });
});
