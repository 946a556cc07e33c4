import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildUserBlock } from '../../../test/factories.profiles';
import { useTestApp } from '../../../test/harness';
import { follows, performers } from '../../db/schema';

const t = useTestApp();

async function followerCount(creatorId: string) {
  const { app } = t();
  const [p] = await app.ctx.db
    .select({ n: performers.followersCount })
    .from(performers)
    .where(eq(performers.userId, creatorId));
  const [rows] = await app.ctx.db.select({ n: count() }).from(follows).where(eq(follows.creatorId, creatorId));
  return { counter: p.n, rows: Number(rows.n) };
}

describe('follows', () => {
  it('follows and unfollows by id or username, idempotently', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, { username: 'nova' });
    const fan = await buildUser(app);
    const first = await app.inject({ method: 'POST', url: '/api/follows/nova', headers: fan.auth });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ isFollowed: true, followers: 1 });
    const again = await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}`, headers: fan.auth });
    expect(again.json()).toEqual({ isFollowed: true, followers: 1 });
    const off = await app.inject({ method: 'DELETE', url: '/api/follows/nova', headers: fan.auth });
    expect(off.json()).toEqual({ isFollowed: false, followers: 0 });
    const offAgain = await app.inject({ method: 'DELETE', url: '/api/follows/nova', headers: fan.auth });
    expect(offAgain.json()).toEqual({ isFollowed: false, followers: 0 });
  });

  it('keeps the counter exact under concurrent clicks', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fans = await Promise.all(Array.from({ length: 6 }, () => buildUser(app)));
    const url = `/api/follows/${creator.user.id}`;
    // Every fan double-clicks follow at once; half of them also unfollow in the same burst.
    await Promise.all(
      fans.flatMap((f, i) => [
        app.inject({ method: 'POST', url, headers: f.auth }),
        app.inject({ method: 'POST', url, headers: f.auth }),
        ...(i % 2 ? [app.inject({ method: 'DELETE', url, headers: f.auth })] : []),
      ]),
    );
    const after = await followerCount(creator.user.id);
    expect(after.counter).toBe(after.rows);
    await Promise.all(fans.map((f) => app.inject({ method: 'POST', url, headers: f.auth })));
    expect(await followerCount(creator.user.id)).toEqual({ counter: 6, rows: 6 });
  });

  it('refuses self-follows, unknown creators, visitors and blocked fans', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const self = await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}`, headers: creator.auth });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot follow yourself');
    expect((await app.inject({ method: 'POST', url: '/api/follows/nobody', headers: fan.auth })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'POST', url: `/api/follows/${fan.user.id}`, headers: creator.auth })).statusCode,
    ).toBe(404);
    expect((await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}` })).statusCode).toBe(401);
    await buildUserBlock(app, creator.user.id, fan.user.id);
    const blocked = await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}`, headers: fan.auth });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('BLOCKED');
  });

  it('lists a creator followers and a fan following, newest first', async () => {
    const { app } = t();
    const a = await buildPerformer(app, { username: 'a_creator' });
    const b = await buildPerformer(app, { username: 'b_creator' });
    const fan = await buildUser(app, { username: 'fan_one' });
    await app.inject({ method: 'POST', url: '/api/follows/a_creator', headers: fan.auth });
    await app.inject({ method: 'POST', url: '/api/follows/b_creator', headers: fan.auth });
    const following = await app.inject({ method: 'GET', url: '/api/follows/following', headers: fan.auth });
    expect(following.json().total).toBe(2);
    expect(following.json().data.map((p: { username: string }) => p.username)).toEqual(['b_creator', 'a_creator']);
    const followers = await app.inject({ method: 'GET', url: '/api/follows/followers', headers: a.auth });
    expect(followers.json()).toMatchObject({ total: 1, data: [{ _id: fan.user.id, username: 'fan_one' }] });
    expect((await app.inject({ method: 'GET', url: '/api/follows/followers', headers: fan.auth })).statusCode).toBe(
      403,
    );
    expect(b.user.id).toBeTruthy();
  });
});
