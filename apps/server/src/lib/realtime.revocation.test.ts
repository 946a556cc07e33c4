import type { PrivateSession } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser, TEST_PASSWORD } from '../../test/factories';
import { lastMailTo } from '../../test/factories.accounts';
import { buildConversation, sendMessage } from '../../test/factories.messages';
import { fundWallet } from '../../test/factories.money';
import { buildStreamSettings } from '../../test/factories.streaming';
import { useTestApp } from '../../test/harness';
import { useSockets } from '../../test/sockets';
import { sessions } from '../db/schema';
import { createSession } from '../modules/auth/sessions';

const t = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '10000' } });
const open = useSockets();
const listen = (token: string) => open(t().app, token);

/** What a socket saw: whether the server disconnected it, and every message/created it got. */
function watch(socket: Socket) {
  const seen = { revoked: false, disconnected: '', messages: [] as string[] };
  socket.on('auth/revoked', () => {
    seen.revoked = true;
  });
  socket.on('disconnect', (reason) => {
    seen.disconnected = reason;
  });
  socket.on('message/created', (e: { message: { text: string } }) => seen.messages.push(e.message.text));
  return seen;
}

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await settle(25);
}

/** A fan with two signed-in sockets (two sessions) and a creator who writes to them. */
async function fanWithTwoSessions() {
  const { app } = t();
  const fan = await buildUser(app);
  const creator = await buildPerformer(app);
  const conv = await buildConversation(app, fan.user.id, creator.user.id);
  const second = await createSession(app.ctx.db, fan.user.id, { remember: false });
  const [first, other] = await Promise.all([listen(fan.token), listen(second.token)]);
  return { app, fan, creator, conv, first: watch(first), other: watch(other) };
}

/** A message/created to the user's room (a suspended or erased account cannot be written to through the API). */
const pushTo = (userId: string, text: string) =>
  t().app.ctx.realtime.toUser(userId, 'message/created', { message: { text } } as never);

const inject = (method: 'POST' | 'PUT', url: string, headers: Actor['auth'] | undefined, payload: object = {}) =>
  t().app.inject({ method, url, headers, payload });

describe('revoking a session disconnects its sockets at once', () => {
  it('logout: that session’s socket is disconnected and gets no more messages; the other session keeps its socket', async () => {
    const { app, fan, creator, conv, first, other } = await fanWithTwoSessions();
    expect((await inject('POST', '/api/auth/logout', fan.auth)).statusCode).toBe(200);
    await until(() => first.disconnected !== '');
    expect(first).toMatchObject({ revoked: true, disconnected: 'io server disconnect' });
    await sendMessage(app, creator, conv.id, { text: 'after logout' });
    await until(() => other.messages.length > 0);
    expect(other.messages).toEqual(['after logout']);
    expect(other.disconnected).toBe('');
    expect(first.messages).toEqual([]);
  });

  it('password change: the other sessions’ sockets go, the current one stays', async () => {
    const { app, fan, creator, conv, first, other } = await fanWithTwoSessions();
    const res = await inject('PUT', '/api/auth/users/me/password', fan.auth, {
      password: 'fresh-password-99',
      currentPassword: TEST_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => other.disconnected !== '');
    expect(other).toMatchObject({ revoked: true, disconnected: 'io server disconnect' });
    await sendMessage(app, creator, conv.id, { text: 'after change' });
    await until(() => first.messages.length > 0);
    expect(first.messages).toEqual(['after change']);
    expect(first.disconnected).toBe('');
    expect(other.messages).toEqual([]);
  });

  it('password reset by mail: every socket of the account goes', async () => {
    const { app, fan, creator, conv, first, other } = await fanWithTwoSessions();
    await inject('POST', '/api/auth/users/forgot', undefined, { email: fan.user.email });
    const { token } = await lastMailTo(app, fan.user.email!);
    const res = await inject('POST', '/api/auth/password-recovery', undefined, { token, password: 'brand-new-42!x' });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => first.disconnected !== '' && other.disconnected !== '');
    expect([first.disconnected, other.disconnected]).toEqual(['io server disconnect', 'io server disconnect']);
    await sendMessage(app, creator, conv.id, { text: 'after reset' });
    await settle();
    expect([...first.messages, ...other.messages]).toEqual([]);
  });

  it('admin suspension: every socket of the account goes', async () => {
    const { app, fan, first, other } = await fanWithTwoSessions();
    const admin = await buildAdmin(app);
    const res = await inject('POST', `/api/admin/users/${fan.user.id}/suspend`, admin.auth, { reason: 'spam' });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => first.disconnected !== '' && other.disconnected !== '');
    expect([first.revoked, other.revoked]).toEqual([true, true]);
    pushTo(fan.user.id, 'after suspension');
    await settle();
    expect([...first.messages, ...other.messages]).toEqual([]);
  });

  it('privacy erase: every socket of the account goes', async () => {
    const { fan, first, other } = await fanWithTwoSessions();
    const res = await inject('POST', '/api/privacy/erase', fan.auth, { password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => first.disconnected !== '' && other.disconnected !== '');
    expect([first.revoked, other.revoked]).toEqual([true, true]);
    pushTo(fan.user.id, 'after erase');
    await settle();
    expect([...first.messages, ...other.messages]).toEqual([]);
  });

  it('a sessions message that revokes nothing (as after a username change) keeps the sockets', async () => {
    const { app, fan, first, other } = await fanWithTwoSessions();
    await app.ctx.bus.publish('sessions', fan.user.id);
    await settle();
    expect([first.disconnected, other.disconnected]).toEqual(['', '']);
  });
});

describe('privileged socket events look at the session again', () => {
  it('private/signal from a socket whose session was revoked where this node did not hear of it is refused', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await buildStreamSettings(app, creator.user.id, { privatePriceCents: 200 });
    await fundWallet(app, fan.user.id, 1000);
    const req = await inject('POST', '/api/streaming/private/requests', fan.auth, { performerId: creator.user.id });
    expect(req.statusCode, req.body).toBe(201);
    const accepted = await inject('PUT', `/api/streaming/private/requests/${req.json()._id}/accept`, creator.auth);
    const session = accepted.json() as PrivateSession;
    const [fanSock, creatorSock] = await Promise.all([listen(fan.token), listen(creator.token)]);
    expect(await fanSock.emitWithAck('private/join', { sessionId: session._id })).toMatchObject({ ok: true });
    expect(await creatorSock.emitWithAck('private/join', { sessionId: session._id })).toMatchObject({ ok: true });
    const signals: string[] = [];
    creatorSock.on('private/signal', (e: { data: { sdp: string } }) => signals.push(e.data.sdp));
    fanSock.emit('private/signal', { sessionId: session._id, data: { type: 'offer', sdp: 'before' } });
    await until(() => signals.length > 0);
    expect(signals).toEqual(['before']);

    // Revoked in the database only (as another node would, its bus message lost); the cache entry expires.
    const fanSeen = watch(fanSock);
    await app.ctx.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, fan.user.id));
    app.ctx.sessionCache.drop(fan.user.id);
    fanSock.emit('private/signal', { sessionId: session._id, data: { type: 'offer', sdp: 'after' } });
    await until(() => fanSeen.disconnected !== '');
    await settle();
    expect(signals).toEqual(['before']);
    expect(fanSeen).toMatchObject({ revoked: true, disconnected: 'io server disconnect' });
  });
});
