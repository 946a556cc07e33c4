import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { subscribeVia } from '../../../test/factories.subscriptions';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape } from '../../../test/route-checks';
import { auditLog, notifications } from '../../db/schema';
import { subscriptionAccess } from '../entitlements/entitlements.service';
import { verifyLedger } from '../ledger/ledger.service';
import { walletBalance } from '../wallet/wallet.repo';

const t = useTestApp();

describe('admin subscriptions', () => {
  it('grants a system subscription without money (entitlement, notices, audit) and ends it at once', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const db = app.ctx.db;

    const grant = (payload: Record<string, unknown>) =>
      app.inject({ method: 'POST', url: '/api/admin/subscriptions/grant', headers: admin.auth, payload });
    const res = await grant({
      user: fan.user.username,
      creator: `@${creator.user.username}`,
      subscriptionType: 'three_months',
      reason: 'Contest winner',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      paymentMethod: 'system',
      subscriptionType: 'three_months',
      status: 'active',
      autoRenew: false,
      user: { _id: fan.user.id },
      performer: { _id: creator.user.id },
    });
    const access = await subscriptionAccess(db, fan.user.id, creator.user.id, app.ctx.now());
    expect(access.active).toBe(true);
    const days = (access.expiresAt!.getTime() - app.ctx.now().getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    // no money moved
    expect((await verifyLedger(db)).ok).toBe(true);
    expect((await walletBalance(db, fan.user.id)) ?? 0).toBe(0);

    const kinds = async (userId: string) =>
      (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);
    expect((await kinds(fan.user.id)).join()).toMatch(/You were given a 3 months subscription/);
    expect((await kinds(creator.user.id)).join()).toMatch(/was given a 3 months subscription by the site/);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'subscription.grant'));
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      reason: 'Contest winner',
      after: { paymentMethod: 'system' },
    });

    // listed, filterable by creator
    const list = await app.inject({
      method: 'GET',
      url: `/api/admin/subscriptions?creatorId=${creator.user.id}`,
      headers: admin.auth,
    });
    expect(list.json()).toMatchObject({ total: 1, data: [{ paymentMethod: 'system' }] });

    // bad input names the problem
    expect(
      expectErrorShape(
        await grant({ user: 'nobody-here', creator: creator.user.id, subscriptionType: 'monthly', reason: 'x y z' }),
        400,
      ).message,
    ).toMatch(/nobody-here/);
    expect(
      expectErrorShape(
        await grant({ user: creator.user.id, creator: fan.user.id, subscriptionType: 'monthly', reason: 'x y z' }),
        400,
      ).code,
    ).toBe('NOT_A_CREATOR');
    expect(
      expectErrorShape(
        await grant({ user: fan.user.id, creator: creator.user.id, subscriptionType: 'weekly', reason: 'x y z' }),
        400,
      ).message,
    ).toMatch(/subscriptionType/);

    // end now: access revoked at once
    const id = res.json()._id;
    const ended = await app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${id}/end`,
      headers: admin.auth,
      payload: { reason: 'Granted by mistake' },
    });
    expect(ended.json()).toMatchObject({ status: 'expired' });
    expect((await subscriptionAccess(db, fan.user.id, creator.user.id, app.ctx.now())).active).toBe(false);
    const again = await app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${id}/end`,
      headers: admin.auth,
      payload: { reason: 'Twice' },
    });
    expect(expectErrorShape(again, 409).code).toBe('ALREADY_ENDED');
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'subscription.end'))),
    ).toHaveLength(1);
  });

  it('refuses a grant over a paid subscription that renews by itself; admin cancel stops its renewal', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 100_000);
    const paid = await subscribeVia(app, fan, { performerId: creator.user.id, subscriptionType: 'monthly' });
    expect(paid.statusCode, paid.body).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: '/api/admin/subscriptions/grant',
      headers: admin.auth,
      payload: { user: fan.user.id, creator: creator.user.id, subscriptionType: 'monthly', reason: 'Goodwill' },
    });
    expect(expectErrorShape(res, 409).code).toBe('ALREADY_SUBSCRIBED');
    const [sub] = (
      await app.inject({ method: 'GET', url: `/api/admin/subscriptions?userId=${fan.user.id}`, headers: admin.auth })
    ).json().data;
    const cancelled = await app.inject({
      method: 'POST',
      url: `/api/admin/subscriptions/${sub._id}/cancel`,
      headers: admin.auth,
      payload: { reason: 'Fan asked support' },
    });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    // now the running period can be extended by a grant (from its end)
    const extended = await app.inject({
      method: 'POST',
      url: '/api/admin/subscriptions/grant',
      headers: admin.auth,
      payload: { user: fan.user.id, creator: creator.user.id, subscriptionType: 'monthly', reason: 'Goodwill' },
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const access = await subscriptionAccess(app.ctx.db, fan.user.id, creator.user.id, app.ctx.now());
    expect(Math.round((access.expiresAt!.getTime() - app.ctx.now().getTime()) / 86_400_000)).toBe(60);
  });
});
