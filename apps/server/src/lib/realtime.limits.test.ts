import type { RateLimitedEvent } from '@marquee/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../test/factories';
import { buildStream } from '../../test/factories.streaming';
import { useTestApp } from '../../test/harness';

const SOCKETS_PER_IP = 5;
const EVENTS = 20;
const CHAT = 10;
const MAX_MESSAGE = 128 * 1024;
const t = useTestApp({
  env: {
    SOCKETS_PER_IP: String(SOCKETS_PER_IP),
    SOCKET_EVENTS_MAX: String(EVENTS),
    CHAT_RATE_LIMIT_MAX: String(CHAT),
    SOCKET_MAX_MESSAGE_BYTES: String(MAX_MESSAGE),
  },
});
const sockets: Socket[] = [];
const settle = (ms = 200) => new Promise((r) => setTimeout(r, ms));
afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await settle(); // the server counts the closed sockets out
});

async function url() {
  const { app } = t();
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

function open(base: string, token?: string) {
  const s = connect(base, {
    path: '/socket.io',
    transports: ['websocket'],
    query: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  sockets.push(s);
  return s;
}

/** A socket that connected (and signed in with a token), or the connect_error it got. */
async function connected(token?: string): Promise<Socket> {
  const s = open(await url(), token);
  await new Promise<void>((resolve, reject) => {
    if (token) s.once('auth/success', () => resolve());
    else s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

describe('stream chat over HTTP', () => {
  it('60 parallel lines from one fan: CHAT_RATE_LIMIT_MAX are accepted, the rest answered 429', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const stream = await buildStream(app, creator.user.id);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        app.inject({
          method: 'POST',
          url: `/api/messages/stream/${stream.id}`,
          headers: fan.auth,
          payload: { text: `line ${i}` },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(CHAT);
    expect(codes.filter((c) => c === 429)).toHaveLength(60 - CHAT);
    const refused = answers.find((a) => a.statusCode === 429)!.json();
    expect(refused).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.message).toMatch(/^Too many messages\. Please try again in \d+ seconds?\.$/);
    // another fan is not held back by this one
    const other = await buildUser(app);
    const ok = await app.inject({
      method: 'POST',
      url: `/api/messages/stream/${stream.id}`,
      headers: other.auth,
      payload: { text: 'hello' },
    });
    expect(ok.statusCode).toBe(201);
  });
});

describe('socket events', () => {
  it('an account gets SOCKET_EVENTS_MAX events per window over all its sockets; the rest get 429 and rate-limited', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    const stream = await buildStream(app, creator.user.id);
    const [a, b] = [await connected(fan.token), await connected(fan.token)];
    const limited: RateLimitedEvent[] = [];
    b.on('rate-limited', (e: RateLimitedEvent) => limited.push(e));
    const first = await Promise.all(
      Array.from({ length: EVENTS }, () => a.emitWithAck('stream/join', { streamId: stream.id })),
    );
    expect(first.every((r) => r.ok)).toBe(true);
    const over = await b.emitWithAck('stream/join', { streamId: stream.id });
    expect(over).toMatchObject({ ok: false, status: 429 });
    expect(over.message).toMatch(/^Too many events on this connection\. Please try again in \d+ (second|minute)s?\.$/);
    await settle(50);
    expect(limited).toEqual([
      { limit: 'socket-events', event: 'stream/join', message: over.message, retryAfterMs: expect.any(Number) },
    ]);
    // someone else (same address, well under five times the limit) still gets through
    const other = await connected((await buildUser(app)).token);
    expect(await other.emitWithAck('stream/join', { streamId: stream.id })).toMatchObject({ ok: true });
  });
});

describe('sockets per address', () => {
  it('refuses a connection over SOCKETS_PER_IP with a clear connect_error, and lets one in once another closed', async () => {
    const open5 = [];
    for (let i = 0; i < SOCKETS_PER_IP; i++) open5.push(await connected());
    const refused = await connected().then(
      () => null,
      (err: Error & { data?: unknown }) => err,
    );
    expect(refused?.message).toBe('Too many connections from your address');
    expect(refused?.data).toEqual({ limit: 'sockets-per-ip', max: SOCKETS_PER_IP });
    open5[0].disconnect();
    await settle();
    await expect(connected()).resolves.toBeTruthy();
  });
});

describe('message size', () => {
  it('a message over SOCKET_MAX_MESSAGE_BYTES closes that socket only; the others and the API carry on', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const stream = await buildStream(app, creator.user.id);
    const [big, bystander] = [await connected(), await connected()];
    const closed = new Promise<string>((r) => big.once('disconnect', r));
    big.emit('stream/join', { streamId: 'x'.repeat(MAX_MESSAGE + 1024) });
    expect(await closed).toBe('transport close');
    expect(await bystander.emitWithAck('stream/join', { streamId: stream.id })).toMatchObject({ ok: true });
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    // just under the cap is accepted (a browser broadcast chunk is far smaller: docs/streaming.md)
    const fits = await connected();
    expect(await fits.emitWithAck('stream/join', { streamId: 'y'.repeat(MAX_MESSAGE - 1024) })).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
