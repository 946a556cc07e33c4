import { describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildFeed } from '../../../test/factories.feeds';
import { useTestApp } from '../../../test/harness';
import { entitlements, follows } from '../../db/schema';

const t = useTestApp();

describe('admin view as', () => {
  it('shows the profile and posts as a visitor, a follower or a subscriber sees them, without writing anything', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await buildFeed(app, creator.user.id, { text: 'Free for all', visibility: 'free' });
    await buildFeed(app, creator.user.id, { text: 'Subscribers only', visibility: 'subscribers' });
    const viewAs = (as: string, who = admin) =>
      app.inject({
        method: 'GET',
        url: `/api/admin/users/${creator.user.username}/view-as?as=${as}`,
        headers: who.auth,
      });
    const locks = (body: { feeds: { data: Array<{ visibility: string; locked: boolean }> } }) =>
      Object.fromEntries(body.feeds.data.map((f) => [f.visibility === 'free' ? 'free' : 'subs', f.locked]));

    const visitor = await viewAs('visitor');
    expect(visitor.statusCode, visitor.body).toBe(200);
    expect(visitor.json().profile).toMatchObject({ _id: creator.user.id, isFollowed: false, isSubscribed: false });
    expect(locks(visitor.json())).toEqual({ free: false, subs: true });

    const follower = (await viewAs('follower')).json();
    expect(follower.profile).toMatchObject({ isFollowed: true, isSubscribed: false });
    expect(locks(follower)).toEqual({ free: false, subs: true });

    const subscriber = (await viewAs('subscriber')).json();
    expect(subscriber.profile).toMatchObject({ isSubscribed: true });
    expect(locks(subscriber)).toEqual({ free: false, subs: false });

    // nothing written for the preview viewer
    expect(await app.ctx.db.select().from(entitlements)).toHaveLength(0);
    expect(await app.ctx.db.select().from(follows)).toHaveLength(0);
    // admins only
    expect((await viewAs('subscriber', fan)).statusCode).toBe(403);
    expect((await viewAs('subscriber', creator)).statusCode).toBe(403);
    expect((await viewAs('nobody')).statusCode).toBe(400);
  });
});
