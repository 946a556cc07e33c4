/**
 * Live streaming figures:
 * - stream chat fan-out with BENCH_VIEWERS (default 2,000) sockets in one stream room: from the
 *   creator's POST /messages/stream/{id} until each viewer socket receives `stream/message`
 *   (p50, p99 over every delivery), and deliveries per second with BENCH_CONCURRENCY senders;
 *   next to a bare socket.io server broadcasting to a room of as many sockets (the ceiling);
 * - HLS: segment requests served per CPU-second through the signed URL (= viewers per core, one
 *   1 s segment per viewer per second) next to the same file read from disk in the same process,
 *   and the CPU of one ffmpeg turning a 720p30 browser broadcast into HLS.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { newId } from '../src/db/ids';
import { runMigrations } from '../src/db/migrate';
import { users } from '../src/db/schema';
import { createSession } from '../src/modules/auth/sessions';
import { hlsDir } from '../src/modules/streaming/streaming.hls';
import { openBenchDatabase } from './database';
import { benchNumber, record } from './results';

const VIEWERS = benchNumber('BENCH_VIEWERS', 2000, 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SAMPLES = benchNumber('BENCH_SAMPLES', 50, 20);
const SECONDS = benchNumber('BENCH_SECONDS', 10, 3);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-streaming-'));

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};

async function connectAll(n: number, make: () => Promise<Socket>, batch = 100): Promise<Socket[]> {
  const out: Socket[] = [];
  for (let i = 0; i < n; i += batch)
    out.push(...(await Promise.all(Array.from({ length: Math.min(batch, n - i) }, () => make()))));
  return out;
}

/** Times every delivery of `send(text)` to every socket; returns per-delivery latencies. */
function fanOutMeter(sockets: Socket[], event: string, textOf: (e: unknown) => string) {
  const started = new Map<string, number>();
  const latencies: number[] = [];
  let delivered = 0;
  let keep = true;
  for (const s of sockets)
    s.on(event, (e: unknown) => {
      delivered++;
      const t0 = started.get(textOf(e));
      if (keep && t0 !== undefined) latencies.push(performance.now() - t0);
    });
  return {
    started,
    latencies,
    get delivered() {
      return delivered;
    },
    reset() {
      delivered = 0;
    },
    stopSampling() {
      keep = false;
    },
  };
}

async function waitFor(cond: () => boolean, ms = 30_000) {
  const end = Date.now() + ms;
  while (!cond() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

async function marqueeChat() {
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
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const creatorId = newId();
  await app.ctx.db.insert(users).values({
    id: creatorId,
    username: `creator_${creatorId.slice(-6)}`,
    email: `${creatorId}@bench.test`,
    name: 'Creator',
    role: 'performer',
    referralCode: creatorId.replace(/-/g, '').slice(-12),
  });
  const token = (await createSession(app.ctx.db, creatorId, { remember: false })).token;
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const live = await fetch(`${url}/api/streaming/live`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ title: 'Bench' }),
  });
  const stream = (await live.json()) as { _id: string };

  // Anonymous viewers of a free public stream, each in the stream room.
  const sockets = await connectAll(VIEWERS, async () => {
    const s = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    const ack = (await s.emitWithAck('stream/join', { streamId: stream._id })) as { ok: boolean };
    if (!ack.ok) throw new Error('join refused');
    return s;
  });
  const meter = fanOutMeter(sockets, 'stream/message', (e) => (e as { message: { text: string } }).message.text);
  const send = async (text: string) => {
    meter.started.set(text, performance.now());
    const res = await fetch(`${url}/api/messages/stream/${stream._id}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ text }),
    });
    if (res.status !== 201) throw new Error(`send failed ${res.status}`);
  };
  for (let i = 0; i < SAMPLES; i++) {
    const before = meter.delivered;
    await send(`lat-${i}`);
    await waitFor(() => meter.delivered >= before + VIEWERS);
  }
  meter.stopSampling();
  const rate = await throughput(meter, (i) => send(`tp-${i}`));
  const out = { p50: pct(meter.latencies, 50), p99: pct(meter.latencies, 99), rate };
  for (const s of sockets) s.disconnect();

  const hls = await hlsServing(app, stream._id, url, token);
  await app.close();
  await database.close();
  return { chat: out, hls };
}

async function throughput(meter: ReturnType<typeof fanOutMeter>, send: (i: number) => Promise<void>) {
  meter.reset();
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      for (let i = w; performance.now() < end; i += CONCURRENCY) await send(i);
    }),
  );
  await new Promise((r) => setTimeout(r, 500));
  return meter.delivered / ((performance.now() - t0) / 1000);
}

/** A bare socket.io server: one client emits, the server broadcasts to a room of VIEWERS sockets. */
async function bareSocketIo() {
  const io = new Server({ path: '/socket.io', serveClient: false });
  const http = (await import('node:http')).createServer();
  io.attach(http);
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  io.on('connection', (s) => {
    s.join('room');
    s.on('say', (text: string, ack: () => void) => {
      io.to('room').emit('said', { text });
      ack();
    });
  });
  const make = async () => {
    const s = connect(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('connect_error', reject);
    });
    return s;
  };
  const sockets = await connectAll(VIEWERS, make);
  const sender = await make();
  const meter = fanOutMeter(sockets, 'said', (e) => (e as { text: string }).text);
  const send = async (text: string) => {
    meter.started.set(text, performance.now());
    await sender.emitWithAck('say', text);
  };
  for (let i = 0; i < SAMPLES; i++) {
    const before = meter.delivered;
    await send(`lat-${i}`);
    await waitFor(() => meter.delivered >= before + VIEWERS);
  }
  meter.stopSampling();
  const rate = await throughput(meter, (i) => send(`tp-${i}`));
  for (const s of [...sockets, sender]) s.disconnect();
  io.close();
  return { p50: pct(meter.latencies, 50), p99: pct(meter.latencies, 99), rate };
}

/** Segment requests per CPU-second through the signed route vs reading the file in-process. */
async function hlsServing(app: Awaited<ReturnType<typeof buildApp>>, streamId: string, url: string, token: string) {
  const dir = hlsDir(app.ctx, streamId);
  fs.mkdirSync(dir, { recursive: true });
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=30',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    '2500k',
    '-f',
    'mpegts',
    path.join(dir, 'seg_0.ts'),
  ]);
  fs.writeFileSync(path.join(dir, 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1.0,\nseg_0.ts\n');
  const join = await fetch(`${url}/api/streaming/join/${streamId}`, { headers: { authorization: `Bearer ${token}` } });
  const hlsUrl = ((await join.json()) as { hlsUrl: string }).hlsUrl;
  const segUrl = `${url}${hlsUrl.replace('index.m3u8', 'seg_0.ts')}`;
  const run = async (get: () => Promise<void>) => {
    const cpu0 = process.cpuUsage();
    const end = performance.now() + SECONDS * 1000;
    let n = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (performance.now() < end) {
          await get();
          n++;
        }
      }),
    );
    const cpu = process.cpuUsage(cpu0);
    return n / ((cpu.user + cpu.system) / 1e6);
  };
  const served = await run(async () => {
    const r = await fetch(segUrl);
    await r.arrayBuffer();
  });
  const file = path.join(dir, 'seg_0.ts');
  const ceiling = await run(async () => {
    await fs.promises.readFile(file);
  });
  return { served, ceiling, bytes: fs.statSync(file).size };
}

function ffmpegCpuPerStream() {
  const src = path.join(work, 'b720.webm');
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=1280x720:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    '10',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '1500k',
    '-c:a',
    'libopus',
    src,
  ]);
  const out = path.join(work, 'hls');
  fs.mkdirSync(out, { recursive: true });
  const t0 = performance.now();
  const r = spawnSync('bash', [
    '-c',
    `TIMEFORMAT='%U %S'; time ffmpeg -hide_banner -loglevel error -f webm -i ${src} -c:v libx264 -preset veryfast -tune zerolatency -pix_fmt yuv420p -force_key_frames 'expr:gte(t,n_forced*1)' -c:a aac -f hls -hls_time 1 ${out}/index.m3u8`,
  ]);
  const wall = (performance.now() - t0) / 1000;
  const [u, s] = String(r.stderr).trim().split(/\s+/).slice(-2).map(Number);
  return { cpuPerVideoSecond: (u + s) / 10, wall };
}

async function main() {
  console.log(`${VIEWERS} viewers in one stream room, ${SAMPLES} latency samples, ${SECONDS} s throughput`);
  const m = await marqueeChat();
  const bare = await bareSocketIo();
  console.log(
    `stream chat: p50 ${m.chat.p50.toFixed(1)} ms, p99 ${m.chat.p99.toFixed(1)} ms, ${m.chat.rate.toFixed(0)} deliveries/s`,
  );
  console.log(
    `bare socket.io: p50 ${bare.p50.toFixed(1)} ms, p99 ${bare.p99.toFixed(1)} ms, ${bare.rate.toFixed(0)} deliveries/s`,
  );
  record({
    scenario: `stream chat fan-out, ${VIEWERS} viewers (deliveries/s vs bare socket.io broadcast)`,
    value: m.chat.rate,
    unit: 'deliveries/s',
    ceiling: bare.rate,
    p99_ms: m.chat.p99,
    goal: '≥ 80% of bare socket.io',
  });
  record({
    scenario: `stream chat delivery p50, ${VIEWERS} viewers (vs bare socket.io p50)`,
    value: m.chat.p50,
    unit: 'ms',
    ceiling: bare.p50,
    p99_ms: m.chat.p99,
    higherIsBetter: false,
  });
  record({
    scenario: `HLS 1 s segments (${(m.hls.bytes / 1024).toFixed(0)} KB) served per CPU-second = viewers per core (vs readFile)`,
    value: m.hls.served,
    unit: 'viewers/core',
    ceiling: m.hls.ceiling,
    p99_ms: null,
  });
  const f = ffmpegCpuPerStream();
  record({
    scenario: 'browser broadcast 720p30 → HLS: ffmpeg CPU per stream',
    value: f.cpuPerVideoSecond * 100,
    unit: '% of a core',
    ceiling: null,
    p99_ms: null,
    higherIsBetter: false,
  });
  fs.rmSync(work, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
