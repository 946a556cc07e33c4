import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CCBILL_TEST_CARDS, startCcbillPeer } from '../../../test/ccbill-peer';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import {
  answer,
  buildLongSessionUser,
  CCBILL,
  ccbillEnv,
  openTopUp,
  paymentRow,
  useCcbillGateway,
} from '../../../test/factories.ccbill';
import { subscribeVia } from '../../../test/factories.subscriptions';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { chargebacks, ledgerTransactions, mailOutbox, notifications, users } from '../../db/schema';
import { balanceOf, clearing, platform, verifyLedger } from '../ledger/ledger.service';
import { monthOf } from './chargebacks';

// Chargebacks posted by the local CCBill peer (test/ccbill-peer.ts): fee, hold, ratio, alert.
const peer = await startCcbillPeer(CCBILL);
const t = useTestApp({ env: ccbillEnv(peer) });

beforeEach(() => useCcbillGateway(t().app, peer));
afterEach(async () => {
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});
afterAll(() => peer.close());

const ledgerBalance = (app: App, ref: Parameters<typeof balanceOf>[1]) =>
  app.ctx.db.transaction((tx) => balanceOf(tx, ref));

/** A CCBill top-up paid on the peer's form: its payment and CCBill subscription ids. */
async function paidTopUp(app: App, fan: Awaited<ReturnType<typeof buildUser>>, amount: number) {
  const { paymentId, checkoutUrl } = await openTopUp(app, fan, amount);
  const paid = await peer.pay(checkoutUrl, CCBILL_TEST_CARDS.approved);
  return { paymentId, subscriptionId: paid.subscriptionId! };
}

async function summary(app: App, admin: Awaited<ReturnType<typeof buildAdmin>>, month?: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/admin/chargebacks${month ? `?month=${month}` : ''}`,
    headers: admin.auth,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('chargebacks: the processor fee and the fan’s hold', () => {
  it('books the configured fee to the platform once, holds the fan until an admin clears it', async () => {
    const { app } = t();
    await app.ctx.settings.update({ chargebackFeeCents: { ccbill: 2500 } }, null);
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const sale = await paidTopUp(app, fan, 20);
    // what CCBill charged, in its currency (the site's: rate 1), recorded with the payment
    expect(await paymentRow(app, sale.paymentId)).toMatchObject({
      processorCurrency: 'USD',
      processorAmountMinor: 2000,
      fxRate: '1.00000000',
    });
    const platformBefore = await ledgerBalance(app, platform);
    const clearingBefore = await ledgerBalance(app, clearing('ccbill'));

    const cb = await peer.reverse('Chargeback', sale.subscriptionId);
    expect(answer(cb)).toMatchObject({ result: 'charged back' });
    // the fee: platform → clearing (CCBill keeps it from what it owes us), on top of the reversal
    const [row] = await app.ctx.db.select().from(chargebacks).where(eq(chargebacks.paymentId, sale.paymentId));
    expect(row).toMatchObject({ gateway: 'ccbill', userId: fan.user.id, amountCents: 2000, feeCents: 2500 });
    const [fee] = await app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.id, row.feeTransactionId!));
    expect(fee).toMatchObject({ kind: 'chargeback_fee', reference: `chargeback:${row.id}` });
    expect(await ledgerBalance(app, platform)).toBe(platformBefore - 2500);
    expect(await ledgerBalance(app, clearing('ccbill'))).toBe(clearingBefore + 2000 + 2500);

    // the same chargeback delivered again, and a late refund of the same sale: no second fee
    expect(answer(await peer.post('Chargeback', cb.fields))).toMatchObject({ duplicate: true });
    expect(answer(await peer.reverse('Refund', sale.subscriptionId))).toMatchObject({
      result: 'ignored (chargeback)',
    });
    const fees = await app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'chargeback_fee'));
    expect(fees).toHaveLength(1);

    // the fan may not buy anything (here: top up) until an admin clears the hold
    const [held] = await app.ctx.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(held.chargebackHoldAt).not.toBeNull();
    const refused = await app.inject({
      method: 'POST',
      url: '/api/payment/wallet/top-up',
      headers: fan.auth,
      payload: { amount: 20 },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CHARGEBACK_HOLD' });
    expect((await summary(app, admin)).held).toEqual([
      expect.objectContaining({ _id: fan.user.id, username: fan.user.username }),
    ]);

    const notAdmin = await app.inject({
      method: 'DELETE',
      url: `/api/admin/users/${fan.user.id}/chargeback-hold`,
      headers: fan.auth,
    });
    expect(notAdmin.statusCode).toBe(403);
    const clear = () =>
      app.inject({ method: 'DELETE', url: `/api/admin/users/${fan.user.id}/chargeback-hold`, headers: admin.auth });
    expect((await clear()).json()).toEqual({ cleared: true });
    expect((await clear()).json()).toEqual({ cleared: false });
    await openTopUp(app, fan, 20);
  });

  it('books no fee when none is set (CCBill’s standard pricing includes it)', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const sale = await paidTopUp(app, fan, 20);
    expect(answer(await peer.reverse('Chargeback', sale.subscriptionId))).toMatchObject({ result: 'charged back' });
    const [row] = await app.ctx.db.select().from(chargebacks).where(eq(chargebacks.paymentId, sale.paymentId));
    expect(row).toMatchObject({ feeCents: 0, feeTransactionId: null });
    // a refund is not a chargeback: no row, no hold
    const other = await buildUser(app);
    const refunded = await paidTopUp(app, other, 20);
    await peer.reverse('Refund', refunded.subscriptionId);
    expect(await paymentRow(app, refunded.paymentId)).toMatchObject({ status: 'refunded' });
    expect(await app.ctx.db.select().from(chargebacks).where(eq(chargebacks.paymentId, refunded.paymentId))).toEqual(
      [],
    );
    const [u] = await app.ctx.db.select().from(users).where(eq(users.id, other.user.id));
    expect(u.chargebackHoldAt).toBeNull();
  });
});

describe('chargeback ratio', () => {
  it('per processor and per creator, with one alert (in-app and mail) per processor and month above the threshold', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    await app.ctx.settings.update({ chargebackAlertPercent: 30 }, null);
    // four sales at CCBill this month: three top-ups and a creator's subscription
    const fans = await Promise.all([buildUser(app), buildUser(app), buildUser(app)]);
    const sales = [];
    for (const fan of fans) sales.push(await paidTopUp(app, fan, 20));
    const creator = await buildPerformer(app, {}, { monthlyPrice: 1000 });
    const subscriber = await buildLongSessionUser(app);
    const sub = await subscribeVia(app, subscriber, { performerId: creator.user.id, paymentMethod: 'card' });
    expect(sub.statusCode, sub.body).toBe(200);
    const paid = await peer.pay(sub.json().checkoutUrl, CCBILL_TEST_CARDS.approved);

    // 1 of 4 = 25%: under the 30% threshold, no alert
    await peer.reverse('Chargeback', sales[0].subscriptionId);
    let s = await summary(app, admin);
    expect(s.month).toBe(monthOf(new Date()));
    expect(s.thresholdPercent).toBe(30);
    expect(s.gateways).toEqual([{ gateway: 'ccbill', sales: 4, chargebacks: 1, percent: 25, alerted: false }]);
    const alerts = () =>
      app.ctx.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, admin.user.id), eq(notifications.kind, 'system')));
    expect(await alerts()).toHaveLength(0);

    // 2 of 4 = 50%: the admins are told once, in-app and by mail
    await peer.reverse('Chargeback', paid.subscriptionId!);
    s = await summary(app, admin);
    expect(s.gateways).toEqual([{ gateway: 'ccbill', sales: 4, chargebacks: 2, percent: 50, alerted: true }]);
    expect(s.creators).toEqual([
      expect.objectContaining({ creator: { _id: creator.user.id, username: creator.user.username }, chargebacks: 1 }),
    ]);
    expect(s.creators[0]).toMatchObject({ sales: 1, percent: 100, amount: 10 });
    const [alert] = await alerts();
    expect(alert.title).toMatch(/ccbill.*50%/);
    expect(alert.link).toBe('/admin/money');
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.user.email!));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/Chargeback ratio alert: ccbill/)]);

    // 3 of 4: still above, no second alert this month
    await peer.reverse('Chargeback', sales[1].subscriptionId);
    expect(await alerts()).toHaveLength(1);
    expect((await summary(app, admin)).previous).toEqual([]);
  });

  it('rejects a malformed month and answers 403 to non-admins', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const fan = await buildUser(app);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/chargebacks?month=2026-13', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    const denied = await app.inject({ method: 'GET', url: '/api/admin/chargebacks', headers: fan.auth });
    expect(denied.statusCode).toBe(403);
  });
});
