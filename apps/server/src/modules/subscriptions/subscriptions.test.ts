import { SANDBOX_CARDS } from '@marquee/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, buildPerformer, buildUser as buildShortSessionUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { setSubscriptionSettings, subscribeVia } from '../../../test/factories.subscriptions';
import { useTestApp } from '../../../test/harness';
import { newId } from '../../db/ids';
import { earnings, notifications, payments, subscriptions, users, walletCharges } from '../../db/schema';
import { now, setClockOffset } from '../../lib/clock';
import { createSession } from '../auth/sessions';
import { access } from '../entitlements/entitlements.service';
import { balanceOf, earningsAccount, verifyLedger } from '../ledger/ledger.service';
import { deliverSandboxOutcome } from '../payments/payments.service';
import { runRenewals } from './subscriptions.renewal';

const t = useTestApp();

/** Fans with a remembered session (365 days): these tests travel weeks ahead. */
async function buildUser(app: ReturnType<typeof t>['app']): Promise<Actor> {
  const a = await buildShortSessionUser(app);
  const { token } = await createSession(app.ctx.db, a.user.id, { remember: true });
  return { ...a, token, auth: { authorization: `Bearer ${token}` } };
}
const DAY = 86_400_000;

/** A subscriber-only post of the creator, as the content modules ask the entitlement service about it. */
const subscriberPost = (creatorId: string) => ({
  objectType: 'feed',
  objectId: newId(),
  creatorId,
  visibility: 'subscribers' as const,
});

async function setup(opts: { fund?: number; monthly?: number } = {}) {
  const { app } = t();
  const creator = await buildPerformer(app, {}, { monthlyPrice: opts.monthly ?? 1000, yearlyPrice: 9600 });
  const fan = await buildUser(app);
  if (opts.fund) await fundWallet(app, fan.user.id, opts.fund);
  const post = subscriberPost(creator.user.id);
  const canSee = async () => (await access(app.ctx.db, { id: fan.user.id, role: 'user' }, post, now())).canView;
  return { app, creator, fan, canSee };
}

const walletOf = async (app: ReturnType<typeof t>['app'], id: string) =>
  (await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;

describe('subscribing', () => {
  it('monthly from the wallet: one transaction writes the period, ledger, creator earnings less commission and access', async () => {
    const { app, creator, fan, canSee } = await setup({ fund: 5000 });
    expect(await canSee()).toBe(false);
    const res = await subscribeVia(app, fan, { performerId: creator.user.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      balance: 40,
      checkoutUrl: null,
      subscription: {
        subscriptionType: 'monthly',
        status: 'active',
        isActive: true,
        autoRenew: true,
        price: 10,
        lastPaid: 10,
        totalPaid: 10,
      },
    });
    const end = new Date(body.subscription.expiredAt).getTime();
    expect(end - new Date(body.subscription.currentPeriodStart).getTime()).toBe(30 * DAY);
    expect(body.subscription.renewsAt).toBe(body.subscription.expiredAt);
    expect(await canSee()).toBe(true);
    expect(await walletOf(app, fan.user.id)).toBe(4000);
    // 20% commission: the creator earns 8.00
    expect(await app.ctx.db.transaction((tx) => balanceOf(tx, earningsAccount(creator.user.id)))).toBe(800);
    const [earning] = await app.ctx.db.select().from(earnings).where(eq(earnings.creatorId, creator.user.id));
    expect(earning).toMatchObject({ source: 'subscription', grossCents: 1000, netCents: 800, commissionCents: 200 });
    const [charge] = await app.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id));
    expect(charge).toMatchObject({
      type: 'subscription',
      objectType: 'performer',
      objectId: creator.user.id,
      paidCents: 1000,
    });
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
    // the creator hears of the new subscriber
    const told = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
    expect(told.map((n) => n.kind)).toEqual(['new_subscriber']);
    // the profile counts the subscriber and tells the fan until when
    const profile = await app.inject({ method: 'GET', url: `/api/performers/${creator.user.id}`, headers: fan.auth });
    expect(profile.json()).toMatchObject({ isSubscribed: true, stats: { subscribers: 1 } });
  });

  it('prices each type: bundles with their discount, yearly at the yearly price, for their length', async () => {
    const { app, creator } = await setup();
    await setSubscriptionSettings(app, creator, { threeMonthsDiscount: 10, sixMonthsDiscount: 20 });
    const offer = (
      await app.inject({ method: 'GET', url: `/api/subscriptions/performers/${creator.user.id}/offer` })
    ).json();
    expect(
      offer.options.map((o: { subscriptionType: string; price: number; days: number; savePercent: number }) => [
        o.subscriptionType,
        o.price,
        o.days,
        o.savePercent,
      ]),
    ).toEqual([
      ['monthly', 10, 30, 0],
      ['three_months', 27, 90, 10],
      ['six_months', 48, 180, 20],
      ['yearly', 96, 365, 20],
    ]);
    for (const [type, cents, days] of [
      ['three_months', 2700, 90],
      ['six_months', 4800, 180],
      ['yearly', 9600, 365],
    ] as const) {
      const fan = await buildUser(app);
      await fundWallet(app, fan.user.id, 10000);
      const res = await subscribeVia(app, fan, { performerId: creator.user.id, subscriptionType: type });
      expect(res.statusCode, res.body).toBe(200);
      const s = res.json().subscription;
      expect(s).toMatchObject({ subscriptionType: type, price: cents / 100, totalPaid: cents / 100 });
      expect(new Date(s.expiredAt).getTime() - new Date(s.currentPeriodStart).getTime()).toBe(days * DAY);
      expect(await walletOf(app, fan.user.id)).toBe(10000 - cents);
    }
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
  });

  it('a bundle the creator does not offer is refused with its reason', async () => {
    const { app, creator, fan } = await setup({ fund: 10000 });
    const res = await subscribeVia(app, fan, { performerId: creator.user.id, subscriptionType: 'six_months' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This creator does not offer this subscription');
  });

  it('free trial: no payment, for the free duration, once per fan and creator; off when the site turns it off', async () => {
    const { app, creator, fan, canSee } = await setup();
    const off = await subscribeVia(app, fan, { performerId: creator.user.id, subscriptionType: 'free' });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toBe('This creator does not offer a free subscription');
    await setSubscriptionSettings(app, creator, { freeSubscriptionEnabled: true, freeSubscriptionDays: 1 });
    const res = await subscribeVia(app, fan, { performerId: creator.user.id, subscriptionType: 'free' });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toMatchObject({
      subscriptionType: 'free',
      paymentMethod: 'free',
      autoRenew: false,
      renewsAt: null,
      totalPaid: 0,
    });
    expect(await canSee()).toBe(true);
    expect(await app.ctx.db.select().from(earnings)).toHaveLength(0);
    // after the trial: no access, and no second trial
    setClockOffset(DAY + 1000);
    expect(await canSee()).toBe(false);
    await runRenewals(app.ctx);
    const again = await subscribeVia(app, fan, { performerId: creator.user.id, subscriptionType: 'free' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You've subscribed for free already");
    // the site switch turns every creator's free offer off
    await app.ctx.settings.update({ freeSubscriptionEnabled: false }, null);
    const other = await buildUser(app);
    const refused = await subscribeVia(app, other, { performerId: creator.user.id, subscriptionType: 'free' });
    expect(refused.statusCode).toBe(422);
  });

  it('a running free trial can be upgraded: the paid month starts at the trial end', async () => {
    const { app, creator, fan } = await setup({ fund: 5000 });
    await setSubscriptionSettings(app, creator, { freeSubscriptionEnabled: true, freeSubscriptionDays: 1 });
    const trial = (await subscribeVia(app, fan, { performerId: creator.user.id, subscriptionType: 'free' })).json()
      .subscription;
    const paid = await subscribeVia(app, fan, { performerId: creator.user.id, subscriptionType: 'monthly' });
    expect(paid.statusCode).toBe(200);
    const s = paid.json().subscription;
    expect(s.currentPeriodStart).toBe(trial.expiredAt);
    expect(new Date(s.expiredAt).getTime() - new Date(trial.expiredAt).getTime()).toBe(30 * DAY);
  });

  it('a fan already subscribed gets 409; concurrent requests create one subscription and one charge', async () => {
    const { app, creator, fan } = await setup({ fund: 10000 });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => subscribeVia(app, fan, { performerId: creator.user.id })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().message).toBe(
      'You are already subscribed to this creator',
    );
    expect(await app.ctx.db.select().from(subscriptions)).toHaveLength(1);
    expect(await app.ctx.db.select().from(walletCharges)).toHaveLength(1);
    expect(await walletOf(app, fan.user.id)).toBe(9000);
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
  });

  it('a short wallet is a 402 and leaves nothing behind', async () => {
    const { app, creator, fan, canSee } = await setup({ fund: 500 });
    const res = await subscribeVia(app, fan, { performerId: creator.user.id });
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe('Insufficient balance, please top up your wallet');
    expect(await app.ctx.db.select().from(subscriptions)).toHaveLength(0);
    expect(await canSee()).toBe(false);
    expect(await walletOf(app, fan.user.id)).toBe(500);
  });

  it('refuses a blocked fan, oneself, and unknown creators; blocking ends a running subscription', async () => {
    const { app, creator, fan, canSee } = await setup({ fund: 5000 });
    expect((await subscribeVia(app, creator, { performerId: creator.user.id })).statusCode).toBe(403);
    expect((await subscribeVia(app, fan, { performerId: newId() })).statusCode).toBe(404);
    expect((await subscribeVia(app, fan, { performerId: creator.user.id })).statusCode).toBe(200);
    expect(await canSee()).toBe(true);
    const block = await app.inject({
      method: 'POST',
      url: '/api/block/users',
      headers: creator.auth,
      payload: { targetId: fan.user.id },
    });
    expect(block.statusCode).toBe(200);
    expect(await canSee()).toBe(false);
    const [row] = await app.ctx.db.select().from(subscriptions);
    expect(row).toMatchObject({ status: 'expired', autoRenew: false, endReason: 'blocked' });
    const again = await subscribeVia(app, fan, { performerId: creator.user.id });
    expect(again.statusCode).toBe(403);
    // nothing renews for a blocked fan
    setClockOffset(31 * DAY);
    expect((await runRenewals(app.ctx)).renewed).toBe(0);
  });

  it('a promotion lowers the first period for new subscribers only, up to its cap; renewals pay the regular price', async () => {
    const { app, creator, fan } = await setup({ fund: 10000 });
    await setSubscriptionSettings(app, creator, {
      promotion: { discountPercent: 50, endsAt: new Date(now().getTime() + 7 * DAY).toISOString(), limit: 1 },
    });
    const res = await subscribeVia(app, fan, { performerId: creator.user.id });
    expect(res.json().subscription).toMatchObject({ lastPaid: 5, price: 10 });
    const second = await buildUser(app);
    await fundWallet(app, second.user.id, 10000);
    expect((await subscribeVia(app, second, { performerId: creator.user.id })).json().subscription.lastPaid).toBe(10);
    const settings = (
      await app.inject({ method: 'GET', url: '/api/performers/me/subscription-settings', headers: creator.auth })
    ).json();
    expect(settings.promotion).toMatchObject({ discountPercent: 50, limit: 1, used: 1 });
    setClockOffset(30 * DAY);
    await runRenewals(app.ctx);
    const [row] = await app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, fan.user.id));
    expect(row).toMatchObject({ lastPaidCents: 1000, totalPaidCents: 1500, paidPeriods: 2 });
  });
});

describe('renewal', () => {
  it('renews on time from the exact period end, even when the job runs late, once', async () => {
    const { app, creator, fan, canSee } = await setup({ fund: 5000 });
    const first = (await subscribeVia(app, fan, { performerId: creator.user.id })).json().subscription;
    const end = new Date(first.expiredAt).getTime();
    // before the renewal window nothing happens; the fan is told 3 days ahead, once
    setClockOffset(27 * DAY + 60_000);
    expect(await runRenewals(app.ctx)).toMatchObject({ renewed: 0, noticed: 1 });
    expect((await runRenewals(app.ctx)).noticed).toBe(0);
    // the job runs 5 hours late
    setClockOffset(end - Date.now() + 5 * 3_600_000);
    expect(await runRenewals(app.ctx)).toMatchObject({ renewed: 1 });
    expect((await runRenewals(app.ctx)).renewed).toBe(0);
    const [row] = await app.ctx.db.select().from(subscriptions);
    expect(row.currentPeriodStart!.getTime()).toBe(end);
    expect(row.currentPeriodEnd!.getTime()).toBe(end + 30 * DAY);
    expect(await canSee()).toBe(true);
    expect(await walletOf(app, fan.user.id)).toBe(3000);
    expect(await app.ctx.db.select().from(earnings).where(eq(earnings.creatorId, creator.user.id))).toHaveLength(2);
    const kinds = (await app.ctx.db.select().from(notifications).where(eq(notifications.userId, fan.user.id))).map(
      (n) => n.kind,
    );
    expect(kinds).toEqual(['subscription_renewal', 'subscription_renewal']);
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
  });

  it('a short balance fails the renewal: the fan is told, access ends at the period end, retries until the grace ends, then it expires', async () => {
    const { app, creator, fan, canSee } = await setup({ fund: 1000 });
    const first = (await subscribeVia(app, fan, { performerId: creator.user.id })).json().subscription;
    const end = new Date(first.expiredAt).getTime();
    const at = (ms: number) => setClockOffset(end - Date.now() + ms);
    at(-30 * 60_000);
    expect(await runRenewals(app.ctx)).toMatchObject({ renewed: 0, failed: 1 });
    expect(await canSee()).toBe(true);
    at(1);
    expect(await canSee()).toBe(false);
    const failed = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fan.user.id), eq(notifications.kind, 'subscription_failed')));
    expect(failed).toHaveLength(1);
    // a retry within the grace period succeeds once the fan tops up: the new month starts now
    at(13 * 3_600_000);
    await fundWallet(app, fan.user.id, 1000);
    expect(await runRenewals(app.ctx)).toMatchObject({ renewed: 1 });
    expect(await canSee()).toBe(true);
    const [row] = await app.ctx.db.select().from(subscriptions);
    expect(row.currentPeriodStart!.getTime()).toBeGreaterThan(end + 13 * 3_600_000 - 1000);
    expect(row.currentPeriodStart!.getTime()).toBeLessThanOrEqual(now().getTime());
    expect(row.renewalAttempts).toBe(0);

    // the next renewal fails for good: retries, then expiry after the grace period
    const end2 = row.currentPeriodEnd!.getTime();
    for (const h of [-0.5, 12.5, 25, 37.5, 50, 62.5]) {
      setClockOffset(end2 - Date.now() + h * 3_600_000);
      await runRenewals(app.ctx);
    }
    setClockOffset(end2 - Date.now() + 3 * DAY + 60_000);
    expect((await runRenewals(app.ctx)).expired).toBe(1);
    const [gone] = await app.ctx.db.select().from(subscriptions);
    expect(gone).toMatchObject({ status: 'expired', endReason: 'payment_failed', autoRenew: false });
    expect(gone.endedAt!.getTime()).toBe(end2);
    expect(await canSee()).toBe(false);
    expect(await walletOf(app, fan.user.id)).toBe(0);
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
  });
});

describe('cancelling', () => {
  it('keeps access until the period end, then revokes it; re-subscribing later works', async () => {
    const { app, creator, fan, canSee } = await setup({ fund: 5000 });
    const sub = (await subscribeVia(app, fan, { performerId: creator.user.id })).json().subscription;
    // only the fan may cancel
    const byCreator = await app.inject({
      method: 'POST',
      url: `/api/payment/wallet/cancel-subscription/${sub._id}`,
      headers: creator.auth,
    });
    expect(byCreator.statusCode).toBe(403);
    const stranger = await buildUser(app);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/payment/wallet/cancel-subscription/${sub._id}`,
          headers: stranger.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/api/payment/wallet/cancel-subscription/${sub._id}` })).statusCode,
    ).toBe(401);

    const res = await app.inject({
      method: 'POST',
      url: `/api/payment/wallet/cancel-subscription/${sub._id}`,
      headers: fan.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      autoRenew: false,
      isActive: true,
      renewsAt: null,
      expiredAt: sub.expiredAt,
    });
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/payment/wallet/cancel-subscription/${sub._id}`,
          headers: fan.auth,
        })
      ).statusCode,
    ).toBe(409);
    const end = new Date(sub.expiredAt).getTime();
    setClockOffset(end - Date.now() - 60_000);
    await runRenewals(app.ctx);
    expect(await canSee()).toBe(true);
    setClockOffset(end - Date.now() + 1);
    expect(await canSee()).toBe(false);
    expect((await runRenewals(app.ctx)).expired).toBe(1);
    const [row] = await app.ctx.db.select().from(subscriptions);
    expect(row).toMatchObject({ status: 'expired', endReason: 'cancelled' });
    expect(await walletOf(app, fan.user.id)).toBe(4000);

    const again = await subscribeVia(app, fan, { performerId: creator.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().subscription).toMatchObject({ status: 'active', totalPaid: 20 });
    expect(await canSee()).toBe(true);
  });

  it('subscribing again before the end resumes renewal without charging', async () => {
    const { app, creator, fan } = await setup({ fund: 5000 });
    const sub = (await subscribeVia(app, fan, { performerId: creator.user.id })).json().subscription;
    await app.inject({ method: 'POST', url: `/api/payment/wallet/cancel-subscription/${sub._id}`, headers: fan.auth });
    const resumed = await subscribeVia(app, fan, { performerId: creator.user.id });
    expect(resumed.json()).toMatchObject({
      balance: null,
      subscription: { status: 'active', autoRenew: true, expiredAt: sub.expiredAt },
    });
    expect(await walletOf(app, fan.user.id)).toBe(4000);
  });
});

describe('card through the sandbox gateway (payments module checkout)', () => {
  const payVia = (app: ReturnType<typeof t>['app'], fan: Actor, id: string, cardNumber: string) =>
    app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${id}/pay`,
      headers: fan.auth,
      payload: { cardNumber },
    });

  it('checkout activates on payment; the renewal is the gateway charge and its replayed webhook changes nothing', async () => {
    const { app, creator, fan, canSee } = await setup();
    const res = await subscribeVia(app, fan, { performerId: creator.user.id, paymentMethod: 'card' });
    expect(res.statusCode).toBe(200);
    const { checkoutUrl, paymentId, subscription } = res.json();
    expect(checkoutUrl).toBe(`/payment/sandbox/checkout/${paymentId}`);
    expect(subscription.status).toBe('created');
    expect(await canSee()).toBe(false);
    // the one checkout page shows what is paid; someone else cannot see or pay it
    const shown = await app.inject({ method: 'GET', url: `/api/payment/transactions/${paymentId}`, headers: fan.auth });
    expect(shown.json()).toMatchObject({ purpose: 'subscription', amount: 10, status: 'created' });
    expect(shown.json().description).toMatch(/^Monthly subscription to /);
    const other = await buildUser(app);
    expect(
      (await app.inject({ method: 'GET', url: `/api/payment/transactions/${paymentId}`, headers: other.auth }))
        .statusCode,
    ).toBe(404);
    expect((await payVia(app, other, paymentId, SANDBOX_CARDS.success)).statusCode).toBe(404);
    const declined = await payVia(app, fan, paymentId, SANDBOX_CARDS.declined);
    expect(declined.json()).toMatchObject({ status: 'failed', failureReason: 'Your card was declined' });
    expect(await canSee()).toBe(false);
    // "try another card": the same subscription payment, fresh
    const retry = await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${paymentId}/retry`,
      headers: fan.auth,
    });
    expect(retry.json()).toMatchObject({ purpose: 'subscription', amount: 10, status: 'created' });
    const pay = await payVia(app, fan, retry.json()._id, '4242 4242 4242 4242');
    expect(pay.json().status).toBe('succeeded');
    const [active] = await app.ctx.db.select().from(subscriptions);
    expect(active).toMatchObject({ status: 'active', paymentMethod: 'sandbox', paidPeriods: 1 });
    expect(await canSee()).toBe(true);
    expect(await app.ctx.db.transaction((tx) => balanceOf(tx, earningsAccount(creator.user.id)))).toBe(800);
    // the creator heard of the new subscriber (after commit)
    expect(await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id))).toHaveLength(
      1,
    );

    // renewal: the job charges the card, the gateway's event applies it once
    const end = active.currentPeriodEnd!.getTime();
    setClockOffset(end - Date.now() - 10 * 60_000);
    expect((await runRenewals(app.ctx)).renewed).toBe(1);
    const [row] = await app.ctx.db.select().from(subscriptions);
    expect(row.currentPeriodStart!.getTime()).toBe(end);
    expect(row.currentPeriodEnd!.getTime()).toBe(end + 30 * DAY);
    const renewal = (await app.ctx.db.select().from(payments).where(eq(payments.status, 'succeeded'))).find(
      (p) => (p.metadata as { renewal?: boolean }).renewal,
    )!;
    const replay = await deliverSandboxOutcome(app.ctx, renewal.id, 'success', `evt_offsession_${renewal.id}`);
    expect(replay.duplicate).toBe(true);
    // a different event for the same, already paid payment changes nothing either
    expect((await deliverSandboxOutcome(app.ctx, renewal.id, 'success')).result).toBe('already succeeded');
    expect((await runRenewals(app.ctx)).renewed).toBe(0);
    const [after] = await app.ctx.db.select().from(subscriptions);
    expect(after.currentPeriodEnd!.getTime()).toBe(end + 30 * DAY);
    expect(after.paidPeriods).toBe(2);
    expect(await app.ctx.db.transaction((tx) => balanceOf(tx, earningsAccount(creator.user.id)))).toBe(1600);
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
  });

  it('a declined renewal card is counted and told once, then retried within the grace period', async () => {
    const { app, creator, fan } = await setup();
    const { paymentId } = (
      await subscribeVia(app, fan, { performerId: creator.user.id, paymentMethod: 'card' })
    ).json();
    // the insufficient-funds test card pays nothing: use the success card, then break it for the renewal
    expect((await payVia(app, fan, paymentId, SANDBOX_CARDS.success)).json().status).toBe('succeeded');
    await app.ctx.db
      .update(payments)
      .set({
        metadata: sql`jsonb_set(${payments.metadata}, '{sandboxCard}', ${JSON.stringify(SANDBOX_CARDS.declined)}::jsonb)`,
      })
      .where(eq(payments.id, paymentId));
    const [sub] = await app.ctx.db.select().from(subscriptions);
    setClockOffset(sub.currentPeriodEnd!.getTime() - Date.now() - 10 * 60_000);
    const report = await runRenewals(app.ctx);
    expect(report).toMatchObject({ renewed: 0, failed: 1 });
    const [row] = await app.ctx.db.select().from(subscriptions);
    expect(row).toMatchObject({ status: 'active', renewalAttempts: 1, paidPeriods: 1 });
    const told = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, fan.user.id), eq(notifications.kind, 'subscription_failed')));
    expect(told).toHaveLength(1);
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
  });
});

describe('lists and settings', () => {
  it("a fan's subscriptions and a creator's subscribers, filterable, with lifetime spend; creators only for the latter", async () => {
    const { app, creator, fan } = await setup({ fund: 20000 });
    const other = await buildPerformer(app, {}, { monthlyPrice: 500 });
    await setSubscriptionSettings(app, creator, { freeSubscriptionEnabled: true });
    const trialFan = await buildUser(app);
    await subscribeVia(app, fan, { performerId: creator.user.id, subscriptionType: 'yearly' });
    await subscribeVia(app, fan, { performerId: other.user.id });
    await subscribeVia(app, trialFan, { performerId: creator.user.id, subscriptionType: 'free' });

    const mine = (
      await app.inject({
        method: 'GET',
        url: '/api/subscriptions/user/search?sortBy=totalPaid&sort=desc',
        headers: fan.auth,
      })
    ).json();
    expect(mine.total).toBe(2);
    expect(
      mine.data.map((s: { performer: { _id: string }; totalPaid: number }) => [s.performer._id, s.totalPaid]),
    ).toEqual([
      [creator.user.id, 96],
      [other.user.id, 5],
    ]);
    const subs = (
      await app.inject({ method: 'GET', url: '/api/subscriptions/performer/search', headers: creator.auth })
    ).json();
    expect(subs.total).toBe(2);
    const free = (
      await app.inject({
        method: 'GET',
        url: '/api/subscriptions/performer/search?subscriptionType=free',
        headers: creator.auth,
      })
    ).json();
    expect(free.data.map((s: { user: { _id: string } }) => s.user._id)).toEqual([trialFan.user.id]);
    const byName = (
      await app.inject({
        method: 'GET',
        url: `/api/subscriptions/performer/search?q=${fan.user.username}`,
        headers: creator.auth,
      })
    ).json();
    expect(byName.total).toBe(1);
    expect(
      (await app.inject({ method: 'GET', url: '/api/subscriptions/performer/search', headers: fan.auth })).statusCode,
    ).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/subscriptions/user/search' })).statusCode).toBe(401);
    const stats = (
      await app.inject({ method: 'GET', url: '/api/subscriptions/performer/stats', headers: creator.auth })
    ).json();
    expect(stats).toEqual({ active: 2, total: 2, lifetimeRevenue: 96 });
  });

  it('settings enforce the site limits and the free-offer rules', async () => {
    const { app, creator, fan } = await setup();
    const put = (payload: Record<string, unknown>, who = creator) =>
      app.inject({ method: 'PUT', url: '/api/performers/me/subscription-settings', headers: who.auth, payload });
    expect((await put({ monthlyPrice: 1 })).statusCode).toBe(400);
    expect((await put({ monthlyPrice: 1 })).json().message).toBe('Monthly price must be between 2.95 and 300.00');
    expect((await put({ monthlyPrice: 3, threeMonthsDiscount: 90 })).json().code).toBe('PRICE_OUT_OF_RANGE');
    expect((await put({ freeSubscriptionDays: 5 })).json().code).toBe('FREE_DURATION_TOO_LONG');
    expect(
      (await put({ promotion: { discountPercent: 10, endsAt: new Date(now().getTime() - DAY).toISOString() } }))
        .statusCode,
    ).toBe(400);
    expect((await put({ monthlyPrice: 5 }, fan)).statusCode).toBe(403);
    const ok = await put({ monthlyPrice: 12.5, yearlyPrice: 120, threeMonthsDiscount: 15 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      monthlyPrice: 12.5,
      yearlyPrice: 120,
      threeMonthsDiscount: 15,
      sixMonthsDiscount: null,
      limits: { minimumPrice: 2.95, maximumPrice: 300 },
    });
    await app.ctx.settings.update({ freeSubscriptionEnabled: false }, null);
    expect((await put({ freeSubscriptionEnabled: true })).json().code).toBe('FREE_SUBSCRIPTION_DISABLED');
  });

  it('the routes are in the OpenAPI document', async () => {
    const { app } = t();
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const p of [
      '/api/payment/subscribe/performers',
      '/api/payment/{gateway}/cancel-subscription/{id}',
      '/api/subscriptions/user/search',
      '/api/subscriptions/performer/search',
      '/api/performers/me/subscription-settings',
      '/api/subscriptions/performers/{id}/offer',
    ]) {
      expect(doc.paths[p], p).toBeDefined();
    }
  });
});
