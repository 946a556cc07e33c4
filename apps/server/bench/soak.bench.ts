/**
 * A bounded soak on the embedded default (issue 17, "Under load"): `npm start` on a fresh data
 * directory (embedded PostgreSQL, demo data), then mixed reads and writes at a fixed rate
 * (open loop: requests are sent on schedule whether or not earlier ones have answered, so a slow
 * server shows up as latency and timeouts, not as a politely lower rate) for BENCH_SOAK_SECONDS
 * (default 600; quick 60). Reports errors, timeouts, p99, and memory over time: RSS of the
 * server process and of the PostgreSQL processes, sampled every BENCH_SOAK_SAMPLE seconds, and
 * the growth between the first and the last fifth of the run (after a warm-up).
 *
 * Mix (per 10 requests): 3 profile reads, 2 creator searches, 2 fan timelines, 1 notification
 * list; 1 comment on a post; 1 like or unlike (alternating) — 20% writes, each its own
 * transaction. BENCH_SOAK_RATE requests per second (default 40), BENCH_SOAK_TIMEOUT_MS (5000).
 * Not a test: nothing asserts. Standalone: `BENCH_SOAK_SECONDS=60 npx tsx bench/soak.bench.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchNumber, record } from './results';

const SECONDS = benchNumber('BENCH_SOAK_SECONDS', 600, 60);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 40);
const TIMEOUT_MS = Number(process.env.BENCH_SOAK_TIMEOUT_MS ?? 5000);
const SAMPLE_S = benchNumber('BENCH_SOAK_SAMPLE', 30, 10);
const MAX_IN_FLIGHT = 1000;
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-soak-'));

interface Sample {
  t: number;
  serverMb: number;
  postgresMb: number;
  sent: number;
  errors: number;
  timeouts: number;
}

async function main() {
  const port = await freePort();
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await waitForOutput(server, 'Marquee is ready', 300_000);
    await soak(`http://127.0.0.1:${port}`, server.pid!);
  } finally {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Waits until the demo videos have finished processing (5 s under 5% of a core), at most 5 minutes. */
async function settle(serverPid: number) {
  const ticks = () => [...processTree(serverPid), ...postgresPids()].reduce((s, p) => s + cpuTicks(p), 0);
  for (let waited = 0; waited < 300; waited += 5) {
    const t = ticks();
    await new Promise((r) => setTimeout(r, 5_000));
    if (ticks() - t < 25) return;
  }
}

/** utime + stime + the reaped children's, in clock ticks (1/100 s). */
function cpuTicks(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
  } catch {
    return 0;
  }
}

async function soak(base: string, serverPid: number) {
  await settle(serverPid);
  const json = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${url}`, init);
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, unknown> & { data?: Array<Record<string, unknown>> }>;
  };
  const login = await json('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alex', password: 'marquee-demo-2026' }),
  });
  const auth = { authorization: `Bearer ${login.token as string}` };
  const timeline = await json('/api/user/feeds?pageSize=12', { headers: auth });
  const post = timeline.data?.[0];
  if (!post) throw new Error('the demo fan has no timeline');
  const postId = post._id as string;

  type Req = { method: string; url: string; headers?: Record<string, string>; body?: unknown; write?: boolean };
  let liked = false;
  const mix: Array<() => Req> = [
    () => ({ method: 'GET', url: '/api/performers/luna' }),
    () => ({ method: 'GET', url: '/api/performers/kai' }),
    () => ({ method: 'GET', url: '/api/performers/luna' }),
    () => ({ method: 'GET', url: '/api/performers/user/search?q=a' }),
    () => ({ method: 'GET', url: '/api/performers/user/search?q=lu' }),
    () => ({ method: 'GET', url: '/api/user/feeds?pageSize=12', headers: auth }),
    () => ({ method: 'GET', url: '/api/user/feeds?pageSize=12', headers: auth }),
    () => ({ method: 'GET', url: '/api/notifications', headers: auth }),
    () => ({
      method: 'POST',
      url: '/api/comments',
      headers: auth,
      body: { objectType: 'feed', objectId: postId, text: 'Soak test comment' },
      write: true,
    }),
    () => {
      liked = !liked;
      return {
        method: liked ? 'POST' : 'DELETE',
        url: '/api/reactions',
        headers: auth,
        body: { objectType: 'feed', objectId: postId, action: 'like' },
        write: true,
      };
    },
  ];

  let sent = 0;
  let errors = 0;
  let timeouts = 0;
  let writes = 0;
  let inFlight = 0;
  let skipped = 0;
  const errorKinds = new Map<string, number>();
  const latencies: number[] = [];
  const samples: Sample[] = [];
  const started = performance.now();
  const memory = () => ({
    serverMb: rssMb(processTree(serverPid)),
    postgresMb: rssMb(postgresPids()),
  });
  const sampleNow = () => {
    samples.push({ t: (performance.now() - started) / 1000, ...memory(), sent, errors, timeouts });
    const s = samples.at(-1)!;
    console.log(
      `soak t=${s.t.toFixed(0)}s sent=${s.sent} errors=${s.errors} timeouts=${s.timeouts} in-flight=${inFlight} server=${s.serverMb.toFixed(0)} MB postgres=${s.postgresMb.toFixed(0)} MB`,
    );
  };
  sampleNow();
  const sampler = setInterval(sampleNow, SAMPLE_S * 1000);

  const fire = async (r: Req) => {
    inFlight++;
    const t0 = performance.now();
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    // A hard deadline for the whole exchange, body included.
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        abort.abort();
        reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' }));
      }, TIMEOUT_MS);
    });
    try {
      const exchange = (async () => {
        const res = await fetch(`${base}${r.url}`, {
          method: r.method,
          headers: { ...(r.body ? { 'content-type': 'application/json' } : {}), ...(r.headers ?? {}) },
          body: r.body ? JSON.stringify(r.body) : undefined,
          signal: abort.signal,
        });
        await res.arrayBuffer();
        return res;
      })();
      exchange.catch(() => undefined);
      const res = await Promise.race([exchange, deadline]);
      latencies.push(performance.now() - t0);
      if (res.status >= 400) {
        errors++;
        const k = `${r.method} ${r.url.split('?')[0]} ${res.status}`;
        errorKinds.set(k, (errorKinds.get(k) ?? 0) + 1);
      }
    } catch (err) {
      if ((err as Error).name === 'TimeoutError') timeouts++;
      else {
        errors++;
        const k = `${r.method} ${r.url.split('?')[0]} ${(err as Error).message}`;
        errorKinds.set(k, (errorKinds.get(k) ?? 0) + 1);
      }
    } finally {
      clearTimeout(timer);
      inFlight--;
    }
  };

  const interval = 1000 / RATE;
  const total = Math.round(SECONDS * RATE);
  const pending: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= MAX_IN_FLIGHT) {
      skipped++;
      continue;
    }
    const r = mix[i % mix.length]!();
    if (r.write) writes++;
    sent++;
    pending.push(fire(r));
    if (pending.length > 5000) await Promise.all(pending.splice(0, 2500));
  }
  await Promise.all(pending);
  clearInterval(sampler);
  sampleNow();
  const elapsed = (performance.now() - started) / 1000;

  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  // Memory growth: mean of the last fifth minus mean of the first fifth after the first sample.
  const steady = samples.slice(1);
  const fifth = Math.max(1, Math.floor(steady.length / 5));
  const mean = (xs: Sample[], k: 'serverMb' | 'postgresMb') => xs.reduce((s, x) => s + x[k], 0) / (xs.length || 1);
  const growth = (k: 'serverMb' | 'postgresMb') => mean(steady.slice(-fifth), k) - mean(steady.slice(0, fifth), k);

  console.log('\nmemory over time (s, server MB, postgres MB, requests sent, errors, timeouts):');
  for (const s of samples)
    console.log(
      `  ${s.t.toFixed(0).padStart(5)}  ${s.serverMb.toFixed(0).padStart(5)}  ${s.postgresMb.toFixed(0).padStart(5)}  ${String(s.sent).padStart(7)}  ${s.errors}  ${s.timeouts}`,
    );
  if (errorKinds.size) console.log('errors by kind:', Object.fromEntries(errorKinds));

  const label = `soak ${Math.round(elapsed)} s at ${RATE} req/s, 20% writes (embedded PostgreSQL, demo data)`;
  record({
    scenario: `${label}: answered`,
    value: latencies.length / elapsed,
    unit: 'req/s',
    ceiling: RATE,
    p99_ms: p(0.99),
    goal: `no errors, no timeouts: ${errors} errors, ${timeouts} timeouts, ${skipped} not sent (in-flight cap), ${writes} writes`,
  });
  record({
    scenario: `${label}: errors + timeouts`,
    value: errors + timeouts,
    unit: 'requests',
    ceiling: null,
    p99_ms: null,
    goal: '0',
  });
  record({
    scenario: `${label}: server RSS growth, first to last fifth (${samples[0]!.serverMb.toFixed(0)} → ${samples.at(-1)!.serverMb.toFixed(0)} MB)`,
    value: growth('serverMb'),
    unit: 'MB',
    ceiling: null,
    p99_ms: null,
    goal: 'flat (≈ 0)',
  });
  record({
    scenario: `${label}: PostgreSQL RSS growth, first to last fifth (${samples[0]!.postgresMb.toFixed(0)} → ${samples.at(-1)!.postgresMb.toFixed(0)} MB)`,
    value: growth('postgresMb'),
    unit: 'MB',
    ceiling: null,
    p99_ms: null,
    goal: 'flat (≈ 0)',
  });
}

function postgresPids(): number[] {
  const pidFile = path.join(work, 'data/postgres/postmaster.pid');
  if (!fs.existsSync(pidFile)) return [];
  return processTree(Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]));
}

/** Resident memory of processes (Linux /proc; 0 elsewhere), in MB. */
function rssMb(pids: number[]): number {
  let kb = 0;
  for (const pid of pids) {
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {}
  }
  return kb / 1024;
}

/** A process and its descendants (Linux /proc; elsewhere the process alone). */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of fs.existsSync('/proc') ? fs.readdirSync('/proc') : []) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...(parents.get(out[i]!) ?? []));
  return out;
}

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes(text)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before "${text}":\n${out}`)));
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
