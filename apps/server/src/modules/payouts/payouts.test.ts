import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { earnThroughTips, requestPayout, setBankDetails } from '../../../test/factories.payouts';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import {
  auditLog,
  ledgerTransactions,
  mailOutbox,
  notifications,
  payoutRequests,
  payoutSettings,
} from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { createSession } from '../auth/sessions';
import { balanceOf, clearing, earningsAccount, platform, reserveAccount, verifyLedger } from '../ledger/ledger.service';
import { refundCharge } from '../wallet/refunds.service';

const t = useTestApp();
const DAY = 86_400_000;

afterEach(async () => {
  setClockOffset(0);
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});

const bal = (app: App, ref: Parameters<typeof balanceOf>[1]) => balanceOf(app.ctx.db, ref);
const calc = async (app: App, a: Actor, payload: object = {}) => {
  const res = await app.inject({ method: 'POST', url: '/api/payout-requests/calculate', headers: a.auth, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const noHold = (app: App) => app.ctx.settings.update({ payoutHoldDays: 0 }, null);
/** Sessions that survive the test clock moving days ahead. */
async function longLived(app: App, a: Actor): Promise<Actor> {
  const { token } = await createSession(app.ctx.db, a.user.id, { remember: true });
  return { ...a, token, auth: { authorization: `Bearer ${token}` } };
}
const admin = (app: App) => buildAdmin(app).then((a) => longLived(app, a));
const review = (app: App, a: Actor, id: string, action: string, payload: object = {}) =>
  app.inject({ method: 'POST', url: `/api/admin/payout-requests/${id}/${action}`, headers: a.auth, payload });

/** A verified creator with 80.00 earned from a 100.00 tip (no hold), bank details saved. */
async function creatorWith80(app: App) {
  await noHold(app);
  const creator = await buildPerformer(app);
  await earnThroughTips(app, creator, [100]);
  await setBankDetails(app, creator);
  return creator;
}

describe('requesting a payout', () => {
  it('calculates the figures, enforces the minimum, the available amount, a configured method and verification', async () => {
    const { app } = t();
    const creator = await creatorWith80(app);
    expect(await calc(app, creator)).toMatchObject({
      totalEarned: 80,
      paidOut: 0,
      pending: 0,
      onHold: 0,
      available: 80,
      owed: 0,
      minimumPayout: 50,
    });

    const low = await requestPayout(app, creator, 49.99);
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({ code: 'PAYOUT_BELOW_MINIMUM', details: [{ field: 'amount' }] });
    const over = await requestPayout(app, creator, 80.01);
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('INSUFFICIENT_EARNINGS');
    const paypal = await requestPayout(app, creator, 50, 'paypal');
    expect(paypal.statusCode).toBe(422);
    expect(paypal.json()).toMatchObject({ code: 'PAYOUT_METHOD_NOT_SET', message: expect.stringMatching(/PayPal/) });
    const bad = await app.inject({
      method: 'POST',
      url: '/api/payout-requests',
      headers: creator.auth,
      payload: { amount: 'x', paymentAccountType: 'bank' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/amount/);
    const cheque = await app.inject({
      method: 'POST',
      url: '/api/payout-requests',
      headers: creator.auth,
      payload: { amount: 60, paymentAccountType: 'cheque' },
    });
    expect(cheque.statusCode).toBe(400);
    expect(cheque.body).toMatch(/paymentAccountType/);

    // fans may not; an unverified creator may not (the earning policy)
    const fan = await buildUser(app);
    expect((await requestPayout(app, fan, 60)).statusCode).toBe(403);
    const pendingCreator = await buildPerformer(app, {}, { verificationStatus: 'pending' });
    await setBankDetails(app, pendingCreator);
    const unverified = await requestPayout(app, pendingCreator, 60);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().code).toBe('CREATOR_NOT_VERIFIED');
    expect(await app.ctx.db.select().from(payoutRequests)).toHaveLength(0);

    // the amount is reserved in the ledger in the same transaction (reference bug: a balance not reserved)
    const ok = await requestPayout(app, creator, 60, 'bank', 'Rent');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ amount: 60, status: 'pending', paymentAccountType: 'bank', requestNote: 'Rent' });
    expect(await bal(app, earningsAccount(creator.user.id))).toBe(2_000);
    expect(await bal(app, reserveAccount(creator.user.id))).toBe(6_000);
    expect(await calc(app, creator)).toMatchObject({ totalEarned: 80, pending: 60, available: 20, paidOut: 0 });
  });

  it('one open request at a time; check/pending-review says so', async () => {
    const { app } = t();
    const creator = await creatorWith80(app);
    await earnThroughTips(app, creator, [100]); // 160.00 available
    const check = () =>
      app.inject({ method: 'GET', url: '/api/payout-requests/check/pending-review', headers: creator.auth });
    expect((await check()).json()).toEqual({
      hasPending: false,
      canRequest: true,
      pendingRequestId: null,
      reason: null,
    });
    const first = await requestPayout(app, creator, 50);
    expect(first.statusCode).toBe(200);
    const second = await requestPayout(app, creator, 50);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('PAYOUT_PENDING');
    expect((await check()).json()).toMatchObject({
      hasPending: true,
      canRequest: false,
      pendingRequestId: first.json()._id,
    });
    // approved is still open
    const a = await admin(app);
    expect((await review(app, a, first.json()._id, 'approve')).statusCode).toBe(200);
    expect((await requestPayout(app, creator, 50)).statusCode).toBe(409);
    const poor = await buildPerformer(app);
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/payout-requests/check/pending-review', headers: poor.auth })
      ).json(),
    ).toMatchObject({
      canRequest: false,
      reason: 'The minimum payout is $50.00',
    });
  });

  it('20 concurrent requests for the same available amount: exactly one wins', async () => {
    const { app } = t();
    const creator = await creatorWith80(app);
    const results = await Promise.all(Array.from({ length: 20 }, () => requestPayout(app, creator, 80)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409 || c === 422)).toBe(true);
    expect(await app.ctx.db.select().from(payoutRequests)).toHaveLength(1);
    expect(await bal(app, reserveAccount(creator.user.id))).toBe(8_000);
    expect(await bal(app, earningsAccount(creator.user.id))).toBe(0);
  });

  it('the creator edits a pending request (checks again, the reservation follows) and cancels it (released)', async () => {
    const { app } = t();
    const creator = await creatorWith80(app);
    const id = (await requestPayout(app, creator, 50)).json()._id;
    const put = (payload: object, who = creator) =>
      app.inject({ method: 'PUT', url: `/api/payout-requests/${id}`, headers: who.auth, payload });

    const up = await put({ amount: 75, requestNote: 'More' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ amount: 75, requestNote: 'More', status: 'pending' });
    expect(await bal(app, reserveAccount(creator.user.id))).toBe(7_500);
    expect((await put({ amount: 80.5 })).json().code).toBe('INSUFFICIENT_EARNINGS');
    expect((await put({ amount: 10 })).json().code).toBe('PAYOUT_BELOW_MINIMUM');
    expect((await put({ paymentAccountType: 'paypal' })).statusCode).toBe(422);
    expect((await put({})).statusCode).toBe(400);
    const down = await put({ amount: 55 });
    expect(down.json().amount).toBe(55);
    expect(await bal(app, reserveAccount(creator.user.id))).toBe(5_500);
    expect(await bal(app, earningsAccount(creator.user.id))).toBe(2_500);

    const other = await buildPerformer(app);
    expect((await put({ amount: 60 }, other)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: `/api/payout-requests/${id}/view`, headers: other.auth })).statusCode,
    ).toBe(404);

    const cancelled = await put({ status: 'cancelled' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect(cancelled.json().history.map((h: { action: string }) => h.action)).toEqual([
      'created',
      'updated',
      'updated',
      'cancelled',
    ]);
    expect(await bal(app, reserveAccount(creator.user.id))).toBe(0);
    expect(await bal(app, earningsAccount(creator.user.id))).toBe(8_000);
    expect((await put({ amount: 60 })).statusCode).toBe(409);
    // a new request may be made again
    expect((await requestPayout(app, creator, 80)).statusCode).toBe(200);
  });
});

describe('admin review', () => {
  it('reject needs a note and releases the reservation; the creator is told in-app and by mail', async () => {
    const { app } = t();
    const creator = await creatorWith80(app);
    const a = await admin(app);
    const id = (await requestPayout(app, creator, 70)).json()._id;
    expect((await review(app, creator, id, 'reject', { note: 'x' })).statusCode).toBe(403);
    const noNote = await review(app, a, id, 'reject', {});
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toMatch(/note/);
    const rejected = await review(app, a, id, 'reject', { note: 'Bank details do not match your name' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', adminNote: 'Bank details do not match your name' });
    expect(await bal(app, reserveAccount(creator.user.id))).toBe(0);
    expect(await bal(app, earningsAccount(creator.user.id))).toBe(8_000);
    expect((await review(app, a, id, 'reject', { note: 'again' })).statusCode).toBe(409);
    expect((await review(app, a, id, 'approve')).statusCode).toBe(409);

    const told = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, creator.user.id), eq(notifications.kind, 'payout')));
    expect(told.map((n) => n.title).sort()).toEqual(['Payout rejected', 'Payout requested']);
    const mails = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, creator.user.email!));
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining([expect.stringMatching(/Payout rejected$/)]));
    expect(mails.find((m) => /rejected/.test(m.subject))!.text).toMatch(/do not match your name/);
    const audits = await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((x) => x.action)).toEqual(['payout.reject']);
  });

  it('a creator cancelling while the admin rejects or pays: one wins, the other gets 409, never a 5xx', async () => {
    const { app } = t();
    const creator = await creatorWith80(app);
    const a = await admin(app);
    for (let round = 0; round < 3; round++) {
      const id = (await requestPayout(app, creator, 50)).json()._id;
      if (round === 2) await review(app, a, id, 'approve');
      const [mine, theirs] = await Promise.all([
        app.inject({
          method: 'PUT',
          url: `/api/payout-requests/${id}`,
          headers: creator.auth,
          payload: { status: 'cancelled' },
        }),
        round === 2
          ? review(app, a, id, 'mark-paid', { reference: `R-${round}` })
          : review(app, a, id, 'reject', { note: 'Racing' }),
      ]);
      const codes = [mine.statusCode, theirs.statusCode].sort();
      expect(codes[0]).toBe(200);
      expect(codes[1] === 200 ? round === 2 : codes[1] === 409).toBe(true);
      expect(await bal(app, reserveAccount(creator.user.id))).toBe(0);
      if (round === 2) break;
    }
  });

  it('paying debits the reservation exactly once whatever the retries (reference bug: a payout that never deducted)', async () => {
    const { app } = t();
    const creator = await creatorWith80(app);
    const a = await admin(app);
    const id = (await requestPayout(app, creator, 80)).json()._id;
    // not approved yet: cannot be paid
    expect((await review(app, a, id, 'mark-paid', { reference: 'SEPA-1' })).statusCode).toBe(409);
    const approved = await review(app, a, id, 'approve', { note: 'Looks good' });
    expect(approved.json()).toMatchObject({ status: 'approved', adminNote: 'Looks good' });
    expect((await review(app, a, id, 'mark-paid', {})).statusCode).toBe(400);

    const tries = await Promise.all(
      Array.from({ length: 6 }, () => review(app, a, id, 'mark-paid', { reference: 'SEPA-2026-11-24-001' })),
    );
    expect(tries.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    expect(tries.every((r) => r.json().status === 'paid')).toBe(true);
    const payouts = await app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'payout'), eq(ledgerTransactions.reference, `payout:${id}`)));
    expect(payouts).toHaveLength(1);
    expect(await bal(app, reserveAccount(creator.user.id))).toBe(0);
    expect(await bal(app, earningsAccount(creator.user.id))).toBe(0);
    expect(await bal(app, clearing('payout-bank'))).toBe(8_000);
    expect(await calc(app, creator)).toMatchObject({ totalEarned: 80, paidOut: 80, pending: 0, available: 0 });
    // once more later: still one debit
    expect((await review(app, a, id, 'mark-paid', { reference: 'SEPA-2026-11-24-001' })).json().status).toBe('paid');
    expect(await bal(app, clearing('payout-bank'))).toBe(8_000);

    const view = await app.inject({ method: 'GET', url: `/api/payout-requests/${id}/view`, headers: creator.auth });
    expect(view.json()).toMatchObject({ status: 'paid', reference: 'SEPA-2026-11-24-001' });
    expect(view.json().history.map((h: { action: string }) => h.action)).toEqual(['created', 'approved', 'paid']);
    const audits = await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audits.map((x) => x.action).sort()).toEqual(['payout.approve', 'payout.paid']);
    const list = await app.inject({ method: 'GET', url: '/api/admin/payout-requests?status=paid', headers: a.auth });
    expect(list.json()).toMatchObject({ total: 1, data: [{ _id: id, performer: { _id: creator.user.id } }] });
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/payout-requests?status=pending', headers: a.auth })).json()
        .total,
    ).toBe(0);
    expect(
      (await app.inject({ method: 'GET', url: '/api/admin/payout-requests', headers: creator.auth })).statusCode,
    ).toBe(403);
    const mine = await app.inject({
      method: 'GET',
      url: '/api/payout-requests/search?status=paid',
      headers: creator.auth,
    });
    expect(mine.json()).toMatchObject({ total: 1, data: [{ _id: id }] });
  });
});

describe('hold period, refunds and chargebacks', () => {
  it('an earning becomes available after the hold; a refund inside the hold comes out of the creator', async () => {
    const { app } = t();
    const creator = await longLived(app, await buildPerformer(app));
    await setBankDetails(app, creator);
    const { charges } = await earnThroughTips(app, creator, [100, 50]);
    expect(await calc(app, creator)).toMatchObject({ available: 0, onHold: 120, holdDays: 7, totalEarned: 120 });
    expect((await requestPayout(app, creator, 60)).json().code).toBe('INSUFFICIENT_EARNINGS');

    // refund inside the hold: the creator's net goes back, the platform only returns its commission
    await refundCharge(app.ctx, charges[1]);
    expect(await bal(app, earningsAccount(creator.user.id))).toBe(8_000);
    expect(await bal(app, platform)).toBe(2_000);
    expect(await calc(app, creator)).toMatchObject({ available: 0, onHold: 80 });

    setClockOffset(6 * DAY);
    expect((await calc(app, creator)).available).toBe(0);
    setClockOffset(7 * DAY + 60_000);
    expect(await calc(app, creator)).toMatchObject({ available: 80, onHold: 0 });
    expect((await requestPayout(app, creator, 80)).statusCode).toBe(200);
  });

  it('a refund after a payout leaves the earnings negative; the next earnings pay it off first (never the fan wallet)', async () => {
    const { app } = t();
    const creator = await longLived(app, await buildPerformer(app));
    const a = await admin(app);
    await setBankDetails(app, creator);
    const { charges, fan } = await earnThroughTips(app, creator, [100]);
    setClockOffset(8 * DAY);
    const id = (await requestPayout(app, creator, 80)).json()._id;
    await review(app, a, id, 'approve');
    expect((await review(app, a, id, 'mark-paid', { reference: 'SEPA-9' })).json().status).toBe('paid');

    await refundCharge(app.ctx, charges[0]);
    expect(await bal(app, earningsAccount(creator.user.id))).toBe(-8_000);
    expect(await bal(app, platform)).toBe(0);
    expect(
      await app.ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'refund')),
    ).toHaveLength(1);
    expect(await calc(app, creator)).toMatchObject({ available: 0, owed: 80, onHold: 0, paidOut: 80 });

    // next earnings: 120.00 net, held, then 40.00 available after paying back 80.00
    const longFan = await longLived(app, fan);
    await earnThroughTips(app, creator, [150], longFan);
    expect(await calc(app, creator)).toMatchObject({ owed: 0, onHold: 40, available: 0 });
    setClockOffset(16 * DAY);
    expect(await calc(app, creator)).toMatchObject({ owed: 0, onHold: 0, available: 40 });
    expect(
      (await app.inject({ method: 'GET', url: '/api/wallet', headers: longFan.auth })).json().balance,
    ).toBeGreaterThanOrEqual(0);
  });
});

describe('banking details', () => {
  it('are sealed at rest, masked for the creator and everyone else, whole for an admin only; changes are audited', async () => {
    const { app } = t();
    const creator = await creatorWith80(app);
    const saved = await app.inject({
      method: 'PUT',
      url: `/api/performers/${creator.user.id}/banking-settings`,
      headers: creator.auth,
      payload: {
        firstName: 'Luna',
        lastName: 'Rivera',
        bankName: 'First Test Bank',
        accountNumber: '000123456789',
        routingNumber: '110000000',
        country: 'US',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().bankingSettings).toEqual({
      firstName: 'Luna',
      lastName: 'Rivera',
      bankName: 'First Test Bank',
      accountNumber: '•••• 6789',
      routingNumber: '•••• 0000',
      country: 'US',
    });
    const pp = await app.inject({
      method: 'PUT',
      url: `/api/performers/${creator.user.id}/payment-gateway-settings`,
      headers: creator.auth,
      payload: { key: 'paypal', value: { email: 'Luna.Pay@Example.test' } },
    });
    expect(pp.json().paymentGatewaySettings).toEqual({ paypalEmail: 'l•••@example.test' });
    const bad = await app.inject({
      method: 'PUT',
      url: `/api/performers/${creator.user.id}/banking-settings`,
      headers: creator.auth,
      payload: { firstName: 'L', lastName: 'R', bankName: 'B', iban: 'not an iban' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/iban/);

    const settings = await app.inject({
      method: 'GET',
      url: `/api/performers/${creator.user.id}/payout-settings`,
      headers: creator.auth,
    });
    expect(settings.json()).toMatchObject({
      methods: ['bank', 'paypal'],
      paypal: { email: 'l•••@example.test' },
      bank: { accountNumber: '•••• 6789' },
    });
    const other = await buildPerformer(app);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/performers/${creator.user.id}/payout-settings`,
          headers: other.auth,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/performers/${creator.user.id}/banking-settings`,
          headers: other.auth,
          payload: { firstName: 'a', lastName: 'b', bankName: 'c', accountNumber: '1234' },
        })
      ).statusCode,
    ).toBe(403);

    // at rest: nothing in clear
    const [row] = await app.ctx.db.select().from(payoutSettings).where(eq(payoutSettings.userId, creator.user.id));
    expect(JSON.stringify(row)).not.toMatch(/000123456789|110000000|luna\.pay/i);
    const audits = await app.ctx.db.select().from(auditLog).where(eq(auditLog.targetId, creator.user.id));
    expect(audits.map((x) => x.action)).toEqual(
      expect.arrayContaining(['payout.banking_settings.update', 'payout.paypal_settings.update']),
    );
    expect(JSON.stringify(audits)).not.toMatch(/000123456789|DE89370400440532013000|luna\.pay/i);

    const id = (await requestPayout(app, creator, 60, 'bank')).json()._id;
    const [req] = await app.ctx.db.select().from(payoutRequests).where(eq(payoutRequests.id, id));
    expect(JSON.stringify(req)).not.toMatch(/000123456789/);
    const mineView = await app.inject({ method: 'GET', url: `/api/payout-requests/${id}/view`, headers: creator.auth });
    expect(mineView.json().paymentAccountInfo).toMatchObject({ accountNumber: '•••• 6789' });
    expect(mineView.body).not.toMatch(/000123456789/);
    const list = await app.inject({ method: 'GET', url: '/api/payout-requests/search', headers: creator.auth });
    expect(list.body).not.toMatch(/000123456789/);
    const profile = await app.inject({ method: 'GET', url: '/api/performers/me', headers: creator.auth });
    expect(profile.body).not.toMatch(/000123456789|luna\.pay/i);
    const a = await admin(app);
    expect((await app.inject({ method: 'GET', url: '/api/admin/payout-requests', headers: a.auth })).body).not.toMatch(
      /000123456789/,
    );
    const detail = await app.inject({ method: 'GET', url: `/api/admin/payout-requests/${id}`, headers: a.auth });
    expect(detail.json().paymentAccountInfo).toMatchObject({
      accountNumber: '000123456789',
      routingNumber: '110000000',
      firstName: 'Luna',
    });
  });
});

describe('monthly statement', () => {
  it('lists earnings, refunds and payouts as JSON and CSV', async () => {
    const { app } = t();
    const creator = await creatorWith80(app);
    const { charges } = await earnThroughTips(app, creator, [20]);
    await refundCharge(app.ctx, charges[0]);
    const a = await admin(app);
    const id = (await requestPayout(app, creator, 50)).json()._id;
    await review(app, a, id, 'approve');
    await review(app, a, id, 'mark-paid', { reference: 'SEPA-77' });
    const month = new Date().toISOString().slice(0, 7);
    const json = await app.inject({
      method: 'GET',
      url: `/api/payout-requests/statement?month=${month}`,
      headers: creator.auth,
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().totals).toEqual({ gross: 120, commission: 24, net: 96, refunds: 16, payouts: 50 });
    expect(
      json
        .json()
        .lines.map((l: { type: string }) => l.type)
        .sort(),
    ).toEqual(['earning', 'earning', 'payout', 'refund']);
    const csv = await app.inject({
      method: 'GET',
      url: `/api/payout-requests/statement?month=${month}&format=csv`,
      headers: creator.auth,
    });
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="statement-${month}.csv"`);
    expect(csv.body.split('\r\n')[0]).toBe('Date,Type,Description,Gross (USD),Commission (USD),Net (USD)');
    expect(csv.body).toMatch(/payout,Payout by Bank transfer \(ref SEPA-77\),0\.00,0\.00,-50\.00/);
    expect(
      (await app.inject({ method: 'GET', url: '/api/payout-requests/statement?month=2026-13', headers: creator.auth }))
        .statusCode,
    ).toBe(400);
  });
});

describe('queries per request', () => {
  it('request, calculate and mark-paid each run a bounded number of statements (session, BEGIN/COMMIT and notification included)', async () => {
    const { app } = t();
    const creator = await creatorWith80(app);
    const a = await admin(app);
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    let n = 0;
    proto.query = function (this: unknown, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
    const count = async (fn: () => Promise<{ statusCode: number }>) => {
      n = 0;
      expect((await fn()).statusCode).toBe(200);
      return n;
    };
    try {
      const figures = {
        calculate: await count(() =>
          app.inject({ method: 'POST', url: '/api/payout-requests/calculate', headers: creator.auth, payload: {} }),
        ),
        request: await count(() => requestPayout(app, creator, 60)),
      };
      const id = (await app.ctx.db.select().from(payoutRequests))[0].id;
      await review(app, a, id, 'approve');
      const markPaid = await count(() => review(app, a, id, 'mark-paid', { reference: 'SEPA-Q' }));
      console.info('payout queries', { ...figures, markPaid });
      expect(figures.calculate).toBeLessThanOrEqual(8);
      expect(figures.request).toBeLessThanOrEqual(32);
      expect(markPaid).toBeLessThanOrEqual(32);
    } finally {
      proto.query = original;
    }
  });
});

describe('OpenAPI', () => {
  it('documents the six payout calls and the three settings calls', async () => {
    const { app } = t();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/api/payout-requests/calculate',
      '/api/payout-requests/search',
      '/api/payout-requests',
      '/api/payout-requests/{id}',
      '/api/payout-requests/{id}/view',
      '/api/payout-requests/check/pending-review',
      '/api/performers/{id}/banking-settings',
      '/api/performers/{id}/payment-gateway-settings',
      '/api/stripe/accounts',
    ])
      expect(paths).toContain(p);
  });
});
