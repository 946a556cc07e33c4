import { SANDBOX_CARDS } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { subscribeVia } from '../../../test/factories.subscriptions';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { newId } from '../../db/ids';
import { earnings, entitlements, payments, referralEarnings, subscriptions, users } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { sandboxGateway } from '../../lib/payments';
import {
  balanceOf,
  clearing,
  earningsAccount,
  platform,
  referralAccount,
  verifyLedger,
} from '../ledger/ledger.service';
import { handleWebhook } from '../payments/payments.service';
import { grantSystemSubscription } from './subscriptions.admin';
import { runRenewals } from './subscriptions.renewal';

const t = useTestApp();
afterEach(async () => {
  setClockOffset(0);
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});

const balance = (app: App, ref: Parameters<typeof balanceOf>[1]) => app.ctx.db.transaction((tx) => balanceOf(tx, ref));
const subRow = async (app: App) => (await app.ctx.db.select().from(subscriptions))[0];
const hasAccess = async (app: App, fanId: string, creatorId: string) => {
  const [e] = await app.ctx.db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.userId, fanId), eq(entitlements.objectId, creatorId)));
  return Boolean(e && !e.revokedAt && (!e.expiresAt || e.expiresAt.getTime() > Date.now()));
};

/** The sandbox "card network" takes a payment back: a signed webhook through the real handler. */
function sandboxEvent(
  app: App,
  type: 'payment.refunded' | 'payment.disputed',
  paymentId: string,
  id = `evt_${newId()}`,
) {
  const d = sandboxGateway(app.ctx.config).signedEvent({ id, type, data: { paymentId } });
  return handleWebhook(app.ctx, 'sandbox', d.body, d.headers);
}

describe('sandbox card subscription taken back', () => {
  it('a refund returns the creator net, the commission and the referral share; access ends; replays are no-ops', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, {}, { monthlyPrice: 1000, yearlyPrice: 9600 });
    const referrer = await buildUser(app);
    const fan = await buildUser(app);
    await app.ctx.db.update(users).set({ referredById: referrer.user.id }).where(eq(users.id, fan.user.id));
    const res = await subscribeVia(app, fan, { performerId: creator.user.id, paymentMethod: 'card' });
    const { paymentId } = res.json();
    const pay = await app.inject({
      method: 'POST',
      url: `/api/payment/sandbox/checkout/${paymentId}/pay`,
      headers: fan.auth,
      payload: { cardNumber: SANDBOX_CARDS.success },
    });
    expect(pay.json().status).toBe('succeeded');
    expect(await balance(app, earningsAccount(creator.user.id))).toBe(800);
    expect(await balance(app, referralAccount(referrer.user.id))).toBe(10); // 1% of what the fan spent
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(true);

    const first = await sandboxEvent(app, 'payment.refunded', paymentId, 'evt_sbx_refund');
    expect(first).toMatchObject({ duplicate: false, result: 'refunded' });
    expect(await balance(app, earningsAccount(creator.user.id))).toBe(0);
    expect(await balance(app, referralAccount(referrer.user.id))).toBe(0);
    expect(await balance(app, platform)).toBe(0);
    expect(await balance(app, clearing('sandbox'))).toBe(0);
    expect((await app.ctx.db.select().from(earnings))[0].status).toBe('refunded');
    expect((await app.ctx.db.select().from(referralEarnings))[0].status).toBe('refunded');
    expect((await app.ctx.db.select().from(payments).where(eq(payments.id, paymentId)))[0].status).toBe('refunded');
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'refunded', autoRenew: false });
    expect(await hasAccess(app, fan.user.id, creator.user.id)).toBe(false);

    expect(await sandboxEvent(app, 'payment.refunded', paymentId, 'evt_sbx_refund')).toMatchObject({ duplicate: true });
    expect((await sandboxEvent(app, 'payment.disputed', paymentId)).result).toBe('ignored (refunded)');
    expect(await balance(app, earningsAccount(creator.user.id))).toBe(0);
    expect(await balance(app, platform)).toBe(0);
    // the listing shows it ended
    const mine = await app.inject({ method: 'GET', url: '/api/subscriptions/user/search', headers: fan.auth });
    expect(mine.json().data[0]).toMatchObject({ status: 'expired', isActive: false, endReason: 'refunded' });
  });

  it('a dispute of a payment that never succeeded changes nothing', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, {}, { monthlyPrice: 1000, yearlyPrice: 9600 });
    const fan = await buildUser(app);
    const { paymentId } = (
      await subscribeVia(app, fan, { performerId: creator.user.id, paymentMethod: 'card' })
    ).json();
    expect((await sandboxEvent(app, 'payment.disputed', paymentId)).result).toBe('ignored (created)');
    expect((await subRow(app)).status).toBe('created');
  });
});

describe('admin grant running out', () => {
  it('the renewal job records the end reason "expired"', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, {}, { monthlyPrice: 1000, yearlyPrice: 9600 });
    const fan = await buildUser(app);
    const { after } = await app.ctx.db.transaction((tx) =>
      grantSystemSubscription(tx, { userId: fan.user.id, creatorId: creator.user.id, type: 'monthly', at: new Date() }),
    );
    setClockOffset(after.currentPeriodEnd!.getTime() - Date.now() + 60_000);
    expect((await runRenewals(app.ctx)).expired).toBe(1);
    expect(await subRow(app)).toMatchObject({ status: 'expired', endReason: 'expired', paymentMethod: 'system' });
  });
});
