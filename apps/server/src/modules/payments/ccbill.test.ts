import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CCBILL_TEST_CARDS, startCcbillPeer } from '../../../test/ccbill-peer';
import { buildAdmin, buildUser } from '../../../test/factories';
import {
  answer,
  balance,
  CCBILL,
  ccbillEnv,
  openTopUp,
  paymentRow,
  recordedEvents,
  useCcbillGateway,
} from '../../../test/factories.ccbill';
import { useTestApp } from '../../../test/harness';
import { users } from '../../db/schema';
import { formDigest } from '../../lib/payments';
import { verifyLedger } from '../ledger/ledger.service';

// CCBill against a local peer that plays its FlexForms, webhooks and DataLink (test/ccbill-peer.ts).
const peer = await startCcbillPeer(CCBILL);
const t = useTestApp({ env: ccbillEnv(peer) });
const hook = `/api/payments/ccbill/webhook/${CCBILL.webhookSecret}`;

beforeEach(() => useCcbillGateway(t().app, peer));
afterEach(async () => {
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});
afterAll(() => peer.close());

describe('CCBill FlexForms and webhooks: top-ups', () => {
  it('formDigest is the documented MD5 (the docs’ single and recurring examples)', () => {
    expect(formDigest(['10.00', '30', '840'], CCBILL.salt)).toBe('a7459445d0e5dc0963fe736dc5cf900b');
    expect(formDigest(['10.00', '30', '10.00', '30', '99', '840'], CCBILL.salt)).toBe(
      '48f0b12e4307e64edb781c479665c899',
    );
  });

  it('a top-up goes to the hosted form; NewSaleSuccess credits it once; a declined card fails the next', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const { paymentId, checkoutUrl } = await openTopUp(app, fan, 20);
    const url = new URL(checkoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${peer.flexformsUrl}/${CCBILL.flexId}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      clientSubacc: CCBILL.clientSubacc,
      initialPrice: '20.00',
      initialPeriod: '2',
      currencyCode: '840',
      formDigest: formDigest(['20.00', '2', '840'], CCBILL.salt),
      paymentId,
    });
    expect(await balance(app, fan.user.id)).toBe(0);

    const paid = await peer.pay(checkoutUrl, CCBILL_TEST_CARDS.approved);
    expect(paid.approved).toBe(true);
    const sale = peer.postbacks.at(-1)!;
    expect(sale).toMatchObject({ eventType: 'NewSaleSuccess', fields: { 'X-paymentId': paymentId } });
    expect(answer(sale)).toEqual({ status: 200, received: true, duplicate: false, result: 'credited' });
    expect(await balance(app, fan.user.id)).toBe(2000);
    expect(await paymentRow(app, paymentId)).toMatchObject({ status: 'succeeded', externalId: paid.subscriptionId });
    // CCBill retries a delivery (same transaction): nothing twice; in its JSON format too
    peer.format = 'json';
    expect(answer(await peer.post('NewSaleSuccess', sale.fields))).toMatchObject({ status: 200, duplicate: true });
    expect(await balance(app, fan.user.id)).toBe(2000);
    // the card and the fan's identity stay at CCBill: the recorded event keeps ids and amounts only
    const [recorded] = await recordedEvents(app);
    expect(JSON.stringify(recorded.payload)).not.toMatch(/1111|Test|expDate/);
    expect(recorded.payload).toMatchObject({ subscriptionId: paid.subscriptionId, billedInitialPrice: '20.00' });

    const declined = await openTopUp(app, fan, 15);
    expect((await peer.pay(declined.checkoutUrl, CCBILL_TEST_CARDS.declined)).approved).toBe(false);
    expect(answer(peer.postbacks.at(-1)!)).toMatchObject({ result: 'failed' });
    expect(await paymentRow(app, declined.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'Transaction Declined',
    });
    expect(await balance(app, fan.user.id)).toBe(2000);
  });

  it('CCBill refuses a form whose price was changed (formDigest); the admin console’s salt signs the forms', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const { checkoutUrl } = await openTopUp(app, fan, 20);
    const forged = new URL(checkoutUrl);
    forged.searchParams.set('initialPrice', '2.00');
    expect((await peer.pay(forged.toString(), CCBILL_TEST_CARDS.approved)).status).toBe(400);

    const admin = await buildAdmin(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.auth,
      payload: { ccbillSalt: 'console-salt-123', ccbillDatalinkPassword: 'console-pw', ccbillWebhookSecret: 'x' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.body).not.toContain('console-salt-123');
    expect(put.json().secrets.ccbillSalt).toEqual({ set: true, source: 'console' });
    const signed = new URL((await openTopUp(app, fan, 20)).checkoutUrl);
    expect(signed.searchParams.get('formDigest')).toBe(formDigest(['20.00', '2', '840'], 'console-salt-123'));
  });
});

describe('CCBill refunds, voids and chargebacks of top-ups', () => {
  it('the admin refunds a top-up through DataLink; the Refund webhook that follows changes nothing', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const { paymentId, checkoutUrl } = await openTopUp(app, fan, 20);
    const { subscriptionId } = await peer.pay(checkoutUrl, CCBILL_TEST_CARDS.approved);

    // DataLink refuses first (no record): nothing refunded, the tokens stay
    peer.failNext('voidOrRefundTransaction', '-3');
    const refused = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refund`,
      headers: admin.auth,
    });
    expect(refused.json()).toMatchObject({ statusCode: 502, code: 'REFUND_REFUSED' });
    expect(await balance(app, fan.user.id)).toBe(2000);

    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refund`,
      headers: admin.auth,
    });
    expect(res.json()).toMatchObject({ status: 'refunded' });
    expect(peer.datalink.at(-1)).toEqual({
      clientAccnum: CCBILL.clientAccnum,
      usingSubacc: CCBILL.clientSubacc,
      username: CCBILL.datalinkUsername,
      password: CCBILL.datalinkPassword,
      action: 'voidOrRefundTransaction',
      subscriptionId,
      amount: '20.00',
      returnXML: '1',
    });
    expect(await balance(app, fan.user.id)).toBe(0);
    const [refundHook] = await peer.settle();
    expect(refundHook.eventType).toBe('Refund');
    expect(answer(refundHook)).toMatchObject({ result: 'ignored (refunded)' });
    expect(await paymentRow(app, paymentId)).toMatchObject({ status: 'refunded' });
  });

  it('a Void is a refund and a Chargeback a dispute, each applied once', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const a = await openTopUp(app, fan, 20);
    const b = await openTopUp(app, fan, 30);
    const subA = (await peer.pay(a.checkoutUrl, CCBILL_TEST_CARDS.approved)).subscriptionId!;
    const subB = (await peer.pay(b.checkoutUrl, CCBILL_TEST_CARDS.approved)).subscriptionId!;
    expect(await balance(app, fan.user.id)).toBe(5000);

    expect(answer(await peer.reverse('Void', subA))).toMatchObject({ result: 'refunded' });
    expect(await paymentRow(app, a.paymentId)).toMatchObject({ status: 'refunded' });
    const chargeback = await peer.reverse('Chargeback', subB);
    expect(answer(chargeback)).toMatchObject({ result: 'charged back' });
    expect(await paymentRow(app, b.paymentId)).toMatchObject({ status: 'chargeback' });
    expect(await balance(app, fan.user.id)).toBe(0);
    // the same chargeback again, and a late Refund of the same sale: recorded, nothing moves
    expect(answer(await peer.post('Chargeback', chargeback.fields))).toMatchObject({ duplicate: true });
    expect(answer(await peer.reverse('Refund', subB))).toMatchObject({ result: 'ignored (chargeback)' });
  });
});

describe('CCBill webhooks out of order', () => {
  it('a reversal before its sale answers 409 unrecorded; CCBill’s retry after the sale applies it once', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const warn = vi.spyOn(app.ctx.log, 'warn');
    for (const eventType of ['Refund', 'Chargeback', 'Void'] as const) {
      const { paymentId, checkoutUrl } = await openTopUp(app, fan, 20);
      peer.holdSales = true; // NewSaleSuccess is delivered late
      const sub = (await peer.pay(checkoutUrl, CCBILL_TEST_CARDS.approved)).subscriptionId!;
      peer.holdSales = false;
      const early = await peer.reverse(eventType, sub);
      expect(answer(early)).toMatchObject({ status: 409, code: 'POSTBACK_OUT_OF_ORDER' });
      const ids = (await recordedEvents(app)).map((e) => e.eventId);
      expect(ids).not.toContain(`${eventType}:${early.fields.transactionId}`);
      expect(await paymentRow(app, paymentId)).toMatchObject({ status: 'created' });

      expect((await peer.settle()).map(answer)).toMatchObject([{ status: 200, result: 'credited' }]);
      expect(await balance(app, fan.user.id)).toBe(2000);
      // CCBill retries the webhook it was refused: applied now, and a second retry is a duplicate
      const retried = await peer.post(eventType, early.fields);
      expect(answer(retried)).toMatchObject({
        status: 200,
        result: eventType === 'Chargeback' ? 'charged back' : 'refunded',
      });
      expect(answer(await peer.post(eventType, early.fields))).toMatchObject({ duplicate: true });
      expect(await paymentRow(app, paymentId)).toMatchObject({
        status: eventType === 'Chargeback' ? 'chargeback' : 'refunded',
      });
      expect(await balance(app, fan.user.id)).toBe(0);
      const ledger = await verifyLedger(app.ctx.db);
      expect(ledger, JSON.stringify(ledger)).toMatchObject({ ok: true });
      if (eventType === 'Chargeback') await app.ctx.db.update(users).set({ chargebackHoldAt: null });
    }
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ gateway: 'ccbill' }),
      expect.stringMatching(/before its sale/),
    );
    const events = (await recordedEvents(app)).filter((e) => /^(Refund|Chargeback|Void):/.test(e.eventId));
    expect(events).toHaveLength(3);
  });
});

describe('forged CCBill webhooks', () => {
  it('are refused from another address, on another path, for another account or at another price', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const { paymentId, checkoutUrl } = await openTopUp(app, fan, 20);
    const fields = {
      subscriptionId: '0100000999',
      transactionId: '0900000000000000999',
      billedInitialPrice: '20.00',
      billedCurrencyCode: '840',
      initialPeriod: '2',
      recurringPeriod: '0',
      'X-paymentId': paymentId,
    };
    const query = `clientAccnum=${CCBILL.clientAccnum}&clientSubacc=${CCBILL.clientSubacc}&eventType=NewSaleSuccess`;
    const send = (url: string, remoteAddress: string, body: Record<string, string> = fields) =>
      app.inject({
        method: 'POST',
        url: `${url}?${query}`,
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body).toString(),
      });
    const warn = vi.spyOn(app.ctx.log, 'warn');
    expect((await send(hook, '203.0.113.7')).statusCode).toBe(403);
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ ip: '203.0.113.7' }), expect.stringMatching(/refused/));
    warn.mockRestore();
    expect((await send('/api/payments/ccbill/webhook/guessed', '64.38.212.20')).statusCode).toBe(404);
    expect((await send('/api/payments/ccbill/webhook', '64.38.212.20')).statusCode).toBe(404);
    const other = await send(hook, '64.38.212.20', { ...fields, clientAccnum: '900999' });
    expect(other.json()).toMatchObject({ statusCode: 400, code: 'INVALID_POSTBACK' });
    // from CCBill's range and path, but billed at another price than the payment we opened: not credited
    const cheap = await send(hook, '64.38.212.20', { ...fields, billedInitialPrice: '2.95' });
    expect(cheap.json()).toMatchObject({ result: 'ignored' });
    expect(await balance(app, fan.user.id)).toBe(0);
    expect(await paymentRow(app, paymentId)).toMatchObject({ status: 'created' });
    expect(await recordedEvents(app)).toHaveLength(1);

    // the sale the peer posts (from the allowed 127.0.0.1) is credited
    await peer.pay(checkoutUrl, CCBILL_TEST_CARDS.approved);
    expect(await balance(app, fan.user.id)).toBe(2000);
  });
});
