import type { StreamMessageEvent, StreamTipEvent, StreamViewers } from '@marquee/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { buildStream } from '../../../test/factories.streaming';
import { useTestApp } from '../../../test/harness';

const t = useTestApp();
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

async function open(token?: string) {
  const { app } = t();
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const s = connect(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    query: token ? { token } : {},
    reconnection: false,
  });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    if (token) s.once('auth/success', () => resolve());
    else s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

/** The next `stream/viewers` whose count is `n`. */
const viewersAt = (s: Socket, n: number) =>
  new Promise<StreamViewers>((r) => {
    const on = (e: StreamViewers) => {
      if (e.count === n) {
        s.off('stream/viewers', on);
        r(e);
      }
    };
    s.on('stream/viewers', on);
  });

describe('stream rooms', () => {
  it('viewer list and count update live; chat, tips and moderation reach the room; removed viewers are out', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const other = await buildUser(app);
    const stream = await buildStream(app, creator.user.id);
    const [creatorSock, fanSock, otherSock, anonSock] = await Promise.all([
      open(creator.token),
      open(fan.token),
      open(other.token),
      open(),
    ]);
    expect(await creatorSock.emitWithAck('stream/join', { streamId: stream.id })).toMatchObject({ ok: true });
    const three = viewersAt(creatorSock, 3);
    for (const s of [fanSock, otherSock, anonSock])
      expect(await s.emitWithAck('stream/join', { streamId: stream.id })).toMatchObject({ ok: true });
    const seen = await three; // the creator is not counted; the anonymous viewer counts but is not listed
    expect(seen.viewers.map((v) => v._id).sort()).toEqual([fan.user.id, other.user.id].sort());

    // chat: a received message is appended in every viewer's room, anonymous ones too
    const got = Promise.all(
      [creatorSock, otherSock, anonSock].map(
        (s) => new Promise<StreamMessageEvent>((r) => s.once('stream/message', r)),
      ),
    );
    await app.inject({
      method: 'POST',
      url: `/api/messages/stream/${stream.id}`,
      headers: fan.auth,
      payload: { text: 'hi all' },
    });
    for (const e of await got)
      expect(e).toMatchObject({ streamId: stream.id, message: { text: 'hi all', senderId: fan.user.id } });

    // a tip posts a notice in the chat
    await fundWallet(app, fan.user.id, 5000);
    const tipEvent = new Promise<StreamTipEvent>((r) => otherSock.once('stream/tip', r));
    const tipMsg = new Promise<StreamMessageEvent>((r) => otherSock.once('stream/message', r));
    await app.inject({
      method: 'POST',
      url: `/api/streaming/${stream.id}/tip`,
      headers: fan.auth,
      payload: { amount: 20 },
    });
    expect(await tipEvent).toMatchObject({ amount: 20, sender: { _id: fan.user.id } });
    expect((await tipMsg).message).toMatchObject({ type: 'tip', text: 'Tipped 20.00' });

    // mute tells the viewer; remove takes them out of the room
    const muted = new Promise((r) => fanSock.once('stream/muted', r));
    await app.inject({
      method: 'PUT',
      url: `/api/streaming/${stream.id}/viewers/${fan.user.id}/mute`,
      headers: creator.auth,
      payload: { muted: true },
    });
    expect(await muted).toEqual({ streamId: stream.id, userId: fan.user.id, muted: true });
    const removed = new Promise((r) => otherSock.once('stream/removed', r));
    const two = viewersAt(creatorSock, 2);
    await app.inject({
      method: 'DELETE',
      url: `/api/streaming/${stream.id}/viewers/${other.user.id}`,
      headers: creator.auth,
    });
    await removed;
    await two;
    const leaked: string[] = [];
    otherSock.on('stream/message', () => leaked.push('message'));
    const fanGot = new Promise((r) => fanSock.once('stream/message', r));
    await app.inject({
      method: 'POST',
      url: `/api/messages/stream/${stream.id}`,
      headers: creator.auth,
      payload: { text: 'bye' },
    });
    await fanGot;
    expect(leaked).toEqual([]);
    expect(await otherSock.emitWithAck('stream/join', { streamId: stream.id })).toMatchObject({
      ok: false,
      status: 403,
    });

    // leaving (disconnect) lowers the count; ending tells the room
    const one = viewersAt(creatorSock, 1);
    anonSock.disconnect();
    await one;
    const ended = new Promise((r) => fanSock.once('stream/ended', r));
    await app.inject({ method: 'PUT', url: `/api/streaming/live/${stream.id}`, headers: creator.auth });
    expect(await ended).toEqual({ streamId: stream.id, reason: 'creator' });
  });

  it('a paid stream room refuses sockets that have not bought the session', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const stream = await buildStream(app, creator.user.id, { type: 'group', priceCents: 300 });
    const [fanSock, anonSock] = await Promise.all([open(fan.token), open()]);
    expect(await fanSock.emitWithAck('stream/join', { streamId: stream.id })).toMatchObject({ ok: false, status: 402 });
    expect(await anonSock.emitWithAck('stream/join', { streamId: stream.id })).toMatchObject({
      ok: false,
      status: 401,
    });
    expect(await anonSock.emitWithAck('stream/join', { streamId: 'nope' })).toMatchObject({ ok: false, status: 404 });
  });
});
