import type { MessageCreatedEvent } from '@marquee/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildConversation, sendMessage } from '../../../test/factories.messages';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

async function port() {
  const { app } = t();
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

/** A signed-in socket (token in the query, as the web client connects). */
async function listen(token: string, opts: { reconnection?: boolean } = {}) {
  const socket = connect(`http://127.0.0.1:${await port()}`, {
    path: '/socket.io',
    transports: ['websocket'],
    query: { token },
    reconnection: opts.reconnection ?? false,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('auth/success', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const next = <T>(s: Socket, event: string) => new Promise<T>((r) => s.once(event, r));
const settle = () => new Promise((r) => setTimeout(r, 150));

describe('messages in realtime', () => {
  it('delivers to every socket of both parties, each seeing it their way, and to no third user', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const third = await buildUser(app);
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    const [fanTab1, fanTab2, creatorTab, thirdTab] = await Promise.all([
      listen(fan.token),
      listen(fan.token),
      listen(creator.token),
      listen(third.token),
    ]);
    const leaked: string[] = [];
    for (const e of ['message/created', 'message/unread-total', 'conversation/read', 'message/deleted'])
      thirdTab.on(e, () => leaked.push(e));

    const got = Promise.all([fanTab1, fanTab2, creatorTab].map((s) => next<MessageCreatedEvent>(s, 'message/created')));
    const totals = Promise.all([fanTab1, fanTab2].map((s) => next<{ total: number }>(s, 'message/unread-total')));
    const sent = await sendMessage(app, creator, conv.id, { text: 'hello fan' });
    const [e1, e2, e3] = await got;
    for (const e of [e1, e2, e3]) {
      expect(e.conversationId).toBe(conv.id);
      expect(e.message).toMatchObject({ _id: sent._id, text: 'hello fan', senderId: creator.user.id });
    }
    expect(e1.conversation).toMatchObject({ totalNotSeenMessages: 1, recipient: { _id: creator.user.id } });
    expect(e3.conversation).toMatchObject({ totalNotSeenMessages: 0, recipient: { _id: fan.user.id } });
    expect(await totals).toEqual([{ total: 1 }, { total: 1 }]);

    // Reading in one tab tells every tab (and the sender) and zeroes the total everywhere.
    const read = Promise.all(
      [fanTab2, creatorTab].map((s) => next<{ conversationId: string; userId: string }>(s, 'conversation/read')),
    );
    const zero = next<{ total: number }>(fanTab2, 'message/unread-total');
    await app.inject({ method: 'POST', url: `/api/messages/read-all/${conv.id}`, headers: fan.auth });
    expect(await read).toEqual([
      { conversationId: conv.id, userId: fan.user.id },
      { conversationId: conv.id, userId: fan.user.id },
    ]);
    expect(await zero).toEqual({ total: 0 });

    const deleted = Promise.all(
      [fanTab1, creatorTab].map((s) => next<{ messageId: string; message: { text: string } }>(s, 'message/deleted')),
    );
    await app.inject({ method: 'DELETE', url: `/api/messages/${sent._id}`, headers: creator.auth });
    for (const d of await deleted)
      expect(d).toMatchObject({ messageId: sent._id, message: { text: 'Message deleted' } });
    await settle();
    expect(leaked).toEqual([]);
  });

  it('a reconnecting client re-joins with auth/login and catches up on what it missed', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    const socket = await listen(fan.token);
    socket.disconnect();
    const missed = await sendMessage(app, creator, conv.id, { text: 'while you were away' });

    // Reconnect as the web client does: connect, then auth/login {token}.
    const p = await port();
    const again = connect(`http://127.0.0.1:${p}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(again);
    await next(again, 'connect');
    const joined = next<{ userId: string }>(again, 'auth/success');
    again.emit('auth/login', { token: fan.token });
    expect(await joined).toEqual({ userId: fan.user.id });

    // Catch up: the first page and the unread total include the missed message.
    const page = (
      await app.inject({
        method: 'GET',
        url: `/api/messages/conversations/${conv.id}?offset=0&limit=25`,
        headers: fan.auth,
      })
    ).json();
    expect(page.data.map((m: { _id: string }) => m._id)).toContain(missed._id);
    const total = (
      await app.inject({ method: 'GET', url: '/api/messages/total-unread-messages', headers: fan.auth })
    ).json();
    expect(total).toEqual({ total: 1 });

    // And live delivery resumes on the re-authenticated socket.
    const live = next<MessageCreatedEvent>(again, 'message/created');
    await sendMessage(app, creator, conv.id, { text: 'back online' });
    expect((await live).message.text).toBe('back online');
  });

  it('an invalid token on auth/login is refused and receives nothing', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    const anon = connect(`http://127.0.0.1:${await port()}`, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(anon);
    await next(anon, 'connect');
    const refused = next<{ message: string }>(anon, 'auth/error');
    anon.emit('auth/login', { token: 'not-a-token' });
    expect((await refused).message).toMatch(/token/i);
    const got: unknown[] = [];
    anon.on('message/created', (m) => got.push(m));
    await sendMessage(app, creator, conv.id, { text: 'private' });
    await settle();
    expect(got).toEqual([]);
  });
});
