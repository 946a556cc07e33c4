import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buyByCard, chargesOf, holds, ppvPost } from '../../../test/factories.card-purchases';
import { earned } from '../../../test/factories.memberships';
import { useVerotelApp, VEROTEL_KEY, VEROTEL_SHOP } from '../../../test/verotel-app';
import { ACCEPTED_CARD, DECLINED_CARD } from '../../../test/verotel-peer';
import type { App } from '../../app-type';
import { loadConfig } from '../../config';
import { payments, users, walletCharges, webhookEvents } from '../../db/schema';
import { gatewayFor } from '../../lib/payments';
import { VerotelGateway } from '../../lib/payments/verotel';
import { flexpaySignature, verifiedPostback } from '../../lib/payments/verotel.postback';

// Verotel FlexPay against a local peer that plays it from its docs (test/verotel-peer.ts):
// signed order links, the hosted Order Page, signed GET postbacks answered OK, the Control Center API.
const { peer, t } = await useVerotelApp();
const SHOP = VEROTEL_SHOP;
const KEY = VEROTEL_KEY;

const balance = async (app: App, id: string) =>
  (await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;
const paymentRow = async (app: App, id: string) =>
  (await app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0];

async function topUp(app: App, amount = 25) {
  const fan = await buildUser(app);
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment/wallet/top-up',
    headers: fan.auth,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { fan, payment: res.json() as { _id: string; checkoutUrl: string; status: string } };
}

/** A top-up paid on the Order Page: the fan, our payment and Verotel's sale. */
async function paidTopUp(app: App, amount = 25) {
  const { fan, payment } = await topUp(app, amount);
  const paid = await peer.checkout(payment.checkoutUrl, ACCEPTED_CARD);
  expect(peer.deliveries.at(-1)).toMatchObject({ status: 200, body: 'OK' });
  return { fan, payment, sale: paid.sale! };
}

describe('FlexPay signatures', () => {
  it('match Verotel’s own client (SHA-256, and the legacy SHA-1 it still accepts) and refuse anything else', () => {
    // the vector of verotel/flexpay-php-client's tests: every parameter, sorted, after the key, joined by ':'
    const params = {
      saleID: '433456',
      priceAmount: '0.00',
      referenceID: 'reference1234',
      priceCurrency: 'USD',
      custom1: 'My',
      description: 'My Dščřčřřěřě&?=blah123',
      subscriptionType: 'RECURRING',
      period: 'P1M',
      name: 'My name',
      trialAmount: '0.01',
      trialPeriod: 'P3D',
      successURL: 'http://backURL.test',
      declineURL: 'http://declineURL.test',
      cancelDiscountPercentage: '30',
      blah: 'something',
      shopID: SHOP,
    };
    expect(flexpaySignature(KEY, params, 'sha1')).toBe('fc63f38e2722d2e5bc4f2044ad3ffb2051e89643');
    const query = (signature: string) => new URLSearchParams({ ...params, signature }).toString();
    expect(verifiedPostback(query('fc63f38e2722d2e5bc4f2044ad3ffb2051e89643'), SHOP, KEY)).toMatchObject(params);
    expect(verifiedPostback(query(peer.sign(params).toUpperCase()), SHOP, KEY).saleID).toBe('433456');
    expect(() => verifiedPostback(query(peer.sign({ ...params, priceAmount: '9.00' })), SHOP, KEY)).toThrow(
      /signature/,
    );
    expect(() => verifiedPostback(`${query(peer.sign(params))}&saleID=1`, SHOP, KEY)).toThrow(/twice/);
  });

  it('without a shop ID and key Verotel is not configured; subscriptions need the Control Center API', async () => {
    const bare = loadConfig({ NODE_ENV: 'test', SECRET_KEY: 'test-secret-key-0123456789' });
    expect(() => gatewayFor(bare, 'verotel')).toThrow(/not configured/);
    const noApi = new VerotelGateway({
      shopId: SHOP,
      signatureKey: KEY,
      flexpayUrl: peer.url,
      apiUrl: peer.apiUrl,
      publicUrl: '',
    });
    const input = {
      paymentId: 'p1',
      userId: 'u1',
      amountCents: 999,
      currency: 'USD',
      description: 'x',
      returnUrl: '/',
    };
    await expect(
      noApi.createRecurringCheckout({
        ...input,
        recurring: {
          priceCents: 999,
          intervalDays: 30,
          lookupKey: 'k',
          productName: 'x',
          metadata: { purpose: 'subscription' },
        },
      }),
    ).rejects.toThrow(/Control Center API/);
    await expect(noApi.createPayment({ ...input, currency: 'JPY' })).rejects.toThrow(/JPY/);
  });
});

describe('wallet top-ups through Verotel’s Order Page', () => {
  it('a signed purchase link; a declined card changes nothing; the approved sale’s postback credits once', async () => {
    const { app } = t();
    const { fan, payment } = await topUp(app, 25);
    const link = new URL(payment.checkoutUrl);
    expect(`${link.origin}${link.pathname}`).toBe(`${peer.url}/startorder`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      version: '4',
      shopID: SHOP,
      type: 'purchase',
      priceAmount: '25.00',
      priceCurrency: 'USD',
      referenceID: payment._id,
      custom3: fan.user.id,
      successURL: `https://fans.example.test/payments/result?next=%2Fwallet&payment=${payment._id}`,
      declineURL: `https://fans.example.test/payments/result?next=%2Fwallet&payment=${payment._id}&verotel=declined`,
    });
    expect(link.searchParams.has('custom1')).toBe(false);
    // a link changed on the way is refused by the Order Page
    const tampered = payment.checkoutUrl.replace('priceAmount=25.00', 'priceAmount=0.50');
    expect((await peer.checkout(tampered, ACCEPTED_CARD)).status).toBe(400);

    const declined = await peer.checkout(payment.checkoutUrl, DECLINED_CARD);
    expect(declined.location).toContain('verotel=declined');
    expect(await balance(app, fan.user.id)).toBe(0);

    const paid = await peer.checkout(payment.checkoutUrl, ACCEPTED_CARD);
    expect(paid.location).toBe(`https://fans.example.test/payments/result?next=%2Fwallet&payment=${payment._id}`);
    const delivery = peer.deliveries.at(-1)!;
    expect(delivery).toMatchObject({ status: 200, body: 'OK' });
    expect(await balance(app, fan.user.id)).toBe(2500);
    expect(await paymentRow(app, payment._id)).toMatchObject({
      status: 'succeeded',
      externalId: paid.sale!.transactions[0],
    });

    // Verotel delivers the same postback again: recorded once, credited once, still answered OK
    expect(await peer.redeliver(delivery)).toEqual({ status: 200, body: 'OK' });
    expect(await balance(app, fan.user.id)).toBe(2500);
    const events = await app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.gateway, 'verotel'));
    expect(events.map((e) => [e.eventId, e.result])).toEqual([[`purchase:${paid.sale!.transactions[0]}`, 'credited']]);
  });

  it('admin refunds are made in the Control Center: refused here (tokens back), applied from the credit postback', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const { fan, payment, sale } = await paidTopUp(app, 30);
    const refused = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment._id}/refund`,
      headers: admin.auth,
    });
    expect(refused.json()).toMatchObject({ code: 'REFUND_REFUSED' });
    expect(await balance(app, fan.user.id)).toBe(3000);
    expect((await paymentRow(app, payment._id)).status).toBe('succeeded');

    const credit = await peer.credit(sale.transactions[0]);
    expect(credit).toMatchObject({ status: 200, body: 'OK' });
    expect(await balance(app, fan.user.id)).toBe(0);
    expect((await paymentRow(app, payment._id)).status).toBe('refunded');
    // a partial credit is recorded, not applied (the ledger reverses whole payments): the admin settles it
    const other = await paidTopUp(app, 40);
    expect(await peer.credit(other.sale.transactions[0], '10.00')).toMatchObject({ body: 'OK' });
    expect(await balance(app, other.fan.user.id)).toBe(4000);
  });

  it('a void (credit before the tokens are used) and a chargeback after they were spent', async () => {
    const { app } = t();
    const voided = await paidTopUp(app, 20);
    await peer.credit(voided.sale.transactions[0]);
    expect((await paymentRow(app, voided.payment._id)).status).toBe('refunded');
    expect(await balance(app, voided.fan.user.id)).toBe(0);

    const disputed = await paidTopUp(app, 20);
    const creator = await buildPerformer(app);
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: disputed.fan.auth,
      payload: { amount: 10 },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    expect(await peer.chargeback(disputed.sale.transactions[0])).toMatchObject({ status: 200, body: 'OK' });
    expect((await paymentRow(app, disputed.payment._id)).status).toBe('chargeback');
    expect(await balance(app, disputed.fan.user.id)).toBe(0);
    const [charge] = await app.ctx.db
      .select()
      .from(walletCharges)
      .where(eq(walletCharges.userId, disputed.fan.user.id));
    expect(charge.status).toBe('chargeback');
  });

  it('a chargeback delivered before its sale waits (409, Verotel retries) and applies after the sale', async () => {
    const { app } = t();
    const { fan, payment } = await topUp(app, 15);
    const held = await peer.checkout(payment.checkoutUrl, ACCEPTED_CARD, { hold: true });
    const early = await peer.chargeback(held.sale!.transactions[0]);
    expect(early.status).toBe(409);
    expect((await paymentRow(app, payment._id)).status).toBe('created');
    await peer.flush(); // the sale's own postback arrives late
    expect(await balance(app, fan.user.id)).toBe(1500);
    const retried = await peer.retryFailed();
    expect(retried.map((d) => [d.status, d.body])).toEqual([[200, 'OK']]);
    expect((await paymentRow(app, payment._id)).status).toBe('chargeback');
    expect(await balance(app, fan.user.id)).toBe(0);
  });
});

describe('a single purchase by card', () => {
  it('is paid on the Order Page, bought once, and a credit at Verotel takes it back', async () => {
    const { app } = t();
    const { creator, post } = await ppvPost(app);
    const fan = await buildUser(app);
    const res = await buyByCard(app, fan, `feed/${post.id}`, { returnTo: `/post/${post.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const pay = res.json();
    expect(pay).toMatchObject({ purpose: 'purchase', amount: 7.5, status: 'created', gateway: 'verotel' });
    expect(Object.fromEntries(new URL(pay.checkoutUrl).searchParams)).toMatchObject({
      type: 'purchase',
      priceAmount: '7.50',
      referenceID: pay._id,
    });
    expect(await holds(app, fan.user.id, post.id)).toBe(false);

    const paid = await peer.checkout(pay.checkoutUrl, ACCEPTED_CARD);
    expect(paid.location).toBe(
      `https://fans.example.test/payments/result?next=%2Fpost%2F${post.id}&payment=${pay._id}`,
    );
    const sale = peer.deliveries.at(-1)!;
    expect(sale).toMatchObject({ status: 200, body: 'OK' });
    expect((await paymentRow(app, pay._id)).status).toBe('succeeded');
    expect(await holds(app, fan.user.id, post.id)).toBe(true);
    expect(await balance(app, fan.user.id)).toBe(0);
    expect(await earned(app, creator.user.id)).toBe(600); // 7.50 less the 20% commission
    // Verotel delivers the sale again: bought once
    expect(await peer.redeliver(sale)).toEqual({ status: 200, body: 'OK' });
    const charges = await chargesOf(app, fan.user.id);
    expect(charges).toMatchObject([{ type: 'feed', objectId: post.id, status: 'paid', grossCents: 750 }]);

    expect(await peer.credit(paid.sale!.transactions[0])).toMatchObject({ status: 200, body: 'OK' });
    expect((await paymentRow(app, pay._id)).status).toBe('refunded');
    expect(await holds(app, fan.user.id, post.id)).toBe(false);
    expect(await earned(app, creator.user.id)).toBe(0);
    expect(await balance(app, fan.user.id)).toBe(0);
    expect((await chargesOf(app, fan.user.id))[0].status).not.toBe('paid'); // reversed (marked as the chargeback path marks it)
  });
});

describe('postbacks sent by POST (an integration configured for it)', () => {
  it('a form body is verified like a query: applied once, a duplicate by GET is the same event, a forged one refused', async () => {
    const { app } = t();
    peer.postbacksBy('POST');
    const { fan, payment } = await topUp(app, 25);
    const paid = await peer.checkout(payment.checkoutUrl, ACCEPTED_CARD);
    const delivery = peer.deliveries.at(-1)!;
    expect(delivery).toMatchObject({ status: 200, body: 'OK' });
    expect(await balance(app, fan.user.id)).toBe(2500);
    expect(await paymentRow(app, payment._id)).toMatchObject({ status: 'succeeded' });
    // the same postback again, by POST and by GET: one event, one credit
    expect(await peer.redeliver(delivery)).toEqual({ status: 200, body: 'OK' });
    expect(await peer.redeliver(delivery, 'GET')).toEqual({ status: 200, body: 'OK' });
    expect(await balance(app, fan.user.id)).toBe(2500);
    const events = await app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.gateway, 'verotel'));
    expect(events).toHaveLength(1);

    const form = (query: string, remoteAddress?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/payments/verotel/webhook',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: query,
        remoteAddress,
      });
    // a changed amount, another key, a parameter both in the query and the form, an address not allowed
    const changed = delivery.query.replace(/priceAmount=[^&]+/, 'priceAmount=2500.00');
    expect((await form(changed)).json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    const { signature: _, ...unsigned } = delivery.params;
    expect((await peer.postRaw(unsigned, 'another-shops-key')).status).toBe(400);
    const twice = await app.inject({
      method: 'POST',
      url: '/api/payments/verotel/webhook?saleID=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: delivery.query,
    });
    expect(twice.statusCode).toBe(400);
    expect((await form(delivery.query, '203.0.113.9')).statusCode).toBe(403);

    // a refund posted as a form reverses the sale
    expect(await peer.credit(paid.sale!.transactions[0])).toMatchObject({ status: 200, body: 'OK' });
    expect(await balance(app, fan.user.id)).toBe(0);
    expect((await paymentRow(app, payment._id)).status).toBe('refunded');
  });
});

describe('forged postbacks', () => {
  it('a wrong signature, another key, another shop or an address outside the list: 4xx, logged, nothing applied', async () => {
    const { app } = t();
    const { fan, payment } = await topUp(app, 25);
    const warn = vi.spyOn(app.ctx.log, 'warn');
    const sale = {
      shopID: SHOP,
      saleID: '9',
      transactionID: '99',
      referenceID: payment._id,
      type: 'purchase',
      priceAmount: '25.00',
      priceCurrency: 'USD',
    };
    const good = new URLSearchParams({ ...sale, signature: peer.sign(sale) }).toString();
    const changed = good.replace('priceAmount=25.00', 'priceAmount=2500.00');
    const webhook = (query: string, remoteAddress?: string) =>
      app.inject({ method: 'GET', url: `/api/payments/verotel/webhook?${query}`, remoteAddress });

    expect((await webhook(changed)).json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    expect((await peer.postRaw(sale, 'another-shops-key')).status).toBe(400);
    expect((await peer.postRaw({ ...sale, shopID: '1' })).status).toBe(400);
    expect((await webhook(good.replace(/&signature=.*/, ''))).statusCode).toBe(400);
    expect((await webhook(good, '203.0.113.9')).statusCode).toBe(403);
    expect(warn).toHaveBeenCalledTimes(5);
    expect(await balance(app, fan.user.id)).toBe(0);
    expect(await app.ctx.db.select().from(webhookEvents)).toEqual([]);

    // the same postback, genuine, from an allowed range: applied
    const ok = await webhook(good, '10.20.3.4');
    expect([ok.statusCode, ok.body, ok.headers['content-type']]).toEqual([200, 'OK', 'text/plain; charset=utf-8']);
    expect(await balance(app, fan.user.id)).toBe(2500);
  });
});
