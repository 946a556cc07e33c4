/**
 * A bounded soak on the embedded default (issue 17, "Under load"): `npm start` on a fresh data
 * directory (embedded PostgreSQL, demo data), then mixed reads and writes at a fixed rate
 * (open loop: requests are sent on schedule whether or not earlier ones have answered, so a slow
 * server shows up as latency and timeouts, not as a politely lower rate) for BENCH_SOAK_SECONDS
 * (default 600; quick 60). Reports errors, timeouts, p99, and memory over time: the resident
 * memory of the Node server processes and the proportional memory (PSS: shared buffers counted
 * once, not once per backend) of the PostgreSQL processes, sampled every BENCH_SOAK_SAMPLE
 * seconds, and the growth between the first and the last fifth of the run (after a warm-up).
 *
 * Mix (per 10 requests): 3 profile reads, 2 creator searches, 2 fan timelines, 1 notification
 * list; 1 comment on a post; 1 like or unlike (alternating) — 20% writes, each its own
 * transaction. BENCH_SOAK_RATE requests per second (default 40), BENCH_SOAK_TIMEOUT_MS (5000).
 * Not a test: nothing asserts. Standalone: `BENCH_SOAK_SECONDS=60 npx tsx bench/soak.bench.ts`.
 */
import { memoryMb, type Product, settle, startProduct } from './product';
import { benchNumber, record } from './results';

const SECONDS = benchNumber('BENCH_SOAK_SECONDS', 600, 60);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 40);
const TIMEOUT_MS = Number(process.env.BENCH_SOAK_TIMEOUT_MS ?? 5000);
const SAMPLE_S = benchNumber('BENCH_SOAK_SAMPLE', 30, 10);
const MAX_IN_FLIGHT = 1000;

interface Sample {
  t: number;
  serverMb: number;
  postgresMb: number;
  sent: number;
  errors: number;
  timeouts: number;
}

async function main() {
  const product = await startProduct('soak');
  try {
    await settle(product);
    await soak(product);
  } finally {
    await product.stop();
  }
}

async function soak(product: Product) {
  const { base } = product;
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
    serverMb: memoryMb(product.nodePids()).rss,
    postgresMb: memoryMb(product.postgresPids()).pss,
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

  console.log('\nmemory over time (s, Node RSS MB, PostgreSQL PSS MB, requests sent, errors, timeouts):');
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
    scenario: `${label}: server (Node) RSS growth, first to last fifth (${samples[0]!.serverMb.toFixed(0)} → ${samples.at(-1)!.serverMb.toFixed(0)} MB)`,
    value: growth('serverMb'),
    unit: 'MB',
    ceiling: null,
    p99_ms: null,
    goal: 'flat (≈ 0)',
  });
  record({
    scenario: `${label}: PostgreSQL PSS growth, first to last fifth (${samples[0]!.postgresMb.toFixed(0)} → ${samples.at(-1)!.postgresMb.toFixed(0)} MB)`,
    value: growth('postgresMb'),
    unit: 'MB',
    ceiling: null,
    p99_ms: null,
    goal: 'flat (≈ 0)',
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
