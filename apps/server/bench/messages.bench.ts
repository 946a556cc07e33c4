/**
 * Messaging figures with BENCH_SOCKETS (default 2,000) connected sockets:
 * - send-to-delivery latency (p50, p99): from the fan's POST /messages/conversations/{id}
 *   until the creator's socket receives message/created (the full path: HTTP, transaction,
 *   counters, per-member presentation, socket.io emit);
 * - messages per second with BENCH_CONCURRENCY (default 16) senders in parallel;
 * - the same two figures for a bare `ws` server relaying a message from one client to
 *   another among as many connected clients, on the same machine; and the ratio.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { newId } from '../src/db/ids';
import { runMigrations } from '../src/db/migrate';
import { users } from '../src/db/schema';
import { createSession } from '../src/modules/auth/sessions';
import { findOrCreatePrivate } from '../src/modules/conversations/conversations.repo';
import { openBenchDatabase } from './database';
import { benchNumber, record } from './results';

const SOCKETS = benchNumber('BENCH_SOCKETS', 2000, 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const LATENCY_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 300);
const THROUGHPUT_SECONDS = benchNumber('BENCH_SECONDS', 10, 3);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-messages-'));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function connectAll<T>(n: number, make: (i: number) => Promise<T>, batch = 100): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < n; i += batch)
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, (_, j) => make(i + j)))));
  return out;
}

async function marquee() {
  const database = await openBenchDatabase();
  await runMigrations(database);
  const config = loadConfig({
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    WEB_DIST: path.join(work, 'none'),
    // Thousands of loopback sockets and chat lines from a handful of accounts: the per-address and
    // per-account limits (docs/security.md, issue 23 item 17) are not what this measures.
    SOCKETS_PER_IP: '100000',
    SOCKET_EVENTS_MAX: '100000000',
    CHAT_RATE_LIMIT_MAX: '100000000',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const db = app.ctx.db;

  // One creator; SOCKETS-1 fans, each with a private conversation with the creator.
  const fans = SOCKETS - 1;
  const creatorId = newId();
  const fanIds = Array.from({ length: fans }, () => newId());
  const rows = [creatorId, ...fanIds].map((id, i) => ({
    id,
    username: `b${i}_${id.slice(-8)}`,
    email: `${id}@bench.test`,
    name: i === 0 ? 'Creator' : `Fan ${i}`,
    role: (i === 0 ? 'performer' : 'user') as 'performer' | 'user',
    referralCode: id.replace(/-/g, '').slice(-12),
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(users).values(rows.slice(i, i + 500));
  const tokens = new Map<string, string>();
  for (const id of [creatorId, ...fanIds]) tokens.set(id, (await createSession(db, id, { remember: false })).token);
  const conv = new Map<string, string>();
  for (const f of fanIds)
    conv.set(f, (await db.transaction((tx) => findOrCreatePrivate(tx, f, creatorId, new Date()))).conversation.id);

  const url = `http://127.0.0.1:${port}`;
  const sockets = await connectAll([creatorId, ...fanIds].length, (i) => {
    const id = i === 0 ? creatorId : fanIds[i - 1];
    const s = connect(url, {
      path: '/socket.io',
      transports: ['websocket'],
      query: { token: tokens.get(id)! },
      reconnection: false,
    });
    return new Promise<Socket>((resolve, reject) => {
      s.once('auth/success', () => resolve(s));
      s.once('connect_error', reject);
    });
  });
  const creatorSocket = sockets[0];
  const waiting = new Map<string, (t: number) => void>();
  let delivered = 0;
  creatorSocket.on('message/created', (e: { message: { text: string } }) => {
    delivered++;
    waiting.get(e.message.text)?.(performance.now());
  });

  const send = async (fan: string, text: string) => {
    const res = await fetch(`${url}/api/messages/conversations/${conv.get(fan)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.get(fan)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ text }),
    });
    if (res.status !== 201) throw new Error(`send failed ${res.status} ${await res.text()}`);
  };

  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const text = `lat-${i}`;
    const got = new Promise<number>((r) => waiting.set(text, r));
    const t0 = performance.now();
    await send(fanIds[i % fans], text);
    latencies.push((await got) - t0);
    waiting.delete(text);
  }

  delivered = 0;
  let sent = 0;
  const end = performance.now() + THROUGHPUT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      let i = w;
      while (performance.now() < end) {
        await send(fanIds[i % fans], `tp-${i}`);
        sent++;
        i += CONCURRENCY;
      }
    }),
  );
  await new Promise((r) => setTimeout(r, 500));
  const rate = delivered / THROUGHPUT_SECONDS;
  for (const s of sockets) s.disconnect();
  await app.close();
  await database.close();
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), rate, sent };
}

/** The floor: a bare ws server relaying a client's message to one other client, among as many connections. */
async function bareWs() {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const port = (wss.address() as { port: number }).port;
  const byId = new Map<number, WebSocket>();
  wss.on('connection', (ws, req) => {
    const id = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('id'));
    byId.set(id, ws);
    ws.on('message', (data) => {
      const { to, text } = JSON.parse(String(data)) as { to: number; text: string };
      byId.get(to)?.send(JSON.stringify({ text }));
    });
  });
  const clients = await connectAll(SOCKETS, (i) => {
    const c = new WebSocket(`ws://127.0.0.1:${port}/?id=${i}`);
    return new Promise<WebSocket>((resolve, reject) => {
      c.once('open', () => resolve(c));
      c.once('error', reject);
    });
  });
  const waiting = new Map<string, (t: number) => void>();
  let delivered = 0;
  clients[0].on('message', (data) => {
    delivered++;
    waiting.get((JSON.parse(String(data)) as { text: string }).text)?.(performance.now());
  });
  const send = (from: number, text: string) => {
    const got = new Promise<number>((r) => waiting.set(text, r));
    clients[from].send(JSON.stringify({ to: 0, text }));
    return got;
  };
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const t0 = performance.now();
    latencies.push((await send(1 + (i % (SOCKETS - 1)), `lat-${i}`)) - t0);
  }
  delivered = 0;
  const end = performance.now() + THROUGHPUT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      let i = w;
      while (performance.now() < end) {
        await send(1 + (i % (SOCKETS - 1)), `tp-${i}`);
        i += CONCURRENCY;
      }
    }),
  );
  const rate = delivered / THROUGHPUT_SECONDS;
  for (const c of clients) c.terminate();
  await new Promise<void>((r) => wss.close(() => r()));
  return { p50: pct(latencies, 50), p99: pct(latencies, 99), rate };
}

async function main() {
  console.log(
    `${SOCKETS} connected sockets, ${CONCURRENCY} concurrent senders, ${LATENCY_SAMPLES} latency samples, ${THROUGHPUT_SECONDS} s throughput`,
  );
  const m = await marquee();
  console.log(`Marquee send→delivery: p50 ${ms(m.p50)}, p99 ${ms(m.p99)}; ${m.rate.toFixed(0)} messages/s delivered`);
  const w = await bareWs();
  console.log(`bare ws relay:         p50 ${ms(w.p50)}, p99 ${ms(w.p99)}; ${w.rate.toFixed(0)} messages/s`);
  console.log(
    `ratio (Marquee / ws): latency p50 ×${(m.p50 / w.p50).toFixed(1)}, p99 ×${(m.p99 / w.p99).toFixed(1)}; throughput ${((m.rate / w.rate) * 100).toFixed(1)}% of ws`,
  );
  record({
    scenario: `private messages delivered, ${SOCKETS} sockets connected (vs a bare ws relay)`,
    value: m.rate,
    unit: 'msg/s',
    ceiling: w.rate,
    p99_ms: m.p99,
    goal: '≥ 500/s at p99 < 50 ms',
  });
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
