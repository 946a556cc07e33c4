import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CCBILL_TEST_CARDS, startCcbillPeer } from '../../../test/ccbill-peer';
import { buildAdmin, buildPerformer } from '../../../test/factories';
import { balance, buildLongSessionUser, CCBILL, ccbillEnv, paymentRow } from '../../../test/factories.ccbill';
import { segpayEnv, startSegpayPeerFor } from '../../../test/factories.segpay';
import { subscribeVia } from '../../../test/factories.subscriptions';
import { useTestApp } from '../../../test/harness';
import { VEROTEL_KEY, VEROTEL_SHOP } from '../../../test/verotel-app';
import { ACCEPTED_CARD, startVerotelPeer } from '../../../test/verotel-peer';
import type { App } from '../../app-type';
import { payments, subscriptions } from '../../db/schema';
import { verifyLedger } from '../ledger/ledger.service';

// Several gateways live at once (issue 25): the admin's order and purposes, the fan's pick,
// failover from a declining CCBill to Verotel and from a Segpay that does not answer, approval rates,
// test connection, and resuming a membership cancelled at the processor. The processors are local peers.
const ccbill = await startCcbillPeer(CCBILL);
const segpay = await startSegpayPeerFor(() => t().app);
const verotel = await startVerotelPeer({
  shopId: VEROTEL_SHOP,
  signatureKey: VEROTEL_KEY,
  apiUsername: 'api-user',
  apiPassword: 'api-pass',
  deliver: async (query) => {
    const res = await t().app.inject({ method: 'GET', url: `/api/payments/verotel/webhook?${query}` });
    return { status: res.statusCode, body: res.body };
  },
});
const t = useTestApp({
  env: {
    ...ccbillEnv(ccbill),
    ...segpayEnv(segpay),
    VEROTEL_SHOP_ID: VEROTEL_SHOP,
    VEROTEL_SIGNATURE_KEY: VEROTEL_KEY,
    VEROTEL_FLEXPAY_URL: verotel.url,
    VEROTEL_API_URL: verotel.apiUrl,
    VEROTEL_API_USERNAME: 'api-user',
    VEROTEL_API_PASSWORD: 'api-pass',
    PUBLIC_URL: 'https://fans.example.test',
  },
});

const ALL = { topup: true, subscription: true, purchase: true };
beforeEach(async () => {
  const { app } = t();
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  ccbill.webhookUrl = `http://127.0.0.1:${port}/api/payments/ccbill/webhook/${CCBILL.webhookSecret}`;
  await app.ctx.settings.update(
    {
      paymentGateway: 'ccbill',
      paymentGateways: [
        { gateway: 'ccbill', ...ALL },
        { gateway: 'verotel', ...ALL },
        { gateway: 'stripe', ...ALL }, // listed but not configured here: never offered
        { gateway: 'sandbox', topup: true, subscription: false, purchase: false },
      ],
    },
    null,
  );
});
afterEach(async () => {
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});
afterAll(async () => {
  await ccbill.close();
  await verotel.close();
  await segpay.close();
});

const topUp = (app: App, fan: { auth: Record<string, string> }, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: fan.auth, payload });

describe('several gateways at once', () => {
  it('public settings list the configured methods per purpose in the admin’s order, the default first', async () => {
    const { app } = t();
    const res = await app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.json()).toMatchObject({
      paymentGateway: 'ccbill',
      paymentMethods: {
        topup: ['ccbill', 'verotel', 'sandbox'],
        subscription: ['ccbill', 'verotel'],
        purchase: ['ccbill', 'verotel'],
      },
    });
  });

  it('a fan picks a method; one not offered for the purpose is a 400', async () => {
    const { app } = t();
    const fan = await buildLongSessionUser(app);
    const picked = await topUp(app, fan, { amount: 20, gateway: 'verotel' });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({ gateway: 'verotel' });
    // the hosted processors send the fan back to the result page
    const link = new URL(picked.json().checkoutUrl);
    expect(link.searchParams.get('successURL')).toBe(
      `https://fans.example.test/payments/result?next=%2Fwallet&payment=${picked.json()._id}`,
    );
    expect((await topUp(app, fan, { amount: 20 })).json()).toMatchObject({ gateway: 'ccbill' });
    const refused = await topUp(app, fan, { amount: 20, gateway: 'stripe' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'GATEWAY_NOT_OFFERED' });
    const creator = await buildPerformer(app, {}, { monthlyPrice: 1000 });
    const sandboxSub = await subscribeVia(app, fan, {
      performerId: creator.user.id,
      paymentMethod: 'card',
      gateway: 'sandbox',
    });
    expect(sandboxSub.json()).toMatchObject({ code: 'GATEWAY_NOT_OFFERED' });
  });

  it('failover: CCBill declines (soft), the result offers Verotel, the fan pays there; approval rates count both', async () => {
    const { app } = t();
    const fan = await buildLongSessionUser(app);
    const first = (await topUp(app, fan, { amount: 25 })).json() as { _id: string; checkoutUrl: string };
    expect((await ccbill.pay(first.checkoutUrl, CCBILL_TEST_CARDS.declined)).approved).toBe(false);
    const result = await app.inject({
      method: 'GET',
      url: `/api/payment/transactions/${first._id}/result`,
      headers: fan.auth,
    });
    expect(result.json()).toMatchObject({ status: 'failed', gateway: 'ccbill', nextGateway: 'verotel' });

    const again = await app.inject({
      method: 'POST',
      url: `/api/payment/transactions/${first._id}/failover`,
      headers: fan.auth,
      payload: { gateway: 'verotel' },
    });
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json() as { _id: string; checkoutUrl: string; gateway: string; amount: number };
    expect(second).toMatchObject({ gateway: 'verotel', amount: 25 });
    expect((await paymentRow(app, second._id)).metadata).toMatchObject({ retryOf: first._id });
    // the fan pays on Verotel's Order Page; its signed postback credits the wallet
    const paid = await verotel.checkout(second.checkoutUrl, ACCEPTED_CARD);
    expect(paid.location).toContain(`payment=${second._id}`);
    expect(await balance(app, fan.user.id)).toBe(2500);
    // nothing more to offer after a success; failover of a paid payment is refused
    const done = await app.inject({
      method: 'GET',
      url: `/api/payment/transactions/${second._id}/result`,
      headers: fan.auth,
    });
    expect(done.json()).toMatchObject({ status: 'succeeded', nextGateway: null });

    const admin = await buildAdmin(app);
    const stats = await app.inject({ method: 'GET', url: '/api/admin/payments/gateways', headers: admin.auth });
    expect(stats.statusCode, stats.body).toBe(200);
    const month = app.ctx.now().toISOString().slice(0, 7);
    expect(stats.json().approvalRates).toEqual(
      expect.arrayContaining([
        { gateway: 'ccbill', month, attempted: 1, approved: 0, open: 0, rate: 0 },
        { gateway: 'verotel', month, attempted: 1, approved: 1, open: 0, rate: 1 },
      ]),
    );
    expect(stats.json().gateways).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ gateway: 'ccbill', configured: true, position: 0, test: 'remote' }),
        expect.objectContaining({ gateway: 'stripe', configured: false, position: 2 }),
      ]),
    );
  });

  it('a hard decline offers no other processor', async () => {
    const { app } = t();
    const fan = await buildLongSessionUser(app);
    const first = (await topUp(app, fan, { amount: 25 })).json() as { _id: string };
    await app.ctx.db.update(payments).set({
      status: 'failed',
      failureReason: 'Stolen card',
    });
    const result = await app.inject({
      method: 'GET',
      url: `/api/payment/transactions/${first._id}/result`,
      headers: fan.auth,
    });
    expect(result.json()).toMatchObject({ status: 'failed', nextGateway: null });
  });

  it('test connection: CCBill through DataLink (refused with a wrong password), Verotel checked locally, Stripe missing', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const test = (g: string) =>
      app.inject({ method: 'POST', url: `/api/admin/payments/gateways/${g}/test`, headers: admin.auth });
    expect((await test('ccbill')).json()).toMatchObject({ ok: true, mode: 'remote' });
    expect(ccbill.datalink.at(-1)).toMatchObject({ action: 'viewSubscriptionStatus' });
    expect((await test('verotel')).json()).toMatchObject({ ok: true, mode: 'local' });
    expect((await test('stripe')).json()).toMatchObject({ ok: false, mode: 'local' });
    await app.ctx.settings.updateWithSecrets({ ccbillDatalinkPassword: 'wrong' }, null);
    expect((await test('ccbill')).json()).toMatchObject({ ok: false, message: expect.stringContaining('credentials') });
    const fan = await buildLongSessionUser(app);
    const denied = await app.inject({
      method: 'POST',
      url: '/api/admin/payments/gateways/ccbill/test',
      headers: fan.auth,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('resuming a membership cancelled at CCBill starts a new checkout; its period follows the paid one', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, {}, { monthlyPrice: 1000 });
    const fan = await buildLongSessionUser(app);
    const start = await subscribeVia(app, fan, { performerId: creator.user.id, paymentMethod: 'card' });
    await ccbill.pay(start.json().checkoutUrl, CCBILL_TEST_CARDS.approved);
    const [sub] = await app.ctx.db.select().from(subscriptions);
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/payment/ccbill/cancel-subscription/${sub.id}`,
      headers: fan.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await ccbill.settle();
    const resume = await subscribeVia(app, fan, {
      performerId: creator.user.id,
      paymentMethod: 'card',
      gateway: 'verotel',
    });
    expect(resume.statusCode, resume.body).toBe(200);
    expect(resume.json()).toMatchObject({ checkoutUrl: expect.stringContaining(verotel.url) });
    await verotel.checkout(resume.json().checkoutUrl, ACCEPTED_CARD);
    const [after] = await app.ctx.db.select().from(subscriptions);
    expect(after).toMatchObject({ status: 'active', paymentMethod: 'verotel', paidPeriods: 2, autoRenew: true });
    expect(after.currentPeriodStart?.getTime()).toBe(sub.currentPeriodEnd?.getTime());
    // CCBill's later Expiration of the old membership changes nothing
    const old = await ccbill.expire(sub.externalId!);
    expect(old.status).toBe(200);
    const [still] = await app.ctx.db.select().from(subscriptions);
    expect(still).toMatchObject({ status: 'active', paymentMethod: 'verotel' });
  });
});

describe('failover when a processor does not answer', () => {
  it('Segpay stopped: the checkout answers 502 naming the next processor; the fan pays there, credited once', async () => {
    const { app } = t();
    // Segpay first for every purpose, CCBill next
    await app.ctx.settings.update(
      {
        paymentGateway: 'segpay',
        paymentGateways: [
          { gateway: 'segpay', ...ALL },
          { gateway: 'ccbill', ...ALL },
        ],
      },
      null,
    );
    const fan = await buildLongSessionUser(app);
    // while Segpay answers, its dynamic pricing opens the checkout
    const open = await topUp(app, fan, { amount: 20 });
    expect(open.json()).toMatchObject({ gateway: 'segpay', status: 'created' });

    await segpay.stop();
    try {
      const down = await topUp(app, fan, { amount: 25 });
      expect(down.statusCode, down.body).toBe(502);
      const body = down.json() as { code: string; details: Array<{ field: string; message: string }> };
      expect(body.code).toBe('GATEWAY_ERROR');
      const detail = Object.fromEntries(body.details.map((d) => [d.field, d.message]));
      expect(detail.nextGateway).toBe('ccbill');
      expect(await paymentRow(app, detail.paymentId)).toMatchObject({ gateway: 'segpay', status: 'failed' });
      const result = await app.inject({
        method: 'GET',
        url: `/api/payment/transactions/${detail.paymentId}/result`,
        headers: fan.auth,
      });
      expect(result.json()).toMatchObject({ status: 'failed', nextGateway: 'ccbill' });

      // the fan takes the offer: the same top-up at CCBill, paid on its hosted form
      const again = await app.inject({
        method: 'POST',
        url: `/api/payment/transactions/${detail.paymentId}/failover`,
        headers: fan.auth,
        payload: { gateway: 'ccbill' },
      });
      expect(again.statusCode, again.body).toBe(200);
      const second = again.json() as { _id: string; checkoutUrl: string };
      expect(second).toMatchObject({ gateway: 'ccbill', amount: 25 });
      expect((await ccbill.pay(second.checkoutUrl, CCBILL_TEST_CARDS.approved)).approved).toBe(true);
      expect(await balance(app, fan.user.id)).toBe(2500);
      const sale = ccbill.postbacks.at(-1)!;
      expect(JSON.parse((await ccbill.post(sale.eventType, sale.fields)).body)).toMatchObject({ duplicate: true });
      expect(await balance(app, fan.user.id)).toBe(2500);
      expect(await paymentRow(app, second._id)).toMatchObject({
        status: 'succeeded',
        metadata: { retryOf: detail.paymentId },
      });

      // with no other processor active for the purpose, the 502 names none
      await app.ctx.settings.update(
        { paymentGateway: 'segpay', paymentGateways: [{ gateway: 'segpay', ...ALL }] },
        null,
      );
      const alone = await topUp(app, fan, { amount: 10 });
      expect(alone.statusCode).toBe(502);
      expect(alone.json().details).toBeUndefined();
    } finally {
      await segpay.start();
    }
  });
});
