/**
 * The product as a newcomer gets it: `npm start` on a fresh data directory (embedded
 * PostgreSQL, demo data; the first start of a fresh clone, web build included, is
 * first-start.bench.ts), then
 * - profile, creator search and a fan's timeline on the demo data, each next to a raw Node
 *   HTTP route that returns the same bytes, measured in the same run;
 * - the idle cost: CPU of the server and its database while nothing is asked of them;
 * - the web payload of the first page: gzipped JavaScript before first paint.
 * BENCH_SECONDS per scenario (default 10; quick 3), BENCH_IDLE_SECONDS (default 60; quick 15).
 */
import http from 'node:http';
import type net from 'node:net';
import autocannon from 'autocannon';
import { firstLoadPayload } from '../../../scripts/web-payload.mjs';
import { cpuTicks, type Product, settle, startProduct } from './product';
import { benchNumber, record } from './results';

const SECONDS = benchNumber('BENCH_SECONDS', 10, 3);
const IDLE_SECONDS = benchNumber('BENCH_IDLE_SECONDS', 60, 15);
const CONNECTIONS = 10;

async function main() {
  webPayload();
  const product = await startProduct('site');
  try {
    await sideBySide(product.base);
    await idleCost(product);
  } finally {
    await product.stop();
  }
}

/** Each demo-data read next to a raw Node route that answers the very same bytes. */
async function sideBySide(base: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alex', password: 'marquee-demo-2026' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };
  const rows: Array<[string, string, Record<string, string>, string]> = [
    ['demo data: profile GET /performers/luna', '/api/performers/luna', {}, '≥ 40%'],
    ['demo data: creator search', '/api/performers/user/search?q=luna', {}, '≥ 25%'],
    ['demo data: fan timeline GET /user/feeds', '/api/user/feeds?pageSize=12', auth, '≥ 25%'],
  ];
  for (const [scenario, url, headers, goal] of rows) {
    const sample = await fetch(`${base}${url}`, { headers });
    const body = Buffer.from(await sample.arrayBuffer());
    const raw = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', () => r()));
    const rawUrl = `http://127.0.0.1:${(raw.address() as net.AddressInfo).port}`;
    const ceiling = await autocannon({ url: rawUrl, connections: CONNECTIONS, duration: SECONDS });
    const ours = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [{ method: 'GET', path: url, headers }],
    });
    raw.close();
    record({
      scenario: `${scenario} (status ${sample.status}, ${body.length} bytes)`,
      value: ours.requests.average,
      unit: 'req/s',
      ceiling: ceiling.requests.average,
      p99_ms: ours.latency.p99,
      goal: `${goal}${ours.errors + ours.non2xx ? `; ${ours.errors + ours.non2xx} errors` : ''}`,
    });
  }
}

/** CPU of the Node server and its PostgreSQL while idle, as a share of one core. */
async function idleCost(product: Product) {
  // The demo videos finish processing in the background after start: wait until that is over.
  await settle(product);
  const ticks = () => cpuTicks([...product.nodePids(), ...product.postgresPids()]);
  const before = ticks();
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
  const used = ticks() - before;
  record({
    scenario: `idle server with demo data, database included (${IDLE_SECONDS} s)`,
    value: (used / (IDLE_SECONDS * 100)) * 100,
    unit: '% of a core',
    ceiling: null,
    p99_ms: null,
    goal: '≤ 1%',
  });
}

/** The first page's JavaScript before first paint, gzipped (scripts/web-payload.mjs). */
function webPayload() {
  const payload = firstLoadPayload();
  if (!payload) {
    console.log('web payload: apps/web/dist/.vite/manifest.json is missing (npm run build)');
    return;
  }
  console.log(
    `web payload: shell ${payload.shellJsKb.toFixed(1)} KB gzipped JS; with the home route ${payload.jsKb.toFixed(1)} KB (${payload.files.length} files)`,
  );
  record({
    scenario: `web: first load of / — JavaScript before the home page draws, gzipped (CSS ${payload.cssKb.toFixed(0)} KB more)`,
    value: payload.jsKb,
    unit: 'KB',
    ceiling: null,
    p99_ms: null,
    goal: '≤ 150 KB',
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
