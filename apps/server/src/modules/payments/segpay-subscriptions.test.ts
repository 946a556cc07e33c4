import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type Actor, buildPerformer, buildUser } from '../../../test/factories';
import { earned, hasAccess, travelTo } from '../../../test/factories.memberships';
import { chooseSegpay, payAt, paymentRow, SEGPAY_IDS, useSegpay } from '../../../test/factories.segpay';
import { subscribeVia } from '../../../test/factories.subscriptions';
import { TEST_CARDS } from '../../../test/segpay-peer';
import type { App } from '../../app-type';
import { payments, subscriptions } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { createSession } from '../auth/sessions';
import { verifyLedger } from '../ledger/ledger.service';
import { runRenewals } from '../subscriptions/subscriptions.renewal';

// Memberships Segpay rebills itself (Dynamic Recurring Billing), against the local peer (test/segpay-peer.ts).
const { peer, t } = await useSegpay();
const DAY = 86_400_000;
afterAll(() => peer.close());
afterEach(async () => {
  setClockOffset(0);
  peer.hold = false;
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});

const subOf = async (app: App, fanId: string) =>
  (await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fanId)))[0];

/** A fan whose session outlives the months the tests travel through. */
async function longSessionFan(app: App): Promise<Actor> {
  const a = await buildUser(app);
  const { token } = await createSession(app.ctx.db, a.user.id, { remember: true });
  return { ...a, token, auth: { authorization: `Bearer ${token}` } };
}

/** A fan subscribes by card: the join link of the recurring price point, paid with the test card. */
async function subscribeAtSegpay(app: App) {
  await chooseSegpay(app);
  const creator = await buildPerformer(app, {}, { monthlyPrice: 1000, yearlyPrice: 9600 });
  const fan = await longSessionFan(app);
  const res = await subscribeVia(app, fan, { performerId: creator.user.id, paymentMethod: 'card', returnTo: '/kai' });
  expect(res.statusCode, res.body).toBe(200);
  const { checkoutUrl, paymentId } = res.json() as { checkoutUrl: string; paymentId: string };
  const paid = await payAt(checkoutUrl, TEST_CARDS.approved);
  const purchaseId = [...peer.purchases.values()].find((p) => p.paymentid === paymentId)!.id;
  const saleTranId = [...peer.transactions.values()].find((x) => x.purchaseId === purchaseId)!.id;
  return { creator, fan, checkoutUrl, paymentId, purchaseId, saleTranId, ...paid };
}

describe('subscriptions billed by Segpay', () => {
  it('start → two rebills → cancel at Segpay → access until the period end → Disable ends it', async () => {
    const { app } = t();
    const s = await subscribeAtSegpay(app);
    const link = new URL(s.checkoutUrl);
    expect(link.searchParams.get('x-eticketid')).toBe(`${SEGPAY_IDS.packageId}:${SEGPAY_IDS.recurringPricePointId}`);
    expect(s.location).toBe(`https://fans.example/payments/result?next=%2Fkai&payment=${s.paymentId}`);
    expect(
      peer.delivered.filter((d) => d.fields.purchaseid === s.purchaseId).map((d) => [d.fields.action, d.body]),
    ).toEqual([
      ['Auth', 'OK'],
      ['Enable', 'OK'],
    ]);
    let sub = await subOf(app, s.fan.user.id);
    expect(sub).toMatchObject({ status: 'active', paymentMethod: 'segpay', externalId: s.purchaseId, paidPeriods: 1 });
    expect(await earned(app, s.creator.user.id)).toBe(800);
    expect(await hasAccess(app, s.fan.user.id, s.creator.user.id)).toBe(true);

    // the renewal job leaves the rebill to Segpay
    const end = sub.currentPeriodEnd!.getTime();
    travelTo(end - 10 * 60_000);
    expect(await runRenewals(app.ctx)).toMatchObject({ renewed: 0, failed: 0, pending: 1 });

    // the Conversion (first rebill) and a Rebill: one period each, from the old period end, creator paid
    peer.rebill(s.purchaseId);
    const [conversion] = await peer.flush();
    expect(conversion.fields).toMatchObject({ stage: 'Conversion', approved: 'Yes', price: '10.00' });
    expect(conversion.body).toBe('OK');
    peer.rebill(s.purchaseId);
    expect((await peer.flush())[0].fields.stage).toBe('Rebill');
    sub = await subOf(app, s.fan.user.id);
    expect(sub.paidPeriods).toBe(3);
    expect(sub.currentPeriodEnd!.getTime()).toBe(end + 60 * DAY);
    expect(await earned(app, s.creator.user.id)).toBe(2400);
    const rows = await app.ctx.db.select().from(payments).where(eq(payments.userId, s.fan.user.id));
    expect(rows.map((p) => p.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);

    // the fan cancels: SRS CancelMembership first, then our row; Segpay's Cancel postback keeps the paid period
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/payment/segpay/cancel-subscription/${sub.id}`,
      headers: s.fan.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(peer.srsCalls.at(-1)).toMatchObject({ task: 'CancelMembership', query: { PurchaseID: s.purchaseId } });
    expect((await peer.flush()).map((d) => [d.fields.action, d.body])).toEqual([['Cancel', 'OK']]);
    sub = await subOf(app, s.fan.user.id);
    expect(sub).toMatchObject({ status: 'cancelled', autoRenew: false });
    expect(await hasAccess(app, s.fan.user.id, s.creator.user.id)).toBe(true);

    // the period ends: Segpay's Disable postback; access is gone
    travelTo(sub.currentPeriodEnd!.getTime() + 60_000);
    peer.expire(s.purchaseId);
    expect((await peer.flush())[0].body).toBe('OK');
    expect(await subOf(app, s.fan.user.id)).toMatchObject({ status: 'expired', endReason: 'cancelled' });
    expect(await hasAccess(app, s.fan.user.id, s.creator.user.id, Date.now() + 120_000)).toBe(false);
  });

  it('rebills out of order, a repeated rebill and a declined one: each paid period counted once', async () => {
    const { app } = t();
    const s = await subscribeAtSegpay(app);
    peer.hold = true;
    peer.rebill(s.purchaseId);
    peer.rebill(s.purchaseId);
    const [first, second] = peer.outbox.splice(0);
    expect((await peer.deliver(second!)).body).toBe('OK');
    expect((await peer.deliver(first!)).body).toBe('OK');
    expect((await peer.deliver(second!)).body).toBe('OK');
    const sub = await subOf(app, s.fan.user.id);
    expect(sub.paidPeriods).toBe(3);
    expect(await earned(app, s.creator.user.id)).toBe(2400);

    peer.rebill(s.purchaseId, false);
    const [declined] = peer.outbox.splice(0);
    expect(declined).toMatchObject({ approved: 'No', stage: 'Rebill' });
    travelTo(sub.currentPeriodEnd!.getTime() + 60_000);
    expect((await peer.deliver(declined!)).body).toBe('OK');
    expect((await subOf(app, s.fan.user.id)).renewalAttempts).toBe(1);
  });

  it('a rebill delivered before the sale that started the membership waits (409), then counts once', async () => {
    const { app } = t();
    peer.hold = true;
    const s = await subscribeAtSegpay(app);
    peer.rebill(s.purchaseId);
    const [sale, enable, conversion] = peer.outbox.splice(0);
    expect(conversion).toMatchObject({ stage: 'Conversion' });
    expect((await peer.deliver(conversion!)).status).toBe(409);
    expect((await subOf(app, s.fan.user.id)).paidPeriods).toBe(0);
    for (const postback of [sale!, enable!, conversion!]) expect((await peer.deliver(postback)).body).toBe('OK');
    expect((await subOf(app, s.fan.user.id)).paidPeriods).toBe(2);
    expect(await earned(app, s.creator.user.id)).toBe(1600);
  });

  it('a refund and a chargeback at Segpay reverse the creator’s earning, end access, and expire the membership', async () => {
    const { app } = t();
    const refunded = await subscribeAtSegpay(app);
    peer.refund(refunded.saleTranId);
    expect((await peer.flush())[0]).toMatchObject({ body: 'OK', fields: { trantype: 'credit' } });
    expect(await subOf(app, refunded.fan.user.id)).toMatchObject({ status: 'expired', endReason: 'refunded' });
    expect((await paymentRow(app, refunded.paymentId)).status).toBe('refunded');
    expect(await earned(app, refunded.creator.user.id)).toBe(0);
    expect(await hasAccess(app, refunded.fan.user.id, refunded.creator.user.id)).toBe(false);
    // the renewal job ends the membership at Segpay (SRS ExpireMembership) and forgets it
    await runRenewals(app.ctx);
    expect(peer.srsCalls.at(-1)).toMatchObject({
      task: 'ExpireMembership',
      query: { PurchaseID: refunded.purchaseId },
    });
    expect((await subOf(app, refunded.fan.user.id)).externalId).toBeNull();
    expect((await peer.flush())[0]).toMatchObject({ body: 'OK', fields: { action: 'Disable' } });

    const disputed = await subscribeAtSegpay(app);
    peer.chargeback(disputed.saleTranId);
    await peer.flush();
    expect(await subOf(app, disputed.fan.user.id)).toMatchObject({ status: 'expired', endReason: 'chargeback' });
    expect((await paymentRow(app, disputed.paymentId)).status).toBe('chargeback');
    expect(await earned(app, disputed.creator.user.id)).toBe(0);
  });

  it('a Segpay error on cancel answers 502 and changes nothing here', async () => {
    const { app } = t();
    const s = await subscribeAtSegpay(app);
    const sub = await subOf(app, s.fan.user.id);
    peer.purchases.delete(s.purchaseId); // Segpay no longer knows it: "PurchaseID/MerchantID Mismatch"
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/payment/segpay/cancel-subscription/${sub.id}`,
      headers: s.fan.auth,
    });
    expect([cancel.statusCode, cancel.json().code]).toEqual([502, 'GATEWAY_ERROR']);
    expect((await subOf(app, s.fan.user.id)).status).toBe('active');
  });
});
