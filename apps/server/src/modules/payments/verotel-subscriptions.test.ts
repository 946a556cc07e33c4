import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, buildPerformer, buildUser as buildShortSessionUser } from '../../../test/factories';
import { earned, hasAccess, travelTo as moveClockTo, subRow } from '../../../test/factories.memberships';
import { setSubscriptionSettings, subscribeVia } from '../../../test/factories.subscriptions';
import { useVerotelApp } from '../../../test/verotel-app';
import { ACCEPTED_CARD } from '../../../test/verotel-peer';
import type { App } from '../../app-type';
import { payments } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { createSession } from '../auth/sessions';
import { runRenewals } from '../subscriptions/subscriptions.renewal';

// Memberships Verotel rebills itself: FlexPay recurring subscriptions against the local peer
// (test/verotel-peer.ts); rebills, cancellations, expiries, credits and chargebacks arrive as postbacks.
const { peer, t } = await useVerotelApp();
const DAY = 86_400_000;

afterEach(() => setClockOffset(0));

async function buildUser(app: App): Promise<Actor> {
  const a = await buildShortSessionUser(app);
  const { token } = await createSession(app.ctx.db, a.user.id, { remember: true });
  return { ...a, token, auth: { authorization: `Bearer ${token}` } };
}

/** A fan subscribed by card through Verotel's Order Page: the initial postback applied. */
async function subscribedAtVerotel(app: App) {
  const creator = await buildPerformer(app, {}, { monthlyPrice: 1000, yearlyPrice: 9600 });
  const fan = await buildUser(app);
  const res = await subscribeVia(app, fan, { performerId: creator.user.id, paymentMethod: 'card', returnTo: '/kai' });
  expect(res.statusCode, res.body).toBe(200);
  const { checkoutUrl, paymentId } = res.json() as { checkoutUrl: string; paymentId: string };
  const paid = await peer.checkout(checkoutUrl, ACCEPTED_CARD);
  expect(peer.deliveries.at(-1)).toMatchObject({ status: 200, body: 'OK' });
  return { creator, fan, checkoutUrl, paymentId, sale: paid.sale! };
}

describe('Verotel recurring subscriptions', () => {
  it('start → two rebills (a duplicate ignored) → cancelled from the site at Verotel → expiry ends access', async () => {
    const { app } = t();
    const { creator, fan, checkoutUrl, paymentId, sale } = await subscribedAtVerotel(app);
    const link = Object.fromEntries(new URL(checkoutUrl).searchParams);
    expect(link).toMatchObject({
      type: 'subscription',
      subscriptionType: 'recurring',
      priceAmount: '10.00',
      priceCurrency: 'USD',
      period: 'P30D',
      referenceID: paymentId,
      custom1: 'subscription',
      successURL: `https://fans.example.test/payments/result?next=%2Fkai&payment=${paymentId}`,
    });
    expect(link.trialAmount).toBeUndefined();
    let sub = await subRow(app);
    expect(new URLSearchParams(link.custom2).get('subscriptionId')).toBe(sub.id);
    expect(sub).toMatchObject({ status: 'active', paymentMethod: 'verotel', externalId: sale.saleID, paidPeriods: 1 });
    expect(await earned(app, creator.user.id)).toBe(800);
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(true);

    // the renewal job leaves the rebill to Verotel (parked until the grace period ends)
    const end = sub.currentPeriodEnd!.getTime();
    moveClockTo(end - 10 * 60_000);
    expect(await runRenewals(app.ctx)).toMatchObject({ renewed: 0, failed: 0, pending: 1 });
    const rebill = (await peer.rebill(sale.saleID))!;
    expect(rebill).toMatchObject({ status: 200, body: 'OK' });
    expect(await peer.redeliver(rebill)).toEqual({ status: 200, body: 'OK' });
    sub = await subRow(app);
    expect([sub.currentPeriodStart!.getTime(), sub.currentPeriodEnd!.getTime()]).toEqual([end, end + 30 * DAY]);
    moveClockTo(end + 30 * DAY - 10 * 60_000);
    await peer.rebill(sale.saleID);
    sub = await subRow(app);
    expect(sub).toMatchObject({ paidPeriods: 3, renewalAttempts: 0 });
    expect(sub.currentPeriodEnd!.getTime()).toBe(end + 60 * DAY);
    expect(await earned(app, creator.user.id)).toBe(2400);
    const rows = await app.ctx.db.select().from(payments).where(eq(payments.userId, fan.user.id));
    expect(rows.map((p) => [p.status, p.externalId, p.chargedCents]).sort()).toEqual(
      sale.transactions.map((id) => ['succeeded', id, 1000]).sort(),
    );

    // the fan cancels here: rebilling stops at Verotel (Control Center API) first, access runs to the period end
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/payment/verotel/cancel-subscription/${sub.id}`,
      headers: fan.auth,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(peer.apiCalls.at(-1)).toEqual({
      path: `/api/sale/${sale.saleID}/cancel`,
      authorization: `Basic ${Buffer.from('api-user:api-pass').toString('base64')}`,
      accept: 'application/json; version=1.5.0',
    });
    expect((await subRow(app)).status).toBe('cancelled');
    const told = await peer.flush(); // Verotel's cancel postback (cancelledBy=merchant)
    expect(told.map((d) => [d.params.event, d.params.cancelledBy, d.body])).toEqual([['cancel', 'merchant', 'OK']]);
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(true);

    // the paid period ends and Verotel reports the expiry: the subscription ends, access with it
    moveClockTo(end + 60 * DAY + 60_000);
    expect((await peer.expire(sale.saleID)).body).toBe('OK');
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'cancelled', autoRenew: false });
    expect(await hasAccess(app, fan.user.id, creator.user.id, end + 60 * DAY + 1)).toBe(false);
    expect(await earned(app, creator.user.id)).toBe(2400);
  });

  it('cancelled by the buyer at Verotel; rebills delivered out of order both count once', async () => {
    const { app } = t();
    const { creator, fan, sale } = await subscribedAtVerotel(app);
    const end = (await subRow(app)).currentPeriodEnd!.getTime();
    moveClockTo(end - 60_000);
    await peer.rebill(sale.saleID, { hold: true }); // its postback fails and is retried later …
    await peer.rebill(sale.saleID); // … after the next one
    await peer.flush();
    const sub = await subRow(app);
    expect(sub.paidPeriods).toBe(3);
    expect(sub.currentPeriodEnd!.getTime()).toBe(end + 60 * DAY);
    expect(await earned(app, creator.user.id)).toBe(2400);

    const calls = peer.apiCalls.length;
    expect((await peer.cancel(sale.saleID, 'user')).body).toBe('OK');
    expect(await subRow(app)).toMatchObject({ status: 'cancelled', autoRenew: false });
    expect(peer.apiCalls.length).toBe(calls); // nothing to cancel from here
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(true);
  });

  it('a credit of a rebill reverses it and ends the subscription; the renewal job stops rebilling at Verotel', async () => {
    const { app } = t();
    const { creator, fan, sale } = await subscribedAtVerotel(app);
    moveClockTo((await subRow(app)).currentPeriodEnd!.getTime() - 60_000);
    await peer.rebill(sale.saleID);
    expect(await earned(app, creator.user.id)).toBe(1600);
    const credit = await peer.credit(sale.transactions[1]);
    expect(credit).toMatchObject({ status: 200, body: 'OK' });
    expect(await earned(app, creator.user.id)).toBe(800);
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'refunded' });
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);
    const [refunded] = await app.ctx.db.select().from(payments).where(eq(payments.externalId, sale.transactions[1]));
    expect(refunded.status).toBe('refunded');

    await runRenewals(app.ctx);
    expect(peer.apiCalls.at(-1)?.path).toBe(`/api/sale/${sale.saleID}/cancel`);
    expect((await subRow(app)).externalId).toBeNull();
  });

  it('a chargeback of the first payment ends the subscription; a promotion is FlexPay’s trial amount', async () => {
    const { app } = t();
    const { creator, fan, sale } = await subscribedAtVerotel(app);
    expect((await peer.chargeback(sale.transactions[0])).body).toBe('OK');
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'chargeback' });
    expect(await earned(app, creator.user.id)).toBe(0);
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);

    const promoted = await buildPerformer(app, {}, { monthlyPrice: 2000, yearlyPrice: 9600 });
    await setSubscriptionSettings(app, promoted, {
      promotion: { discountPercent: 50, endsAt: new Date(Date.now() + 10 * DAY).toISOString() },
    });
    // the chargeback put the fan on hold: no new subscription until an admin clears it
    const held = await subscribeVia(app, fan, { performerId: promoted.user.id, paymentMethod: 'card' });
    expect(held.statusCode).toBe(403);
    expect(held.json()).toMatchObject({ code: 'CHARGEBACK_HOLD' });
    const other = await buildShortSessionUser(app);
    const res = await subscribeVia(app, other, { performerId: promoted.user.id, paymentMethod: 'card' });
    const link = Object.fromEntries(new URL(res.json().checkoutUrl).searchParams);
    expect(link).toMatchObject({ priceAmount: '20.00', trialAmount: '10.00', trialPeriod: 'P30D', period: 'P30D' });
    await peer.checkout(res.json().checkoutUrl, ACCEPTED_CARD);
    const [first] = await app.ctx.db.select().from(payments).where(eq(payments.id, res.json().paymentId));
    expect(first).toMatchObject({ status: 'succeeded', chargedCents: 1000 });
  });
});
