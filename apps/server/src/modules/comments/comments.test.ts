import { describe, expect, it } from 'vitest';
import { buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { buildFeed } from '../../../test/factories.feeds';
import { makeJpeg, multipartBody } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import { expectErrorShape, expectRequiresAuth } from '../../../test/route-checks';
import { addDays, now } from '../../lib/clock';
import { blockUser } from '../blocks/blocks.service';
import { parseMentions } from './comments.mentions';

const t = useTestApp();

const comment = (app: ReturnType<typeof t>['app'], auth: object, feedId: string, text: string, parentId?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/comments',
    headers: auth as Record<string, string>,
    payload: { objectType: 'feed', objectId: feedId, text, parentId },
  });

async function feedCounts(app: ReturnType<typeof t>['app'], feedId: string, auth: object) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/user/feeds/${feedId}`,
    headers: auth as Record<string, string>,
  });
  return res.json() as { totalComment: number; totalLike: number; isLiked: boolean; isBookMarked: boolean };
}

describe('comments on posts', () => {
  it('counts stay exact under concurrent comments, replies and deletes', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const feed = await buildFeed(app, creator.user.id, { text: 'talk to me' });
    const fans = await Promise.all(Array.from({ length: 4 }, () => buildUser(app)));
    const top = await Promise.all(fans.map((f, i) => comment(app, f.auth, feed.id, `hello ${i}`)));
    expect(top.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const parent = top[0].json();
    const replies = await Promise.all(
      fans.flatMap((f) => [
        comment(app, f.auth, feed.id, 'reply a', parent._id),
        comment(app, f.auth, feed.id, 'reply b', parent._id),
      ]),
    );
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect((await feedCounts(app, feed.id, fans[0].auth)).totalComment).toBe(12);

    const list = (await app.inject({ method: 'GET', url: `/api/comments?objectType=feed&objectId=${feed.id}` })).json();
    expect(list.total).toBe(4);
    expect(list.data.find((c: { _id: string }) => c._id === parent._id).totalReply).toBe(8);
    const replyList = (
      await app.inject({
        method: 'GET',
        url: `/api/comments?objectType=feed&objectId=${feed.id}&parentId=${parent._id}&pageSize=3`,
      })
    ).json();
    expect(replyList).toMatchObject({ total: 8 });
    expect(replyList.data).toHaveLength(3);

    // Replies go one level deep.
    expectErrorShape(await comment(app, fans[1].auth, feed.id, 'deeper', replies[0].json()._id), 400);

    // A reply deleted by its author and the parent deleted by the creator at the same time.
    const [r1, r2] = await Promise.all([
      app.inject({ method: 'DELETE', url: `/api/comments/${replies[1].json()._id}`, headers: fans[0].auth }),
      app.inject({ method: 'DELETE', url: `/api/comments/${parent._id}`, headers: creator.auth }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect((await feedCounts(app, feed.id, fans[0].auth)).totalComment).toBe(3);
    const left = (await app.inject({ method: 'GET', url: `/api/comments?objectType=feed&objectId=${feed.id}` })).json();
    expect(left.total).toBe(3);
  });

  it('edit by the author only, delete by author or creator, comments need access', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const other = await buildUser(app);
    const feed = await buildFeed(app, creator.user.id, { text: 'free' });
    const locked = await buildFeed(app, creator.user.id, { text: 'subs', visibility: 'subscribers' });
    await expectRequiresAuth(app, 'POST', '/api/comments', { objectType: 'feed', objectId: feed.id, text: 'x' });
    expect(expectErrorShape(await comment(app, fan.auth, locked.id, 'let me in'), 403).message).toMatch(/Unlock/);
    await buildSubscriptionEntitlement(app, fan.user.id, creator.user.id, addDays(now(), 30));
    expect((await comment(app, fan.auth, locked.id, 'now I can')).statusCode).toBe(200);
    const c = (await comment(app, fan.auth, feed.id, 'first')).json();
    expect(c).toMatchObject({ text: 'first', canEdit: true, canDelete: true, creator: { _id: fan.user.id } });
    expectErrorShape(
      await app.inject({
        method: 'PUT',
        url: `/api/comments/${c._id}`,
        headers: other.auth,
        payload: { text: 'mine now' },
      }),
      403,
    );
    expectErrorShape(
      await app.inject({
        method: 'PUT',
        url: `/api/comments/${c._id}`,
        headers: creator.auth,
        payload: { text: 'mine now' },
      }),
      403,
    );
    expectErrorShape(await app.inject({ method: 'DELETE', url: `/api/comments/${c._id}`, headers: other.auth }), 403);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/comments/${c._id}`,
      headers: fan.auth,
      payload: { text: 'edited' },
    });
    expect(edited.json().text).toBe('edited');
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/comments/${c._id}`, headers: creator.auth })).statusCode,
    ).toBe(200);
    expectErrorShape(await comment(app, fan.auth, '00000000-0000-7000-8000-000000000000', 'ghost'), 404);
    const bad = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: fan.auth,
      payload: { objectType: 'spaceship', objectId: feed.id, text: 'x' },
    });
    expect(expectErrorShape(bad, 400).message).toContain('spaceship');
  });
});

describe('reactions on posts', () => {
  it('likes are idempotent and exact under concurrency; bookmarks list the posts', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const feed = await buildFeed(app, creator.user.id, { text: 'like me' });
    const fans = await Promise.all(Array.from({ length: 5 }, () => buildUser(app)));
    const like = (auth: object, method: 'POST' | 'DELETE' = 'POST', action = 'like') =>
      app.inject({
        method,
        url: '/api/reactions',
        headers: auth as Record<string, string>,
        payload: { objectType: 'feed', objectId: feed.id, action },
      });
    const results = await Promise.all(fans.flatMap((f) => [like(f.auth), like(f.auth), like(f.auth)]));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await feedCounts(app, feed.id, fans[0].auth)).toMatchObject({ totalLike: 5, isLiked: true });
    await Promise.all([like(fans[0].auth, 'DELETE'), like(fans[0].auth, 'DELETE'), like(fans[1].auth, 'DELETE')]);
    expect(await feedCounts(app, feed.id, fans[0].auth)).toMatchObject({ totalLike: 3, isLiked: false });

    await like(fans[2].auth, 'POST', 'bookmark');
    const marks = (
      await app.inject({ method: 'GET', url: '/api/reactions/feeds/bookmark', headers: fans[2].auth })
    ).json();
    expect(marks).toMatchObject({ total: 1, data: [{ _id: feed.id, isBookMarked: true, text: 'like me' }] });
  });
});

describe('comment mentions and pictures', () => {
  it('@mentions notify the mentioned accounts once (not the author, not unknown names, not a creator who blocked the author)', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const feed = await buildFeed(app, creator.user.id, { text: 'who is coming?' });
    const author = await buildUser(app);
    const friend = await buildUser(app);
    const blocker = await buildPerformer(app);
    await blockUser(app.ctx, blocker.user.id, author.user.id, null);
    const text = `@${friend.user.username} and @${creator.user.username?.toUpperCase()}, look! cc @${friend.user.username} @${author.user.username} @${blocker.user.username} @nobody_here mail@example.com`;
    expect((await comment(app, author.auth, feed.id, text)).statusCode).toBe(200);
    const inbox = async (a: { auth: object }) =>
      (
        await app.inject({ method: 'GET', url: '/api/notifications', headers: a.auth as Record<string, string> })
      ).json() as { total: number; data: Array<{ kind: string; title: string; link: string; actorId: string }> };
    const got = await inbox(friend);
    expect(got.total).toBe(1);
    expect(got.data[0]).toMatchObject({
      kind: 'comment',
      title: `${author.user.name} mentioned you in a comment`,
      link: `/post/${feed.id}`,
      actorId: author.user.id,
    });
    expect((await inbox(creator)).total).toBe(1);
    expect((await inbox(author)).total).toBe(0);
    expect((await inbox(blocker)).total).toBe(0);
  });

  it('parses usernames out of text', () => {
    expect(parseMentions('hi @Luna_1. and @kai, @ab (too short), x@y.z, @sasha.b')).toEqual([
      'luna_1',
      'kai',
      'sasha.b',
    ]);
  });

  it('the author attaches a picture to a comment (multipart PUT) and removes it; nobody else can', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const feed = await buildFeed(app, creator.user.id, { text: 'show me' });
    const fan = await buildUser(app);
    const other = await buildUser(app);
    const c = (await comment(app, fan.auth, feed.id, 'my setup')).json();
    const body = multipartBody([{ filename: 'me.jpg', content: await makeJpeg(400, 300), contentType: 'image/jpeg' }], {
      text: 'my setup (photo)',
    });
    expectErrorShape(
      await app.inject({
        method: 'PUT',
        url: `/api/comments/${c._id}`,
        payload: body.payload,
        headers: { ...other.auth, ...body.headers },
      }),
      403,
    );
    const res = await app.inject({
      method: 'PUT',
      url: `/api/comments/${c._id}`,
      payload: body.payload,
      headers: { ...fan.auth, ...body.headers },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ text: 'my setup (photo)', media: { type: 'photo' } });
    const listed = (
      await app.inject({ method: 'GET', url: `/api/comments?objectType=feed&objectId=${feed.id}` })
    ).json();
    expect(listed.data[0].media.url).toMatch(/^\/api\/media\//);
    const removed = await app.inject({
      method: 'PUT',
      url: `/api/comments/${c._id}`,
      headers: fan.auth,
      payload: { removeMedia: true },
    });
    expect(removed.json().media).toBeNull();
  });
});
