import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { buildFollow, buildUserBlock, clearDiscoveryCaches } from '../../../test/factories.profiles';
import { useTestApp } from '../../../test/harness';
import { users } from '../../db/schema';
import { addDays, now } from '../../lib/clock';
import { ensureDefaultPages } from '../cms/cms.service';

const t = useTestApp();
beforeEach(() => clearDiscoveryCaches());

describe('GET /performers/{id}', () => {
  it('shows a creator by username (any case) or id, with stats and prices in tokens', async () => {
    const { app } = t();
    const luna = await buildPerformer(
      app,
      { username: 'luna', name: 'Luna' },
      {
        displayName: 'Luna Rivera',
        bio: 'Yoga every day',
        monthlyPrice: 999,
        yearlyPrice: 9900,
        freeSubscriptionEnabled: true,
        freeSubscriptionDays: 3,
      },
    );
    const byName = await app.inject({ method: 'GET', url: '/api/performers/LUNA' });
    expect(byName.statusCode).toBe(200);
    const body = byName.json();
    expect(body).toMatchObject({
      _id: luna.user.id,
      username: 'luna',
      name: 'Luna Rivera',
      bio: 'Yoga every day',
      verified: true,
      monthlyPrice: 9.99,
      yearlyPrice: 99,
      isFreeSubscription: true,
      freeSubscriptionDays: 3,
      stats: { followers: 0, subscribers: 0 },
      isFollowed: false,
      isSubscribed: false,
      isOwner: false,
    });
    const byId = await app.inject({ method: 'GET', url: `/api/performers/${luna.user.id}` });
    expect(byId.json()._id).toBe(luna.user.id);
  });

  it('answers 404 for unknown names, fans and suspended creators', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const gone = await buildPerformer(app, { status: 'suspended' });
    for (const id of ['nobody-here', fan.user.username!, gone.user.username!, '0190f1f0-0000-7000-8000-000000000000']) {
      const res = await app.inject({ method: 'GET', url: `/api/performers/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe('Creator not found');
    }
  });

  it('tells a signed-in fan whether they follow and until when they are subscribed', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await buildFollow(app, fan.user.id, creator.user.id);
    const until = addDays(now(), 10);
    await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, until);
    const res = await app.inject({ method: 'GET', url: `/api/performers/${creator.user.id}`, headers: fan.auth });
    expect(res.json()).toMatchObject({
      isFollowed: true,
      isSubscribed: true,
      subscribedUntil: until.toISOString(),
      stats: { followers: 1, subscribers: 1 },
    });
  });

  it('hides the subscriber count when the creator asks, except from the creator', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, {}, { showSubscriberCount: false });
    const visitor = await app.inject({ method: 'GET', url: `/api/performers/${creator.user.id}` });
    expect(visitor.json().stats.subscribers).toBeNull();
    const own = await app.inject({ method: 'GET', url: `/api/performers/${creator.user.id}`, headers: creator.auth });
    expect(own.json()).toMatchObject({ isOwner: true, stats: { subscribers: 0 } });
  });

  it('turns every free offer off when the site disables free subscriptions', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, {}, { freeSubscriptionEnabled: true });
    await app.ctx.settings.update({ freeSubscriptionEnabled: false }, null);
    const res = await app.inject({ method: 'GET', url: `/api/performers/${creator.user.id}` });
    expect(res.json().isFreeSubscription).toBe(false);
  });
});

describe('GET /performers/user/search', () => {
  async function seed() {
    const { app } = t();
    const ana = await buildPerformer(
      app,
      { username: 'ana_fit' },
      {
        displayName: 'Ana Sol',
        bio: 'Pilates and yoga',
        gender: 'female',
        country: 'ES',
        age: '25_29',
        bodyType: 'fit',
        eyes: 'green',
        freeSubscriptionEnabled: true,
      },
    );
    const bo = await buildPerformer(
      app,
      { username: 'bo_travels' },
      {
        displayName: 'Bo Lind',
        bio: 'Travel photography',
        gender: 'male',
        country: 'SE',
        age: '30_34',
        isLive: true,
      },
    );
    const cy = await buildPerformer(
      app,
      { username: 'cy_cosplay' },
      {
        displayName: 'Cy Moon',
        bio: 'Cosplay and YOGA stretches',
        gender: 'female',
        country: 'ES',
        age: '20_24',
      },
    );
    const fans = await Promise.all([buildUser(app), buildUser(app), buildUser(app)]);
    await buildFollow(app, fans[0].user.id, bo.user.id);
    await buildFollow(app, fans[1].user.id, bo.user.id);
    await buildFollow(app, fans[0].user.id, cy.user.id);
    return { app, ana, bo, cy, fans };
  }
  const names = (res: { json(): { data: Array<{ username: string }> } }) => res.json().data.map((p) => p.username);

  it('searches username, name and bio, case-insensitively, every word', async () => {
    const { app } = await seed();
    const yoga = await app.inject({ method: 'GET', url: '/api/performers/user/search?q=yoga&sortBy=alphabetical' });
    expect(names(yoga)).toEqual(['ana_fit', 'cy_cosplay']);
    expect(yoga.json().total).toBe(2);
    expect(names(await app.inject({ method: 'GET', url: '/api/performers/user/search?q=TRAVELS' }))).toEqual([
      'bo_travels',
    ]);
    expect(names(await app.inject({ method: 'GET', url: '/api/performers/user/search?q=moon%20yoga' }))).toEqual([
      'cy_cosplay',
    ]);
    expect(names(await app.inject({ method: 'GET', url: '/api/performers/user/search?q=nothing-like-this' }))).toEqual(
      [],
    );
    // LIKE wildcards in the query are literal
    expect(names(await app.inject({ method: 'GET', url: '/api/performers/user/search?q=%25' }))).toEqual([]);
  });

  it('filters by every profile option', async () => {
    const { app } = await seed();
    const q = (qs: string) =>
      app.inject({ method: 'GET', url: `/api/performers/user/search?sortBy=alphabetical&${qs}` });
    expect(names(await q('gender=female'))).toEqual(['ana_fit', 'cy_cosplay']);
    expect(names(await q('country=es&age=20_24'))).toEqual(['cy_cosplay']);
    expect(names(await q('bodyType=fit&eyes=green'))).toEqual(['ana_fit']);
    expect(names(await q('isFreeSubscription=true'))).toEqual(['ana_fit']);
    expect(names(await q('isLive=1'))).toEqual(['bo_travels']);
    // discovery lists only creators who can be paid (earning-policy.ts), so every listed one is verified
    expect(names(await q('verified=true'))).toEqual(['ana_fit', 'bo_travels', 'cy_cosplay']);
    const bad = await q('gender=robot');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^querystring\.gender/);
  });

  it('sorts popular, newest, alphabetical (asc/desc) and pages with a total', async () => {
    const { app } = await seed();
    const q = (qs: string) => app.inject({ method: 'GET', url: `/api/performers/user/search?${qs}` });
    expect(names(await q('sortBy=popular'))).toEqual(['bo_travels', 'cy_cosplay', 'ana_fit']);
    expect(names(await q('sortBy=newest'))).toEqual(['cy_cosplay', 'bo_travels', 'ana_fit']);
    expect(names(await q('sortBy=alphabetical&sort=desc'))).toEqual(['cy_cosplay', 'bo_travels', 'ana_fit']);
    const page2 = await q('sortBy=alphabetical&pageSize=2&page=2');
    expect(names(page2)).toEqual(['cy_cosplay']);
    expect(page2.json().total).toBe(3);
  });

  it('sorts by recent activity, recording a creator activity when they use the API', async () => {
    const { app, ana } = await seed();
    await app.inject({ method: 'GET', url: '/api/performers/top', headers: ana.auth });
    await new Promise((r) => setTimeout(r, 50));
    const res = await app.inject({ method: 'GET', url: '/api/performers/user/search?sortBy=active' });
    expect(names(res)[0]).toBe('ana_fit');
    expect(res.json().data[0].lastActiveAt).not.toBeNull();
  });

  it('leaves out suspended creators and creators who blocked the viewer', async () => {
    const { app, ana, bo, fans } = await seed();
    await app.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, ana.user.id));
    await buildUserBlock(app, bo.user.id, fans[2].user.id);
    const res = await app.inject({
      method: 'GET',
      url: '/api/performers/user/search?sortBy=alphabetical',
      headers: fans[2].auth,
    });
    expect(names(res)).toEqual(['cy_cosplay']);
    expect(res.json().total).toBe(1);
  });

  it('uses the trigram index for text search, not a scan', async () => {
    const { app } = t();
    await insertCreators(app, 1000, 'yoga daily');
    await app.ctx.db.execute(sql`vacuum analyze performers`);
    await app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = (await tx.execute(
        sql`explain select user_id from performers where listed and search_text like '%pilates%'`,
      )) as unknown as { rows: Array<Record<string, string>> };
      expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toContain('performers_listed_trgm_idx');
    });
  });

  it('keeps performers.listed in step with the account (status, role, username)', async () => {
    const { app } = t();
    const a = await buildPerformer(app);
    const listed = async () =>
      (
        (await app.ctx.db.execute(sql`select listed from performers where user_id = ${a.user.id}`)) as unknown as {
          rows: Array<{ listed: boolean }>;
        }
      ).rows[0].listed;
    expect(await listed()).toBe(true);
    await app.ctx.db.update(users).set({ status: 'suspended' }).where(eq(users.id, a.user.id));
    expect(await listed()).toBe(false);
    await app.ctx.db.update(users).set({ status: 'active', username: null }).where(eq(users.id, a.user.id));
    expect(await listed()).toBe(false);
    await app.ctx.db.update(users).set({ username: 'back_again' }).where(eq(users.id, a.user.id));
    expect(await listed()).toBe(true);
    // Nobody can list a creator by writing the column.
    await app.ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, a.user.id));
    await app.ctx.db.execute(sql`update performers set listed = true where user_id = ${a.user.id}`);
    expect(await listed()).toBe(false);
  });

  it('with many matches walks the sort index and pages exactly like a full sort', async () => {
    const { app } = t();
    // 700 creators whose bio says "yoga", with follower counts in a scrambled order.
    await insertCreators(app, 700, 'yoga daily');
    const expected = (
      (await app.ctx.db.execute(
        sql`select user_id::text as id from performers order by followers_count desc, user_id desc`,
      )) as unknown as { rows: Array<{ id: string }> }
    ).rows.map((r) => r.id);
    const page = async (n: number, q = 'yoga') => {
      const res = await app.inject({ method: 'GET', url: `/api/performers/user/search?q=${q}&pageSize=50&page=${n}` });
      expect(res.statusCode).toBe(200);
      return res.json() as { total: number; data: Array<{ _id: string }> };
    };
    const p3 = await page(3);
    expect(p3.total).toBe(700);
    expect(p3.data.map((c) => c._id)).toEqual(expected.slice(100, 150));
    // Few matches (one creator): the sorted path; past the end: empty without a query for rows.
    const one = await page(1, 'walker123');
    expect(one.total).toBe(1);
    expect((await page(20)).data).toEqual([]);
  });
});

/** Many creators at once, straight in SQL (the triggers fill search_text and listed). */
async function insertCreators(app: Parameters<typeof buildPerformer>[0], n: number, bio: string) {
  await app.ctx.db.execute(sql`
    insert into users (id, username, email, name, role, referral_code)
    select gen_random_uuid(), 'walker' || i, 'walker' || i || '@t.test', 'Walker ' || i, 'performer', 'W' || lpad(i::text, 11, '0')
    from generate_series(1, ${n}) i`);
  await app.ctx.db.execute(sql`
    insert into performers (user_id, display_name, bio, verification_status, date_of_birth, followers_count, created_at)
    select id, name, ${bio}, 'verified', '1990-01-01', (substring(username from 7)::int * 7919) % 1000, now() - substring(username from 7)::int * interval '1 minute'
    from users where username like 'walker%'`);
}

describe('discovery lists', () => {
  it('top lists the most followed, random returns creators, trending ranks recent follows', async () => {
    const { app } = t();
    const a = await buildPerformer(app);
    const b = await buildPerformer(app);
    const fans = await Promise.all([buildUser(app), buildUser(app)]);
    await buildFollow(app, fans[0].user.id, b.user.id);
    await buildFollow(app, fans[1].user.id, b.user.id);
    await buildFollow(app, fans[0].user.id, a.user.id);
    const top = await app.inject({ method: 'GET', url: '/api/performers/top?limit=5' });
    expect(top.json().data.map((p: { _id: string }) => p._id)).toEqual([b.user.id, a.user.id]);
    const random = await app.inject({ method: 'GET', url: '/api/performers/search/random?limit=5' });
    expect(random.json(), random.body).toHaveProperty('data');
    expect(
      random
        .json()
        .data.map((p: { _id: string }) => p._id)
        .sort(),
    ).toEqual([a.user.id, b.user.id].sort());
    const trending = await app.inject({ method: 'GET', url: '/api/trending' });
    expect(trending.statusCode).toBe(200);
    expect(trending.json().performers[0]._id).toBe(b.user.id);
    expect(trending.json().posts).toEqual([]);
  });

  it('trending answers each liked object as its module presents it: a post, a catalogue item', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const posted = await app.inject({
      method: 'POST',
      url: '/api/performer/feeds',
      headers: creator.auth,
      payload: { text: 'Morning yoga', tags: ['yoga'] },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    const video = await buildContent(app, creator, 'video', { visibility: 'free' });
    const like = (objectType: string, objectId: string) =>
      app.inject({
        method: 'POST',
        url: '/api/reactions',
        headers: fan.auth,
        payload: { objectType, objectId, action: 'like' },
      });
    for (const [type, id] of [
      ['feed', posted.json()._id],
      ['video', video._id],
      ['performer', creator.user.id],
    ]) {
      expect((await like(type, id)).statusCode).toBe(200);
    }
    const res = await app.inject({ method: 'GET', url: '/api/trending' });
    expect(res.statusCode, res.body).toBe(200);
    const byType = Object.fromEntries(
      res.json().posts.map((p: { type: string; item: Record<string, unknown> }) => [p.type, p.item]),
    );
    expect(byType.feed).toMatchObject({ _id: posted.json()._id, text: 'Morning yoga', tags: ['yoga'], files: [] });
    expect(byType.video).toMatchObject({ _id: video._id, type: 'video', title: video.title, tags: ['test'] });
    // Liked creators rank in `performers`, not among the posts.
    expect(Object.keys(byType).sort()).toEqual(['feed', 'video']);
  });

  it('lists profile paths for sitemaps, and serves sitemap.xml and robots.txt', async () => {
    const { app } = t();
    await ensureDefaultPages(app.ctx);
    const a = await buildPerformer(app, { username: 'mira' });
    const res = await app.inject({ method: 'GET', url: '/api/performers/sitemaps' });
    expect(res.json()).toMatchObject({ total: 1, data: [{ path: '/mira' }] });
    expect(a.user.id).toBeTruthy();
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toContain('Sitemap: ');
    expect(robots.body).toContain('Disallow: /api/');
    const index = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain('/sitemap-creators-1.xml');
    const creators = await app.inject({ method: 'GET', url: '/sitemap-creators-1.xml' });
    expect(creators.body).toContain('/mira</loc>');
    const pages = await app.inject({ method: 'GET', url: '/sitemap-pages.xml' });
    expect(pages.body).toContain('/page/terms-of-service</loc>');
  });
});
