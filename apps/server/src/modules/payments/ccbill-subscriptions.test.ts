import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CCBILL_TEST_CARDS, startCcbillPeer } from '../../../test/ccbill-peer';
import { buildPerformer } from '../../../test/factories';
import { answer, buildLongSessionUser, CCBILL, ccbillEnv, useCcbillGateway } from '../../../test/factories.ccbill';
import { earned, subRow, travelTo } from '../../../test/factories.memberships';
import { subscribeVia } from '../../../test/factories.subscriptions';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { entitlements, payments } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { formDigest } from '../../lib/payments';
import { verifyLedger } from '../ledger/ledger.service';
import { runRenewals } from '../subscriptions/subscriptions.renewal';

// Memberships CCBill rebills itself, against the local CCBill peer (test/ccbill-peer.ts).
const peer = await startCcbillPeer(CCBILL);
const t = useTestApp({ env: ccbillEnv(peer) });
const DAY = 86_400_000;

beforeEach(() => useCcbillGateway(t().app, peer));
afterEach(async () => {
  setClockOffset(0);
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});
afterAll(() => peer.close());

const hasAccess = async (app: App, fanId: string, creatorId: string) => {
  const [e] = await app.ctx.db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.userId, fanId), eq(entitlements.objectId, creatorId)));
  return Boolean(e && !e.revokedAt && (!e.expiresAt || e.expiresAt.getTime() > app.ctx.now().getTime()));
};

/** A fan subscribes to a 10.00/month creator by card and pays on CCBill's hosted form. */
async function subscribeAtCcbill(app: App) {
  const creator = await buildPerformer(app, {}, { monthlyPrice: 1000 });
  const fan = await buildLongSessionUser(app);
  const res = await subscribeVia(app, fan, { performerId: creator.user.id, paymentMethod: 'card', returnTo: '/kai' });
  expect(res.statusCode, res.body).toBe(200);
  const { checkoutUrl, paymentId } = res.json() as { checkoutUrl: string; paymentId: string };
  const paid = await peer.pay(checkoutUrl, CCBILL_TEST_CARDS.approved);
  return { creator, fan, checkoutUrl, paymentId, subscriptionId: paid.subscriptionId!, sale: peer.postbacks.at(-1)! };
}

describe('CCBill memberships', () => {
  it('start → two renewals (one retried) → cancelled through DataLink → expired at the period end', async () => {
    const { app } = t();
    const { creator, fan, checkoutUrl, paymentId, subscriptionId, sale } = await subscribeAtCcbill(app);
    // a recurring price point: 10.00 now, then 10.00 every 30 days until cancelled (numRebills 99)
    const q = Object.fromEntries(new URL(checkoutUrl).searchParams);
    expect(q).toMatchObject({
      initialPrice: '10.00',
      initialPeriod: '30',
      recurringPrice: '10.00',
      recurringPeriod: '30',
      numRebills: '99',
      currencyCode: '840',
      paymentId,
    });
    expect(q.formDigest).toBe(formDigest(['10.00', '30', '10.00', '30', '99', '840'], CCBILL.salt));
    expect(answer(sale)).toMatchObject({ result: 'subscribed' });
    let sub = await subRow(app);
    expect(sub).toMatchObject({
      status: 'active',
      paymentMethod: 'ccbill',
      externalId: subscriptionId,
      paidPeriods: 1,
    });
    expect(await earned(app, creator.user.id)).toBe(800);
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(true);

    // the renewal job leaves the charge to CCBill (parked, not failed)
    const end = sub.currentPeriodEnd!.getTime();
    travelTo(end - 10 * 60_000);
    expect(await runRenewals(app.ctx)).toMatchObject({ renewed: 0, failed: 0, pending: 1 });
    // CCBill rebills: RenewalSuccess extends from the period end and pays the creator
    const first = await peer.renew(subscriptionId);
    expect(answer(first)).toMatchObject({ duplicate: false, result: 'renewed' });
    expect(answer(await peer.post('RenewalSuccess', first.fields))).toMatchObject({ duplicate: true });
    sub = await subRow(app);
    expect(sub.currentPeriodEnd!.getTime()).toBe(end + 30 * DAY);
    expect(await earned(app, creator.user.id)).toBe(1600);

    // the next rebill is declined, then CCBill's retry goes through
    travelTo(end + 30 * DAY + 60_000);
    expect(answer(await peer.renew(subscriptionId, { declined: true }))).toMatchObject({ result: 'renewal failed' });
    expect((await subRow(app)).renewalAttempts).toBe(1);
    expect(answer(await peer.renew(subscriptionId))).toMatchObject({ result: 'renewed' });
    sub = await subRow(app);
    expect(sub).toMatchObject({ paidPeriods: 3, renewalAttempts: 0 });
    expect(await earned(app, creator.user.id)).toBe(2400);
    const rows = await app.ctx.db.select().from(payments).where(eq(payments.userId, fan.user.id));
    expect(rows.map((p) => p.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);

    // the fan cancels: DataLink cancelSubscription first, then our row; access runs to the period end
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/payment/ccbill/cancel-subscription/${sub.id}`,
      headers: fan.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(peer.datalink.at(-1)).toMatchObject({ action: 'cancelSubscription', subscriptionId, returnXML: '1' });
    expect(peer.subscriptions.get(subscriptionId)!.status).toBe('cancelled');
    expect((await subRow(app)).status).toBe('cancelled');
    const [cancellation] = await peer.settle();
    expect(answer(cancellation)).toMatchObject({ result: 'ends at period end' });
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(true);

    // CCBill's Expiration at the period end closes it
    travelTo(sub.currentPeriodEnd!.getTime() + 60_000);
    expect(answer(await peer.expire(subscriptionId))).toMatchObject({ result: 'ended' });
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'cancelled', autoRenew: false });
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);
  });

  it('renewals posted out of order both count; a Cancellation after the Expiration changes nothing', async () => {
    const { app } = t();
    const { creator, subscriptionId } = await subscribeAtCcbill(app);
    const end = (await subRow(app)).currentPeriodEnd!.getTime();
    const renewal = (transactionId: string) => ({
      subscriptionId,
      transactionId,
      clientAccnum: CCBILL.clientAccnum,
      clientSubacc: CCBILL.clientSubacc,
      timestamp: '2026-12-01 10:00:00',
      billedAmount: '10.00',
      billedCurrency: 'USD',
      billedCurrencyCode: '840',
    });
    travelTo(end - 60_000);
    expect(answer(await peer.post('RenewalSuccess', renewal('0900000000000000702')))).toMatchObject({
      result: 'renewed',
    });
    expect(answer(await peer.post('RenewalSuccess', renewal('0900000000000000701')))).toMatchObject({
      result: 'renewed',
    });
    expect((await subRow(app)).currentPeriodEnd!.getTime()).toBe(end + 60 * DAY);
    expect(await earned(app, creator.user.id)).toBe(2400);

    travelTo(end + 60 * DAY + 60_000);
    expect(answer(await peer.expire(subscriptionId))).toMatchObject({ result: 'ended' });
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'payment_failed' });
    const late = { subscriptionId, clientAccnum: CCBILL.clientAccnum, timestamp: '2027-01-30 10:00:00', reason: 'x' };
    expect(answer(await peer.post('Cancellation', late))).toMatchObject({ result: 'ignored' });
  });

  it('a chargeback of a renewal and a refund of the sale reverse those payments, end the membership and stop CCBill', async () => {
    const { app } = t();
    const { creator, fan, paymentId, subscriptionId } = await subscribeAtCcbill(app);
    const end = (await subRow(app)).currentPeriodEnd!.getTime();
    travelTo(end - 60_000);
    const renewal = await peer.renew(subscriptionId);
    expect(await earned(app, creator.user.id)).toBe(1600);

    // the dispute names the renewal's transaction: that payment is reversed (creator_pays), access ends
    const chargeback = await peer.reverse('Chargeback', subscriptionId, renewal.fields.transactionId);
    expect(answer(chargeback)).toMatchObject({ result: 'charged back' });
    expect(await earned(app, creator.user.id)).toBe(800);
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'chargeback' });
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);
    const [sale] = await app.ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(sale.status).toBe('succeeded');

    // a refund made at CCBill of the first sale (named by its subscription): that payment too
    expect(
      answer(await peer.reverse('Refund', subscriptionId, peer.subscriptions.get(subscriptionId)!.transactions[0].id)),
    ).toMatchObject({
      result: 'refunded',
    });
    expect(await earned(app, creator.user.id)).toBe(0);
    // the next job run cancels the membership at CCBill so it bills no more
    await runRenewals(app.ctx);
    expect(peer.datalink.at(-1)).toMatchObject({ action: 'cancelSubscription', subscriptionId });
    expect((await subRow(app)).externalId).toBeNull();
  });
});
