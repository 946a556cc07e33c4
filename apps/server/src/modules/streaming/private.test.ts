import type { PrivateLowBalanceEvent, PrivateSession, PrivateSignalEvent } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, buildPerformer, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { buildStreamSettings } from '../../../test/factories.streaming';
import { useTestApp } from '../../../test/harness';
import { buildApp } from '../../app';
import { privateSessionMinutes, privateSessions, users, walletCharges } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { verifyLedger } from '../ledger/ledger.service';
import { heartbeat, joinSession, markBoot, tickSession } from './private.service';

const t = useTestApp();
const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

const PRICE = 200; // cents per minute
let offset = 0;
/** The test clock: ctx.now() moves, the database clock columns follow it. */
const advance = (seconds: number) => {
  offset += seconds * 1000;
  setClockOffset(offset);
};

async function setup(balanceCents: number) {
  offset = 0;
  const { app } = t();
  const creator = await buildPerformer(app);
  const fan = await buildUser(app);
  await buildStreamSettings(app, creator.user.id, { privatePriceCents: PRICE });
  await fundWallet(app, fan.user.id, balanceCents);
  const req = await app.inject({
    method: 'POST',
    url: '/api/streaming/private/requests',
    headers: fan.auth,
    payload: { performerId: creator.user.id, message: 'hi!' },
  });
  expect(req.statusCode, req.body).toBe(201);
  const accepted = await app.inject({
    method: 'PUT',
    url: `/api/streaming/private/requests/${req.json()._id}/accept`,
    headers: creator.auth,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const session = accepted.json() as PrivateSession;
  expect(session.status).toBe('waiting');
  return { app, creator, fan, session, requestId: req.json()._id as string };
}

const viewer = (a: Actor) => ({ id: a.user.id, role: a.user.role });
const balanceOf = async (app: ReturnType<typeof t>['app'], id: string) =>
  (await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;
const sessionRow = async (app: ReturnType<typeof t>['app'], id: string) =>
  (await app.ctx.db.select().from(privateSessions).where(eq(privateSessions.id, id)))[0];
const minutes = async (app: ReturnType<typeof t>['app'], id: string) =>
  app.ctx.db.select().from(privateSessionMinutes).where(eq(privateSessionMinutes.sessionId, id));

async function start(app: ReturnType<typeof t>['app'], fan: Actor, creator: Actor, id: string) {
  await joinSession(app.ctx, viewer(fan), id);
  return joinSession(app.ctx, viewer(creator), id);
}
async function beat(app: ReturnType<typeof t>['app'], fan: Actor, creator: Actor, id: string) {
  await heartbeat(app.ctx, fan.user.id, id);
  await heartbeat(app.ctx, creator.user.id, id);
}

describe('private show requests', () => {
  it('request, list, reject, cancel; refusals name the reason', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const noShows = await buildPerformer(app);
    const fan = await buildUser(app);
    await buildStreamSettings(app, creator.user.id, { privatePriceCents: PRICE });
    const ask = (performerId: string, extra: object = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/streaming/private/requests',
        headers: fan.auth,
        payload: { performerId, ...extra },
      });
    expect((await ask(creator.user.id)).statusCode).toBe(402); // cannot pay one minute
    await fundWallet(app, fan.user.id, 1000);
    expect((await ask(noShows.user.id)).json().code).toBe('PRIVATE_SHOWS_OFF');
    const past = await ask(creator.user.id, { scheduledAt: '2001-01-01T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.body).toContain('scheduledAt');
    const later = new Date(Date.now() + 3600_000).toISOString();
    const r = await ask(creator.user.id, { scheduledAt: later });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'pending', pricePerMinute: 2, scheduledAt: later });
    expect((await ask(creator.user.id)).statusCode).toBe(409); // one open request per pair

    const incoming = await app.inject({ method: 'GET', url: '/api/streaming/private/requests', headers: creator.auth });
    expect(incoming.json()).toMatchObject({ total: 1, data: [{ _id: r.json()._id, user: { _id: fan.user.id } }] });
    // the fan cannot accept their own request; the creator rejects it
    const id = r.json()._id;
    expect(
      (await app.inject({ method: 'PUT', url: `/api/streaming/private/requests/${id}/accept`, headers: fan.auth }))
        .statusCode,
    ).toBe(403);
    const rej = await app.inject({
      method: 'PUT',
      url: `/api/streaming/private/requests/${id}/reject`,
      headers: creator.auth,
    });
    expect(rej.json().status).toBe('rejected');
    expect(
      (await app.inject({ method: 'PUT', url: `/api/streaming/private/requests/${id}/accept`, headers: creator.auth }))
        .statusCode,
    ).toBe(409);
    const r2 = await ask(creator.user.id);
    const cancel = await app.inject({
      method: 'PUT',
      url: `/api/streaming/private/requests/${r2.json()._id}/cancel`,
      headers: fan.auth,
    });
    expect(cancel.json().status).toBe('cancelled');
  });
});

describe('private show billing', () => {
  it('charges each started minute through the ledger, warns a minute ahead and stops at zero balance', async () => {
    const { app, creator, fan, session } = await setup(500); // 2 minutes and 1.00 left over
    expect((await sessionRow(app, session._id)).minutesBilled).toBe(0);
    await joinSession(app.ctx, viewer(fan), session._id);
    expect(await balanceOf(app, fan.user.id)).toBe(500); // nothing until both are there
    const live = await joinSession(app.ctx, viewer(creator), session._id);
    expect(live).toMatchObject({ status: 'live', minutesBilled: 1, totalCharged: 2 });
    expect(await balanceOf(app, fan.user.id)).toBe(300);

    advance(30);
    await beat(app, fan, creator, session._id);
    await tickSession(app.ctx, session._id);
    expect((await sessionRow(app, session._id)).minutesBilled).toBe(1); // minute 2 has not started

    advance(30); // minute 2 starts
    await beat(app, fan, creator, session._id);
    await tickSession(app.ctx, session._id);
    let row = await sessionRow(app, session._id);
    expect(row).toMatchObject({ status: 'live', minutesBilled: 2, totalChargedCents: 400, warnedMinute: 2 });
    expect(await balanceOf(app, fan.user.id)).toBe(100);

    advance(60); // minute 3 cannot be paid: the show stops, minute 3 never starts
    await beat(app, fan, creator, session._id);
    await tickSession(app.ctx, session._id);
    row = await sessionRow(app, session._id);
    expect(row).toMatchObject({ status: 'ended', endReason: 'balance', minutesBilled: 2, totalChargedCents: 400 });
    expect(row.endedAt!.getTime() - row.startedAt!.getTime()).toBe(120_000);
    expect(await balanceOf(app, fan.user.id)).toBe(100);

    const charges = await app.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id));
    expect(charges.map((c) => c.grossCents)).toEqual([PRICE, PRICE]);
    expect(
      charges.every((c) => c.creatorId === creator.user.id && c.netCents === 160 && c.commissionCents === 40),
    ).toBe(true);
    expect((await minutes(app, session._id)).map((m) => m.minuteIndex)).toEqual([0, 1]);
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);

    // the creator sees the show in their earnings
    const stats = await app.inject({ method: 'GET', url: '/api/performer/earning/stats', headers: creator.auth });
    expect(stats.json().bySource).toContainEqual(expect.objectContaining({ source: 'stream', gross: 4, net: 3.2 }));
  });

  it('concurrent ticks charge a minute once', async () => {
    const { app, creator, fan, session } = await setup(5000);
    await start(app, fan, creator, session._id);
    advance(61);
    await beat(app, fan, creator, session._id);
    await Promise.all(Array.from({ length: 6 }, () => tickSession(app.ctx, session._id)));
    expect((await minutes(app, session._id)).map((m) => m.minuteIndex)).toEqual([0, 1]);
    expect(await balanceOf(app, fan.user.id)).toBe(5000 - 2 * PRICE);
    const charges = await app.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id));
    expect(charges).toHaveLength(2);
  });

  it('a restart in the middle neither double-charges nor loses a minute (the clock is in the database)', async () => {
    const { app, database } = t();
    const { creator, fan, session } = await setup(5000);
    await start(app, fan, creator, session._id);
    advance(45);
    await beat(app, fan, creator, session._id);
    await tickSession(app.ctx, session._id);

    // a second app on the same database (the first one's memory is not used)
    const restarted = await buildApp({ config: app.ctx.config, database, logger: false });
    try {
      advance(50); // server "down" for 50 s: minute 2 started meanwhile
      markBoot(restarted.ctx.now());
      await beat(restarted, fan, creator, session._id); // both parties are back
      await tickSession(restarted.ctx, session._id);
      await tickSession(app.ctx, session._id); // the old node ticking too changes nothing
      const row = await sessionRow(app, session._id);
      expect(row).toMatchObject({ status: 'live', minutesBilled: 2 });
      expect(await balanceOf(app, fan.user.id)).toBe(5000 - 2 * PRICE);
    } finally {
      markBoot(new Date(0));
      await restarted.close();
    }
  });

  it('after a crash, minutes while the server was down are charged only if both parties come back (issue 23 item 6)', async () => {
    const { app, creator, fan, session } = await setup(5000);
    await start(app, fan, creator, session._id); // minute 0 charged
    advance(30);
    await beat(app, fan, creator, session._id);
    advance(6 * 60); // the node crashed; it starts again 6 minutes later, the parties are gone
    markBoot(app.ctx.now());
    try {
      await tickSession(app.ctx, session._id); // the first look after the start
      expect(await sessionRow(app, session._id)).toMatchObject({ status: 'live', minutesBilled: 1 });
      advance(31); // nobody heard from within 30 s of the start: settled
      await tickSession(app.ctx, session._id);
      expect(await sessionRow(app, session._id)).toMatchObject({
        status: 'ended',
        endReason: 'network',
        minutesBilled: 1,
      });
      expect(await balanceOf(app, fan.user.id)).toBe(5000 - PRICE);
      expect(await minutes(app, session._id)).toHaveLength(1);
      expect((await verifyLedger(app.ctx.db)).ok).toBe(true);
    } finally {
      markBoot(new Date(0));
    }
  });

  it('a network drop over 30 s ends the show; nothing is charged for minutes that did not start', async () => {
    const { app, creator, fan, session } = await setup(5000);
    markBoot(new Date(0));
    await start(app, fan, creator, session._id);
    advance(20);
    await heartbeat(app.ctx, creator.user.id, session._id); // the fan's network is gone
    advance(11);
    await tickSession(app.ctx, session._id);
    const row = await sessionRow(app, session._id);
    expect(row).toMatchObject({ status: 'ended', endReason: 'network', minutesBilled: 1 });
    advance(60);
    await tickSession(app.ctx, session._id);
    expect(await balanceOf(app, fan.user.id)).toBe(5000 - PRICE);
  });

  it('either side leaving ends it; the started minute is paid, the next is not', async () => {
    const { app, creator, fan, session } = await setup(5000);
    await start(app, fan, creator, session._id);
    advance(59);
    const end = await app.inject({
      method: 'PUT',
      url: `/api/streaming/private/sessions/${session._id}/end`,
      headers: fan.auth,
    });
    expect(end.statusCode).toBe(200);
    expect(end.json()).toMatchObject({ status: 'ended', endReason: 'fan_left', minutesBilled: 1, totalCharged: 2 });
    advance(120);
    await tickSession(app.ctx, session._id);
    expect(await balanceOf(app, fan.user.id)).toBe(5000 - PRICE);
    // only the parties (and admins) see the show
    const stranger = await buildUser(app);
    const peek = await app.inject({
      method: 'GET',
      url: `/api/streaming/private/sessions/${session._id}`,
      headers: stranger.auth,
    });
    expect(peek.statusCode).toBe(404);
  });
});

describe('private show realtime', () => {
  async function port(app: ReturnType<typeof t>['app']) {
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as { port: number }).port;
  }
  async function listen(app: ReturnType<typeof t>['app'], token: string) {
    const socket = connect(`http://127.0.0.1:${await port(app)}`, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { token },
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('auth/success', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it('joins over the socket, relays offer/answer/ice between the two parties only, warns on low balance', async () => {
    const { app, creator, fan, session } = await setup(300);
    const stranger = await buildUser(app);
    const [fanSock, creatorSock, strangerSock] = await Promise.all([
      listen(app, fan.token),
      listen(app, creator.token),
      listen(app, stranger.token),
    ]);
    const leaked: string[] = [];
    strangerSock.on('private/signal', () => leaked.push('signal'));
    const strangerJoin = await strangerSock.emitWithAck('private/join', { sessionId: session._id });
    expect(strangerJoin).toMatchObject({ ok: false, status: 404 });

    const warned = new Promise<PrivateLowBalanceEvent>((r) => fanSock.once('private/low-balance', r));
    expect(await fanSock.emitWithAck('private/join', { sessionId: session._id })).toMatchObject({ ok: true });
    const ack = await creatorSock.emitWithAck('private/join', { sessionId: session._id });
    expect(ack).toMatchObject({ ok: true, session: { status: 'live', minutesBilled: 1 } });
    // 3.00 paid one minute (2.00); 1.00 left cannot pay the next one
    expect(await warned).toMatchObject({ sessionId: session._id, balance: 1 });

    const gotOffer = new Promise<PrivateSignalEvent>((r) => creatorSock.once('private/signal', r));
    fanSock.emit('private/signal', { sessionId: session._id, data: { type: 'offer', sdp: 'v=0 offer' } });
    expect(await gotOffer).toEqual({
      sessionId: session._id,
      fromUserId: fan.user.id,
      data: { type: 'offer', sdp: 'v=0 offer' },
    });
    const gotIce = new Promise<PrivateSignalEvent>((r) => fanSock.once('private/signal', r));
    creatorSock.emit('private/signal', {
      sessionId: session._id,
      data: { type: 'ice', candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host', sdpMid: '0' } },
    });
    expect((await gotIce).data.type).toBe('ice');
    strangerSock.emit('private/signal', { sessionId: session._id, data: { type: 'offer', sdp: 'evil' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toEqual([]);

    const ended = new Promise<{ session: PrivateSession }>((r) => {
      creatorSock.on('private/session', (e: { session: PrivateSession }) => {
        if (e.session.status === 'ended') r(e);
      });
    });
    fanSock.emit('private/leave', { sessionId: session._id });
    expect((await ended).session.endReason).toBe('fan_left');
  });
});
