import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildSubscriptionEntitlement, buildUser } from '../../../test/factories';
import { buildMedia, makeJpeg, multipartBody } from '../../../test/factories.media';
import { buildConversation, sendMessage } from '../../../test/factories.messages';
import { fundWallet } from '../../../test/factories.money';
import { buildUserBlock } from '../../../test/factories.profiles';
import { useTestApp } from '../../../test/harness';
import { notifications } from '../../db/schema';

const t = useTestApp();

async function open(app: ReturnType<typeof t>['app'], auth: { authorization: string }, sourceId: string) {
  return app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: auth,
    payload: { source: 'performer', sourceId },
  });
}

describe('conversations', () => {
  it('creating the same conversation twice (and from the other side) returns one', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const first = await open(app, fan.auth, creator.user.id);
    expect(first.statusCode).toBe(201);
    const again = await open(app, fan.auth, creator.user.id);
    expect(again.statusCode).toBe(200);
    const back = await open(app, creator.auth, fan.user.id);
    expect(back.statusCode).toBe(200);
    expect(new Set([first.json()._id, again.json()._id, back.json()._id]).size).toBe(1);
    expect(first.json()).toMatchObject({ type: 'private', totalNotSeenMessages: 0, isActive: true });
    expect(first.json().recipient).toMatchObject({ _id: creator.user.id, isPerformer: true });
    expect(back.json().recipient._id).toBe(fan.user.id);
    // concurrent opens meet on the pair key
    const other = await buildPerformer(app);
    const many = await Promise.all([1, 2, 3, 4].map(() => open(app, fan.auth, other.user.id)));
    expect(new Set(many.map((r) => r.json()._id)).size).toBe(1);
    const list = await app.inject({ method: 'GET', url: '/api/conversations', headers: fan.auth });
    expect(list.json().total).toBe(2);
  });

  it('refuses: self, unknown account, fan to fan, a blocked fan, a fan without the required subscription', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const otherFan = await buildUser(app);
    const creator = await buildPerformer(app);
    expect((await open(app, fan.auth, fan.user.id)).statusCode).toBe(400);
    expect((await open(app, fan.auth, '0190a000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    const fanToFan = await open(app, fan.auth, otherFan.user.id);
    expect(fanToFan.statusCode).toBe(403);
    expect(fanToFan.json().message).toBe('You can only send messages to creators');

    const conv = (await open(app, fan.auth, creator.user.id)).json();
    await buildUserBlock(app, creator.user.id, fan.user.id);
    const blocked = await open(app, fan.auth, creator.user.id);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('BLOCKED');
    const write = await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conv._id}`,
      headers: fan.auth,
      payload: { text: 'let me in' },
    });
    expect(write.statusCode).toBe(403);
    const creatorWrite = await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conv._id}`,
      headers: creator.auth,
      payload: { text: 'hi' },
    });
    expect(creatorWrite.json().code).toBe('YOU_BLOCKED');
    const seen = await app.inject({ method: 'GET', url: `/api/conversations/${conv._id}`, headers: fan.auth });
    expect(seen.json()).toMatchObject({ isActive: false, inactiveReason: expect.stringContaining('blocked') });

    const picky = await buildPerformer(app, {}, { messageRequiresSubscription: true });
    const needSub = await open(app, fan.auth, picky.user.id);
    expect(needSub.statusCode).toBe(403);
    expect(needSub.json()).toMatchObject({
      code: 'SUBSCRIPTION_REQUIRED',
      message: expect.stringMatching(/^Subscribe to /),
    });
    await buildSubscriptionEntitlement(app, fan.user.id, picky.user.id, new Date(Date.now() + 86_400_000));
    expect((await open(app, fan.auth, picky.user.id)).statusCode).toBe(201);
  });

  it('only members may read, write, mark read or see a conversation', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const stranger = await buildPerformer(app);
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    const msg = await sendMessage(app, fan, conv.id, { text: 'hi' });
    for (const [method, url] of [
      ['GET', `/api/conversations/${conv.id}`],
      ['GET', `/api/messages/conversations/${conv.id}`],
      ['POST', `/api/messages/read-all/${conv.id}`],
      ['DELETE', `/api/messages/${msg._id}`],
    ] as const) {
      const res = await app.inject({ method, url, headers: stranger.auth });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect((await app.inject({ method, url })).statusCode).toBe(401);
    }
    const write = await app.inject({
      method: 'POST',
      url: `/api/messages/conversations/${conv.id}`,
      headers: stranger.auth,
      payload: { text: 'intrude' },
    });
    expect(write.statusCode).toBe(404);
    const del = await app.inject({ method: 'DELETE', url: `/api/messages/${msg._id}`, headers: creator.auth });
    expect(del.statusCode).toBe(403);
    const list = await app.inject({ method: 'GET', url: '/api/conversations', headers: stranger.auth });
    expect(list.json()).toEqual({ data: [], total: 0 });
  });
});

describe('messages', () => {
  it('pages newest first with offset and limit; the list moves the latest conversation first', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app, { name: 'Zed Searchable' });
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    const conv2 = await buildConversation(app, fan.user.id, other.user.id);
    for (let i = 1; i <= 30; i++) await sendMessage(app, i % 2 ? fan : creator, conv.id, { text: `m${i}` });
    const page1 = await app.inject({
      method: 'GET',
      url: `/api/messages/conversations/${conv.id}?offset=0&limit=25`,
      headers: fan.auth,
    });
    expect(page1.json().total).toBe(30);
    const texts1 = page1.json().data.map((m: { text: string }) => m.text);
    expect(texts1[0]).toBe('m30');
    expect(texts1).toHaveLength(25);
    const page2 = await app.inject({
      method: 'GET',
      url: `/api/messages/conversations/${conv.id}?offset=25&limit=25`,
      headers: fan.auth,
    });
    expect(page2.json().data.map((m: { text: string }) => m.text)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);

    let list = (await app.inject({ method: 'GET', url: '/api/conversations', headers: fan.auth })).json();
    expect(list.data[0]).toMatchObject({ _id: conv.id, lastMessage: 'm30' });
    await sendMessage(app, other, conv2.id, { text: 'newest' });
    list = (await app.inject({ method: 'GET', url: '/api/conversations?pageSize=1', headers: fan.auth })).json();
    expect(list.total).toBe(2);
    expect(list.data.map((c: { _id: string }) => c._id)).toEqual([conv2.id]);
    const more = (
      await app.inject({ method: 'GET', url: '/api/conversations?pageSize=1&page=2', headers: fan.auth })
    ).json();
    expect(more.data.map((c: { _id: string }) => c._id)).toEqual([conv.id]);
    const search = (
      await app.inject({ method: 'GET', url: '/api/conversations/search?q=searchable', headers: fan.auth })
    ).json();
    expect(search.data.map((c: { _id: string }) => c._id)).toEqual([conv2.id]);
  });

  it('keeps unread counts exact: per conversation, total, read-all, and deletes of unread messages', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const a = await buildPerformer(app);
    const b = await buildPerformer(app);
    const c1 = await buildConversation(app, fan.user.id, a.user.id);
    const c2 = await buildConversation(app, fan.user.id, b.user.id);
    await Promise.all([1, 2, 3].map((i) => sendMessage(app, a, c1.id, { text: `a${i}` })));
    const last = await sendMessage(app, b, c2.id, { text: 'b1' });
    await sendMessage(app, b, c2.id, { text: 'b2' });
    await sendMessage(app, fan, c2.id, { text: 'own messages never count' });
    const total = async (who = fan) =>
      (await app.inject({ method: 'GET', url: '/api/messages/total-unread-messages', headers: who.auth })).json().total;
    expect(await total()).toBe(5);
    expect(await total(b)).toBe(1);
    const list = (await app.inject({ method: 'GET', url: '/api/conversations', headers: fan.auth })).json();
    expect(
      Object.fromEntries(
        list.data.map((c: { _id: string; totalNotSeenMessages: number }) => [c._id, c.totalNotSeenMessages]),
      ),
    ).toEqual({
      [c1.id]: 3,
      [c2.id]: 2,
    });
    await app.inject({ method: 'DELETE', url: `/api/messages/${last._id}`, headers: b.auth });
    expect(await total()).toBe(4);
    const read = await app.inject({ method: 'POST', url: `/api/messages/read-all/${c1.id}`, headers: fan.auth });
    expect(read.json()).toEqual({ total: 1 });
    // Deleting a message the fan already read changes nothing.
    const readMsg = (
      await app.inject({ method: 'GET', url: `/api/messages/conversations/${c1.id}`, headers: a.auth })
    ).json().data[0];
    await app.inject({ method: 'DELETE', url: `/api/messages/${readMsg._id}`, headers: a.auth });
    expect(await total()).toBe(1);
  });

  it('sanitizes and limits text; refuses empty messages and others’ files', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    const m = await sendMessage(app, fan, conv.id, { text: '  <b>hi</b> <script>x()</script><!-- c -->there\u0007  ' });
    expect(m.text).toBe('hi x()there');
    const post = (payload: object, who = fan) =>
      app.inject({ method: 'POST', url: `/api/messages/conversations/${conv.id}`, headers: who.auth, payload });
    expect((await post({ text: '   ' })).statusCode).toBe(400);
    expect((await post({ text: 'x'.repeat(5001) })).json()).toMatchObject({
      statusCode: 400,
      code: 'MESSAGE_TOO_LONG',
    });
    const foreign = await buildMedia(app, creator.user.id);
    expect((await post({ fileIds: [foreign.id] })).json().code).toBe('MESSAGE_FILE_NOT_FOUND');
    expect((await post({ text: 'pay me', price: 5 })).statusCode).toBe(403);
    const p = await buildMedia(app, creator.user.id);
    expect((await post({ fileIds: [p.id], price: 0.1 }, creator)).json().code).toBe('MESSAGE_PRICE_RANGE');
    expect((await post({ text: 'no file', price: 5 }, creator)).json().code).toBe('PAID_MESSAGE_NEEDS_FILE');
  });

  it('a paid photo is locked until the fan unlocks it; a bought message cannot be deleted', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    const body = multipartBody([{ filename: 'a.jpg', content: await makeJpeg(400, 300), contentType: 'image/jpeg' }]);
    const up = await app.inject({
      method: 'POST',
      url: '/api/messages/public/file/photo',
      headers: { ...creator.auth, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const fileId = up.json().data[0]._id;
    const sent = await sendMessage(app, creator, conv.id, { text: 'just for you', fileIds: [fileId], price: 5 });
    expect(sent).toMatchObject({ isSale: true, price: 5, isBought: true, type: 'photo' });
    expect(sent.files[0].url).toBeTruthy();

    const seen = async () =>
      (await app.inject({ method: 'GET', url: `/api/messages/conversations/${conv.id}`, headers: fan.auth })).json()
        .data[0];
    const locked = await seen();
    expect(locked).toMatchObject({ isBought: false, text: 'just for you' });
    expect(locked.files[0].url).toBeUndefined();
    expect(locked.files[0].thumbnails).toEqual([]);
    expect(locked.files[0].blurredUrl).toBeTruthy();
    const status = await app.inject({
      method: 'GET',
      url: `/api/messages/${sent._id}/file/${fileId}/status`,
      headers: fan.auth,
    });
    expect(status.statusCode).toBe(404);
    const stranger = await buildUser(app);
    await fundWallet(app, stranger.user.id, 10_000);
    const strangerBuy = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/message/${sent._id}`,
      headers: stranger.auth,
      payload: {},
    });
    expect(strangerBuy.statusCode).toBe(404);

    const poor = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/message/${sent._id}`,
      headers: fan.auth,
      payload: {},
    });
    expect(poor.statusCode).toBe(402);
    await fundWallet(app, fan.user.id, 1000);
    const buy = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/message/${sent._id}`,
      headers: fan.auth,
      payload: {},
    });
    expect(buy.statusCode, buy.body).toBeLessThan(300);
    const open = await seen();
    expect(open.isBought).toBe(true);
    expect(open.files[0].url).toBeTruthy();
    const fileRes = await app.inject({ method: 'GET', url: open.files[0].url, headers: fan.auth });
    expect(fileRes.statusCode).toBe(200);
    expect(
      (
        await app.inject({ method: 'GET', url: `/api/messages/${sent._id}/file/${fileId}/status`, headers: fan.auth })
      ).json(),
    ).toMatchObject({
      status: 'ready',
    });
    const del = await app.inject({ method: 'DELETE', url: `/api/messages/${sent._id}`, headers: creator.auth });
    expect(del.statusCode).toBe(409);
  });

  it('a deleted message shows "Message deleted" to both sides, without files', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    const photo = await buildMedia(app, creator.user.id);
    const m = await sendMessage(app, creator, conv.id, { text: 'oops', fileIds: [photo.id] });
    const del = await app.inject({ method: 'DELETE', url: `/api/messages/${m._id}`, headers: creator.auth });
    expect(del.json()).toMatchObject({ isDeleted: true, text: 'Message deleted', files: [] });
    for (const who of [fan, creator]) {
      const [first] = (
        await app.inject({ method: 'GET', url: `/api/messages/conversations/${conv.id}`, headers: who.auth })
      ).json().data;
      expect(first).toMatchObject({ _id: m._id, isDeleted: true, text: 'Message deleted', files: [] });
    }
    const c = (await app.inject({ method: 'GET', url: `/api/conversations/${conv.id}`, headers: fan.auth })).json();
    expect(c.lastMessage).toBe('Message deleted');
  });

  it('notifies a recipient who is offline once per run of unread messages', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app, { name: 'Luna Test' });
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    await sendMessage(app, creator, conv.id, { text: 'hey there' });
    await sendMessage(app, creator, conv.id, { text: 'second' });
    let rows = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, fan.user.id));
    expect(rows.map((r) => [r.kind, r.title, r.link])).toEqual([
      ['message', 'New message from Luna Test', `/messages/${conv.id}`],
    ]);
    await app.inject({ method: 'POST', url: `/api/messages/read-all/${conv.id}`, headers: fan.auth });
    await sendMessage(app, creator, conv.id, { text: 'third' });
    rows = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, fan.user.id));
    expect(rows).toHaveLength(2);
  });

  it('public conversation messages are readable only for public (stream) conversations', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    const res = await app.inject({ method: 'GET', url: `/api/messages/conversations/public/${conv.id}` });
    expect(res.statusCode).toBe(404);
  });
});
