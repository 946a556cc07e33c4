import { describe, expect, it } from 'vitest';
import { buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { buildFeed, buildFollow, buildPoll } from '../../../test/factories.feeds';
import { buildMedia } from '../../../test/factories.media';
import { buildUserBlock } from '../../../test/factories.profiles';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape, expectRequiresAuth } from '../../../test/route-checks';
import { addDays, now, setClockOffset } from '../../lib/clock';
import { grant } from '../entitlements/entitlements.service';
import { publishDue } from './feeds.service';

const t = useTestApp();

/** Every URL-ish string of a JSON body that points at the media itself (not a blurred preview). */
function mediaUrls(body: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, key = '') => {
    if (Array.isArray(v)) {
      for (const x of v) walk(x, key);
    } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    else if (typeof v === 'string' && ['url', 'thumbnail', 'thumbnails', 'posterUrl', 'hlsUrl'].includes(key))
      out.push(v);
  };
  walk(body);
  return out;
}

async function setup() {
  const { app } = t();
  const creator = await buildPerformer(app);
  const photo = await buildMedia(app, creator.user.id, { kind: 'photo' });
  const video = await buildMedia(app, creator.user.id, { kind: 'video' });
  const salePhoto = await buildMedia(app, creator.user.id, { kind: 'photo' });
  const free = await buildFeed(app, creator.user.id, { text: 'free one', fileIds: [photo.id] });
  const subs = await buildFeed(app, creator.user.id, {
    text: 'subs only',
    fileIds: [video.id],
    visibility: 'subscribers',
  });
  const sale = await buildFeed(app, creator.user.id, {
    text: 'ppv',
    fileIds: [salePhoto.id],
    visibility: 'sale',
    price: 5,
  });
  return { app, creator, free, subs, sale };
}

describe('feeds: access to media', () => {
  it('a fan who is neither subscribed nor a buyer gets no media URL from any feed route', async () => {
    const { app, creator, subs, sale } = await setup();
    const fan = await buildUser(app);
    await buildFollow(app, fan.user.id, creator.user.id);
    const responses = [
      await app.inject({ method: 'GET', url: '/api/user/feeds', headers: fan.auth }),
      await app.inject({ method: 'GET', url: `/api/user/feeds/search/${creator.user.username}`, headers: fan.auth }),
      await app.inject({ method: 'GET', url: `/api/user/feeds/${subs.id}`, headers: fan.auth }),
      await app.inject({ method: 'GET', url: `/api/user/feeds/${sale.id}`, headers: fan.auth }),
      await app.inject({ method: 'GET', url: `/api/user/feeds/${sale.id}` }),
    ];
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const timeline = responses[0].json();
    expect(timeline.data).toHaveLength(3);
    const locked = timeline.data.filter((f: { locked: boolean }) => f.locked);
    expect(locked.map((f: { text: string }) => f.text).sort()).toEqual(['ppv', 'subs only']);
    for (const f of locked) {
      expect(mediaUrls(f)).toEqual([]);
      expect(f.fileCount).toBe(1);
      expect(f.files[0].blurredUrl).toBeTruthy();
      expect(f.isSubscribed).toBe(false);
      expect(f.isBought).toBe(false);
    }
    for (const res of responses.slice(2)) expect(mediaUrls(res.json())).toEqual([]);
    const wall = responses[1].json().data as Array<{ text: string; locked: boolean }>;
    expect(wall.find((f) => f.text === 'free one')!.locked).toBe(false);
    const detail = responses[3].json();
    expect(detail).toMatchObject({ locked: true, isSale: true, price: 5 });
    // The file status of a locked post is not the fan's to know.
    const st = await app.inject({
      method: 'GET',
      url: `/api/user/feeds/${sale.id}/file/${detail.files[0]._id}/status`,
      headers: fan.auth,
    });
    expectErrorShape(st, 404);
  });

  it('a subscriber gets subscriber media; a buyer gets the pay-per-view media', async () => {
    const { app, creator, subs, sale } = await setup();
    const fan = await buildUser(app);
    await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, addDays(now(), 30));
    const res = await app.inject({ method: 'GET', url: '/api/user/feeds', headers: fan.auth });
    const byText = new Map<string, { files: Array<{ _id: string }> }>(
      res.json().data.map((f: { text: string; files: Array<{ _id: string }> }) => [f.text, f]),
    );
    expect(byText.get('subs only')).toMatchObject({ locked: false, isSubscribed: true });
    expect(mediaUrls(byText.get('subs only'))).not.toEqual([]);
    expect(byText.get('ppv')).toMatchObject({ locked: true, isSubscribed: true, isBought: false });
    expect(mediaUrls(byText.get('ppv'))).toEqual([]);

    await grant(app.ctx.db, {
      userId: fan.user.id,
      objectType: 'feed',
      objectId: sale.id,
      creatorId: creator.user.id,
      source: 'purchase',
      expiresAt: null,
    });
    const bought = (await app.inject({ method: 'GET', url: `/api/user/feeds/${sale.id}`, headers: fan.auth })).json();
    expect(bought).toMatchObject({ locked: false, isBought: true });
    expect(bought.files[0].url).toMatch(/^\/api\/media\//);
    const status = await app.inject({
      method: 'GET',
      url: `/api/user/feeds/${subs.id}/file/${byText.get('subs only')!.files[0]._id}/status`,
      headers: fan.auth,
    });
    expect(status.json()).toMatchObject({ status: 'ready', progress: 100 });
  });

  it('subscription expiry locks the post again', async () => {
    const { app, creator, subs } = await setup();
    const fan = await buildUser(app);
    await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, addDays(now(), 1));
    setClockOffset(2 * 86_400_000);
    const res = await app.inject({ method: 'GET', url: `/api/user/feeds/${subs.id}`, headers: fan.auth });
    expect(res.json().locked).toBe(true);
    expect(mediaUrls(res.json())).toEqual([]);
  });
});

describe('feeds: creating, scheduling, timeline', () => {
  it('validates price limits, media ownership and emptiness with clear messages', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const theirs = await buildMedia(app, other.user.id, { kind: 'photo' });
    const post = (body: object) =>
      app.inject({ method: 'POST', url: '/api/performer/feeds', headers: creator.auth, payload: body });
    expect(expectErrorShape(await post({ text: 'x', visibility: 'sale', price: 0 }), 400).code).toBe(
      'FEED_PRICE_REQUIRED',
    );
    expect(expectErrorShape(await post({ text: 'x', visibility: 'sale', price: 0.1 }), 400).message).toMatch(
      /between 0.50 and 10000.00/,
    );
    expect(expectErrorShape(await post({ fileIds: [theirs.id] }), 400).code).toBe('FEED_MEDIA_NOT_FOUND');
    expect(expectErrorShape(await post({}), 400).code).toBe('FEED_EMPTY');
    expect(expectErrorShape(await post({ text: 'hi', mentions: ['nobody_here'] }), 400).message).toContain(
      '@nobody_here',
    );
    const fan = await buildUser(app);
    expectErrorShape(
      await app.inject({ method: 'POST', url: '/api/performer/feeds', headers: fan.auth, payload: { text: 'x' } }),
      403,
    );
    await expectRequiresAuth(app, 'GET', '/api/user/feeds');
    const ok = await post({
      text: 'Hi @friend',
      mentions: [other.user.username!],
      tags: ['#Yoga', 'yoga'],
      isPinned: true,
    });
    expect(ok.json()).toMatchObject({
      type: 'text',
      mentions: [{ _id: other.user.id }],
      tags: ['yoga'],
      isPinned: true,
      status: 'published',
    });
  });

  it('scheduled posts stay invisible until the job publishes them', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await buildFollow(app, fan.user.id, creator.user.id);
    const later = new Date(now().getTime() + 3_600_000);
    const feed = await buildFeed(app, creator.user.id, { text: 'coming soon', scheduledAt: later });
    expect(feed.status).toBe('scheduled');
    const timeline = async () =>
      (await app.inject({ method: 'GET', url: '/api/user/feeds', headers: fan.auth })).json().data;
    expect(await timeline()).toEqual([]);
    expectErrorShape(await app.inject({ method: 'GET', url: `/api/user/feeds/${feed.id}`, headers: fan.auth }), 404);
    expect(
      (
        await app.inject({ method: 'GET', url: `/api/user/feeds/search/${creator.user.username}`, headers: fan.auth })
      ).json().total,
    ).toBe(0);
    const own = (
      await app.inject({ method: 'GET', url: '/api/performer/feeds?status=scheduled', headers: creator.auth })
    ).json();
    expect(own.data.map((f: { _id: string }) => f._id)).toEqual([feed.id]);
    expect(await publishDue(app.ctx)).toEqual([]); // not yet
    setClockOffset(3_600_000 + 1000);
    const published = await publishDue(app.ctx);
    expect(published.map((f) => f.id)).toEqual([feed.id]);
    expect(published[0].publishedAt!.toISOString()).toBe(later.toISOString());
    expect((await timeline()).map((f: { _id: string }) => f._id)).toEqual([feed.id]);
    expect(await publishDue(app.ctx)).toEqual([]); // idempotent
  });

  it('expired posts disappear from fans; the timeline pages by cursor newest first', async () => {
    const { app } = t();
    const a = await buildPerformer(app);
    const b = await buildPerformer(app);
    const stranger = await buildPerformer(app);
    const fan = await buildUser(app);
    await buildFollow(app, fan.user.id, a.user.id);
    await buildSubscriptionEntitlement(app, fan.user.id, b.user.id, addDays(now(), 30));
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      setClockOffset(i * 1000);
      ids.push((await buildFeed(app, i % 2 ? a.user.id : b.user.id, { text: `post ${i}` })).id);
    }
    await buildFeed(app, stranger.user.id, { text: 'not followed' });
    setClockOffset(10_000);
    const expiring = await buildFeed(app, a.user.id, {
      text: 'short lived',
      expiresAt: new Date(now().getTime() + 60_000),
    });
    const page1 = (await app.inject({ method: 'GET', url: '/api/user/feeds?pageSize=3', headers: fan.auth })).json();
    expect(page1.data.map((f: { _id: string }) => f._id)).toEqual([expiring.id, ids[4], ids[3]]);
    const page2 = (
      await app.inject({
        method: 'GET',
        url: `/api/user/feeds?pageSize=3&cursor=${page1.nextCursor}`,
        headers: fan.auth,
      })
    ).json();
    expect(page2.data.map((f: { _id: string }) => f._id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(page2.nextCursor).toBeNull();
    setClockOffset(10_000 + 61_000);
    const after = (await app.inject({ method: 'GET', url: '/api/user/feeds?pageSize=3', headers: fan.auth })).json();
    expect(after.data[0]._id).toBe(ids[4]);
    // A creator who blocks the fan leaves the timeline even while the subscription runs, and pages stay full.
    await buildUserBlock(app, b.user.id, fan.user.id);
    const unblocked = (
      await app.inject({ method: 'GET', url: '/api/user/feeds?pageSize=2', headers: fan.auth })
    ).json();
    expect(unblocked.data.map((f: { _id: string }) => f._id)).toEqual([ids[3], ids[1]]);
    expectErrorShape(
      await app.inject({ method: 'GET', url: `/api/user/feeds/${expiring.id}`, headers: fan.auth }),
      404,
    );
    expectErrorShape(
      await app.inject({ method: 'GET', url: '/api/user/feeds?cursor=garbage', headers: fan.auth }),
      400,
    );
  });

  it('edit and delete are the owner’s only', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const feed = await buildFeed(app, creator.user.id, { text: 'v1' });
    expectErrorShape(
      await app.inject({
        method: 'PUT',
        url: `/api/performer/feeds/${feed.id}`,
        headers: other.auth,
        payload: { text: 'hacked' },
      }),
      404,
    );
    expectErrorShape(
      await app.inject({ method: 'DELETE', url: `/api/performer/feeds/${feed.id}`, headers: other.auth }),
      404,
    );
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/performer/feeds/${feed.id}`,
      headers: creator.auth,
      payload: { text: 'v2', visibility: 'sale', price: 9.99 },
    });
    expect(edited.json()).toMatchObject({ text: 'v2', visibility: 'sale', price: 9.99 });
    // A partial edit changes only what is sent: pinning keeps the text, visibility, price and tags.
    const pinned = await app.inject({
      method: 'PUT',
      url: `/api/performer/feeds/${feed.id}`,
      headers: creator.auth,
      payload: { isPinned: true },
    });
    expect(pinned.json()).toMatchObject({ isPinned: true, text: 'v2', visibility: 'sale', price: 9.99 });
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/performer/feeds/${feed.id}`, headers: creator.auth })).json(),
    ).toEqual({ success: true });
    expectErrorShape(
      await app.inject({ method: 'GET', url: `/api/performer/feeds/${feed.id}`, headers: creator.auth }),
      404,
    );
  });
});

describe('feeds: polls', () => {
  it('one vote per fan under concurrent votes; results after voting', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const { poll, options } = await buildPoll(app, creator.user.id, ['Red', 'Blue', 'Green']);
    const feed = await buildFeed(app, creator.user.id, { text: 'Pick one', pollId: poll.id });
    const fan = await buildUser(app);
    const before = (await app.inject({ method: 'GET', url: `/api/user/feeds/${feed.id}`, headers: fan.auth })).json();
    expect(before.type).toBe('poll');
    expect(before.poll).toMatchObject({ showResults: false, votedOptionId: null });
    expect(before.poll.options[0].totalVote).toBeUndefined();

    const votes = await Promise.all(
      options.map((_o, i) =>
        app.inject({ method: 'POST', url: `/api/user/feeds/vote/${options[i % 2].id}`, headers: fan.auth }),
      ),
    );
    expect(votes.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const others = await Promise.all(Array.from({ length: 6 }, () => buildUser(app)));
    await Promise.all(
      others.map((u) => app.inject({ method: 'POST', url: `/api/user/feeds/vote/${options[2].id}`, headers: u.auth })),
    );
    const after = (await app.inject({ method: 'GET', url: `/api/user/feeds/${feed.id}`, headers: fan.auth })).json();
    expect(after.poll.showResults).toBe(true);
    expect(after.poll.totalVote).toBe(7);
    expect(after.poll.options.reduce((s: number, o: { totalVote: number }) => s + o.totalVote, 0)).toBe(7);
    expect(after.poll.options[2].totalVote).toBe(6);
    expectErrorShape(
      await app.inject({ method: 'POST', url: `/api/user/feeds/vote/${options[0].id}`, headers: creator.auth }),
      403,
    );
  });

  it('an ended poll refuses votes and shows results to everyone', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const { poll, options } = await buildPoll(
      app,
      creator.user.id,
      ['A', 'B'],
      'Q?',
      new Date(now().getTime() + 60_000),
    );
    const feed = await buildFeed(app, creator.user.id, { pollId: poll.id });
    const fan = await buildUser(app);
    setClockOffset(120_000);
    const res = await app.inject({ method: 'POST', url: `/api/user/feeds/vote/${options[0].id}`, headers: fan.auth });
    expect(expectErrorShape(res, 409).code).toBe('POLL_ENDED');
    const view = (await app.inject({ method: 'GET', url: `/api/user/feeds/${feed.id}`, headers: fan.auth })).json();
    expect(view.poll).toMatchObject({ isEnded: true, showResults: true, totalVote: 0 });
  });
});
