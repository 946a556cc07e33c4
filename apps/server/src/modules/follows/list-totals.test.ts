import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Actor, buildPerformer, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { buildFeed } from '../../../test/factories.feeds';
import { type TestContext, useTestApp } from '../../../test/harness';
import { contentItems, feeds, performers } from '../../db/schema';

const t = useTestApp();

/** Pages through a `{ data, total }` list two rows at a time; every page must agree on the total. */
async function pageThrough(app: TestContext['app'], url: string, who: Actor) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; page <= 10; page++) {
    const res = await app.inject({ url: `${url}?page=${page}&pageSize=2`, headers: who.auth });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    const body = res.json() as { data: Array<{ _id: string }>; total: number };
    totals.add(body.total);
    ids.push(...body.data.map((r) => r._id));
    if (body.data.length < 2) break;
  }
  expect([...totals], `${url}: one total on every page`).toHaveLength(1);
  return { ids, total: [...totals][0] };
}

describe('a list counts exactly the rows it lists (issue 23 item 18)', () => {
  it('following, followers and bookmarked creators: total = the rows reachable by paging, without unlisted ones', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creators = await Promise.all([1, 2, 3, 4].map(() => buildPerformer(app)));
    for (const c of creators) {
      expect(
        (await app.inject({ method: 'POST', url: `/api/follows/${c.user.id}`, headers: fan.auth })).statusCode,
      ).toBe(200);
      const bookmark = await app.inject({
        method: 'POST',
        url: '/api/reactions',
        headers: fan.auth,
        payload: { objectType: 'performer', objectId: c.user.id, action: 'bookmark' },
      });
      expect(bookmark.statusCode, bookmark.body).toBeLessThan(300);
    }
    // One creator is no longer listed: their verification was withdrawn.
    const hidden = creators[1];
    await app.ctx.db
      .update(performers)
      .set({ verificationStatus: 'pending' })
      .where(eq(performers.userId, hidden.user.id));

    for (const url of ['/api/follows/following', '/api/reactions/performers/bookmark']) {
      const { ids, total } = await pageThrough(app, url, fan);
      expect(ids, url).not.toContain(hidden.user.id);
      expect(ids.sort(), url).toEqual(
        creators
          .filter((c) => c !== hidden)
          .map((c) => c.user.id)
          .sort(),
      );
      expect(total, url).toBe(ids.length);
    }

    // a creator's followers: every follower is listed and counted
    const otherFans = await Promise.all([1, 2].map(() => buildUser(app)));
    for (const f of otherFans)
      await app.inject({ method: 'POST', url: `/api/follows/${creators[0].user.id}`, headers: f.auth });
    const followers = await pageThrough(app, '/api/follows/followers', creators[0]);
    expect(followers.total).toBe(3);
    expect(followers.ids).toHaveLength(3);
  });

  it('bookmarked posts and galleries: a taken-down or unpublished one is neither listed nor counted', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const posts = await Promise.all([1, 2, 3].map((i) => buildFeed(app, creator.user.id, { text: `Post ${i}` })));
    const galleries = (await Promise.all(
      [1, 2, 3].map(() => buildContent(app, creator, 'gallery', { visibility: 'free' })),
    )) as Array<{ _id: string }>;
    const bookmark = (objectType: string, objectId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/reactions',
        headers: fan.auth,
        payload: { objectType, objectId, action: 'bookmark' },
      });
    for (const p of posts) expect((await bookmark('feed', p.id)).statusCode).toBeLessThan(300);
    for (const g of galleries) expect((await bookmark('gallery', g._id)).statusCode).toBeLessThan(300);
    await app.ctx.db.update(feeds).set({ takenDownAt: app.ctx.now() }).where(eq(feeds.id, posts[0].id));
    await app.ctx.db.update(contentItems).set({ status: 'inactive' }).where(eq(contentItems.id, galleries[0]._id));

    for (const [url, hiddenId] of [
      ['/api/reactions/feeds/bookmark', posts[0].id],
      ['/api/reactions/galleries/bookmark', galleries[0]._id],
    ]) {
      const { ids, total } = await pageThrough(app, url, fan);
      expect(ids, url).not.toContain(hiddenId);
      expect(ids, url).toHaveLength(2);
      expect(total, url).toBe(2);
    }
  });

  it('the only followed creator is unlisted: an empty page says total 0', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    await app.inject({ method: 'POST', url: `/api/follows/${creator.user.id}`, headers: fan.auth });
    await app.ctx.db
      .update(performers)
      .set({ verificationStatus: 'pending' })
      .where(eq(performers.userId, creator.user.id));
    const res = await app.inject({ url: '/api/follows/following', headers: fan.auth });
    expect(res.json()).toEqual({ data: [], total: 0 });
  });
});
