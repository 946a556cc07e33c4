import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { fundWallet } from '../../../test/factories.money';
import { subscribeVia } from '../../../test/factories.subscriptions';
import { useTestApp } from '../../../test/harness';
import { earnings, performers, users } from '../../db/schema';
import { assertCreatorCanEarn, canEarn } from './earning-policy';

const t = useTestApp();

const balanceOf = async (id: string) =>
  (await t().app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0]!.b;

describe('only verified creators earn (issue 17, item 1)', () => {
  it('a pending creator cannot sell a gallery or a product, take a tip or a paid subscription', async () => {
    const { app } = t();
    // put on sale while verified; the verification is then withdrawn
    const pending = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const gallery = (await buildContent(app, pending, 'gallery', { price: 5, visibility: 'sale' })) as { _id: string };
    const product = (await buildContent(app, pending, 'product', { price: 6 })) as { _id: string };
    await app.ctx.db
      .update(performers)
      .set({ verificationStatus: 'pending' })
      .where(eq(performers.userId, pending.user.id));

    for (const url of [`/api/wallet/charges/gallery/${gallery._id}`, `/api/wallet/charges/product/${product._id}`]) {
      const res = await app.inject({ method: 'POST', url, headers: fan.auth });
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(res.json().code).toBe('CREATOR_NOT_VERIFIED');
    }
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${pending.user.id}`,
      headers: fan.auth,
      payload: { amount: 20 },
    });
    expect(tip.statusCode, tip.body).toBe(403);
    expect(tip.json().code).toBe('CREATOR_NOT_VERIFIED');
    const sub = await subscribeVia(app, fan, { performerId: pending.user.id, subscriptionType: 'monthly' });
    expect(sub.statusCode, sub.body).toBe(403);
    expect(sub.json().code).toBe('CREATOR_NOT_VERIFIED');

    expect(await balanceOf(fan.user.id)).toBe(10_000);
    expect(await app.ctx.db.select().from(earnings).where(eq(earnings.creatorId, pending.user.id))).toEqual([]);

    // the same creator, once verified, is paid
    const verified = await buildPerformer(app);
    const ok = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${verified.user.id}`,
      headers: fan.auth,
      payload: { amount: 20 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('canEarn / assertCreatorCanEarn: verified and active only', async () => {
    const { app } = t();
    const verified = await buildPerformer(app);
    const pending = await buildPerformer(app, {}, { verificationStatus: 'pending' });
    const suspended = await buildPerformer(app, { status: 'suspended' } as never);
    const fan = await buildUser(app);
    expect(await canEarn(app.ctx.db, verified.user.id)).toBe(true);
    expect(await canEarn(app.ctx.db, pending.user.id)).toBe(false);
    expect(await canEarn(app.ctx.db, fan.user.id)).toBe(false);
    await app.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    expect(await canEarn(app.ctx.db, suspended.user.id)).toBe(false);
    await expect(assertCreatorCanEarn(app.ctx.db, pending.user.id)).rejects.toMatchObject({
      statusCode: 403,
      code: 'CREATOR_NOT_VERIFIED',
    });
  });

  it('Top creators, Explore and search list only creators who can be paid', async () => {
    const { app } = t();
    const verified = await buildPerformer(app);
    const pending = await buildPerformer(app, {}, { verificationStatus: 'pending' });
    for (const url of ['/api/performers/top', '/api/performers/search/random', '/api/performers/user/search']) {
      const res = await app.inject({ url });
      expect(res.statusCode, res.body).toBe(200);
      const ids = (res.json().data as Array<{ _id: string }>).map((c) => c._id);
      expect(ids, url).toContain(verified.user.id);
      expect(ids, url).not.toContain(pending.user.id);
    }
  });
});
