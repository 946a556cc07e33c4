/**
 * Scale-out read throughput: two API nodes (separate processes, JOBS_IN_PROCESS=0) on one
 * PostgreSQL, behind a small round-robin proxy (bench/rr-proxy.ts, a process of its own). The same
 * read mix (profile pages, search, top creators) is run through the proxy with one node behind it,
 * then with both, alternately; the figure is requests/s with two nodes, its ceiling the one-node figure ×2.
 * On a machine with fewer cores than nodes + PostgreSQL + proxy + load generator, the nodes
 * share the cores and the gain is smaller than on separate machines.
 *
 * BENCH_CREATORS (default 20000), BENCH_SECONDS per run (default 10), BENCH_ROUNDS (default 3;
 * each round measures one node and two), BENCH_DATABASE_URL.
 * Standalone: `npx tsx bench/scale-out.bench.ts`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../src/db/migrate';
import { openBenchDatabase } from './database';
import { freePort } from './product';
import { benchNumber, record } from './results';

const CREATORS = benchNumber('BENCH_CREATORS', 20_000, 5_000);
const SECONDS = benchNumber('BENCH_SECONDS', 10, 4);
const CONNECTIONS = 16;
const ROUNDS = benchNumber('BENCH_ROUNDS', 3, 2);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-scale-'));
const children: ChildProcess[] = [];

async function main() {
  const database = await openBenchDatabase(4);
  try {
    await runMigrations(database);
    await database.db.execute(sql`
      insert into users (id, username, email, name, role, referral_code, email_verified)
      select gen_random_uuid(), 'creator' || i, 'creator' || i || '@bench.test', 'Creator ' || i, 'performer',
             'C' || lpad(i::text, 11, '0'), true
      from generate_series(1, ${CREATORS}) i`);
    await database.db.execute(sql`
      insert into performers (user_id, display_name, bio, verification_status, date_of_birth, last_active_at)
      select id, 'Creator ' || substring(username from 8),
             (array['Yoga and fitness','Travel photography','Cosplay tutorials','Cooking','Gaming streams'])[1 + substring(username from 8)::int % 5],
             'verified', '1995-06-15', now()
      from users where role = 'performer'`);
    await database.db.execute(sql`analyze`);
    console.log(`seeded ${CREATORS.toLocaleString()} creators; ${os.cpus().length} CPUs; ${SECONDS} s per run`);

    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '8',
      JOBS_IN_PROCESS: '0',
      SEED_DEMO: '0',
      SECRET_KEY: 'bench-secret-key-0123456789abcdef',
      LOG_LEVEL: 'error',
      LOG_FORMAT: 'json',
      WEB_DIST: path.join(work, 'no-web'),
    };
    const a = await startNode('a', env);
    const b = await startNode('b', env);
    const paths = Array.from({ length: 50 }, (_, i) => {
      const n = 1 + ((i * 397) % CREATORS);
      return [`/api/performers/creator${n}`, '/api/performers/user/search?q=yoga&pageSize=12', '/api/performers/top'][
        i % 3
      ];
    });

    // One proxy per shape, both running throughout; warmed, then measured alternately
    // (1, 2, 2, 1, …) so that a drift in the machine's load weighs on both alike.
    const proxies = { 1: await startProxy([a]), 2: await startProxy([a, b]) } as const;
    await load(proxies[2], paths, 3);
    const runs: Record<1 | 2, Array<{ rps: number; p99: number; errors: number }>> = { 1: [], 2: [] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const n of round % 2 ? ([2, 1] as const) : ([1, 2] as const)) {
        const r = await load(proxies[n], paths, SECONDS);
        console.log(`  round ${round + 1}, ${n} node(s): ${r.rps.toFixed(0)} req/s, p99 ${r.p99} ms`);
        runs[n].push(r);
      }
    }
    const mean = (rs: Array<{ rps: number; p99: number; errors: number }>) => ({
      rps: rs.reduce((x, r) => x + r.rps, 0) / rs.length,
      p99: Math.max(...rs.map((r) => r.p99)),
      errors: rs.reduce((x, r) => x + r.errors, 0),
    });
    const one = mean(runs[1]);
    const two = mean(runs[2]);
    console.log(
      `one node: ${one.rps.toFixed(0)} req/s (p99 ${one.p99} ms); two nodes: ${two.rps.toFixed(0)} req/s (p99 ${two.p99} ms)`,
    );
    record({
      scenario: 'scale-out: read mix, 1 API node behind the proxy',
      value: one.rps,
      unit: 'req/s',
      ceiling: null,
      p99_ms: one.p99,
    });
    record({
      scenario: 'scale-out: read mix, 2 API nodes behind the proxy (ceiling: 2 × one node)',
      value: two.rps,
      unit: 'req/s',
      ceiling: one.rps * 2,
      p99_ms: two.p99,
      goal: 'throughput grows with the second node',
    });
    if (one.errors + two.errors > 0) console.log(`errors: ${one.errors} (one node), ${two.errors} (two nodes)`);
  } finally {
    await Promise.all(children.map(stop));
    await database.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function startProxy(nodes: string[]): Promise<string> {
  const proxy = await spawnAndWait(
    'proxy',
    ['--import', 'tsx', 'bench/rr-proxy.ts'],
    { RR_UPSTREAMS: nodes.join(',') },
    /RR_PROXY_PORT (\d+)/,
  );
  return `http://127.0.0.1:${proxy.match[1]}`;
}

async function load(url: string, paths: string[], seconds: number) {
  const r = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

async function startNode(name: string, env: Record<string, string>): Promise<string> {
  const port = await freePort();
  await spawnAndWait(
    `node-${name}`,
    ['--import', 'tsx', 'src/main.ts'],
    { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, name) },
    /Marquee is ready/,
  );
  return `http://127.0.0.1:${port}`;
}

function spawnAndWait(name: string, args: string[], env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise<{ child: ChildProcess; match: RegExpMatchArray }>((resolve, reject) => {
    const onData = (c: Buffer) => {
      output += c.toString();
      const m = output.match(ready);
      if (m) resolve({ child, match: m });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}):\n${output}`)));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
