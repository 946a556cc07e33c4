/**
 * Profiles and discovery figures: seeds 100k creators and 1M follows, then
 * measures requests/s and p99 latency with autocannon for creator search
 * (text, filters + sort), the profile page API, and top/trending, next to a
 * bare Fastify JSON route on the same machine (the ratio is the figure that
 * travels between machines).
 *
 * BENCH_CREATORS (default 100000), BENCH_FOLLOWS (default 1000000),
 * BENCH_SECONDS per scenario (default 10), BENCH_DATABASE_URL to run on
 * another PostgreSQL server instead of the embedded one.
 * Standalone: `npx tsx bench/profiles.bench.ts`.
 */

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { type CpuReading, cpuPerRequest, maybeProfile, postmasterPid } from './cpu';
import { openBenchDatabase } from './database';
import { explainRequest } from './explain';
import { benchNumber, record } from './results';

const CREATORS = benchNumber('BENCH_CREATORS', 100_000, 10_000);
const FOLLOWS = benchNumber('BENCH_FOLLOWS', 1_000_000, 100_000);
const SECONDS = benchNumber('BENCH_SECONDS', 10, 3);
const CONNECTIONS = 10;
const PER_FAN = 20;
const FANS = Math.ceil(FOLLOWS / PER_FAN);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-profiles-'));
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function seed(db: Database['db']) {
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  let t = Date.now();
  // Creators: users + performers rows (the trigger fills search_text). Words give search something to find.
  await run(sql`
    insert into users (id, username, email, name, role, referral_code, email_verified)
    select gen_random_uuid(), 'creator' || i, 'creator' || i || '@bench.test', 'Creator ' || i, 'performer',
           'C' || lpad(i::text, 11, '0'), true
    from generate_series(1, ${CREATORS}) i`);
  await run(sql`
    insert into performers (user_id, display_name, bio, gender, country, age, body_type, eyes, verification_status, date_of_birth,
                            free_subscription_enabled, is_live, last_active_at, created_at)
    select u.id,
           (array['Luna','Kai','Sasha','Mira','Nova','Ana','Bo','Cy','Dee','Eli'])[1 + n % 10] || ' ' ||
             (array['Rivera','Morgan','Blake','Stone','Vega','Sol','Lind','Moon','Ray','Fox'])[1 + (n / 10) % 10],
           (array['Yoga and fitness every day','Travel photography from 40 countries','Cosplay and makeup tutorials',
                  'Cooking behind the scenes','Gaming streams and chats','Dance routines and workouts',
                  'Art, painting and sketches','Music covers and live sessions'])[1 + n % 8] || ' #' || n,
           (array['female','male','transgender'])[1 + n % 3],
           (array['US','GB','CA','DE','FR','ES','BR','AU'])[1 + n % 8],
           (array['18_19','20_24','25_29','30_34','35_39','40_44'])[1 + n % 6],
           (array['fit','slim','curvy','petite','toned'])[1 + n % 5],
           (array['blue','brown','green','hazel'])[1 + n % 4],
           case when n % 5 = 0 then 'unverified' else 'verified' end, '1995-06-15',
           n % 7 = 0, n % 50 = 0,
           now() - (n % 10000) * interval '1 minute',
           now() - n * interval '1 second'
    from (select id, substring(username from 8)::int as n from users where role = 'performer') u`);
  console.log(`seeded ${CREATORS.toLocaleString()} creators in ${secs(Date.now() - t)}`);
  t = Date.now();
  await run(sql`
    insert into users (id, username, email, name, role, referral_code)
    select gen_random_uuid(), 'fan' || i, 'fan' || i || '@bench.test', 'Fan ' || i, 'user', 'F' || lpad(i::text, 11, '0')
    from generate_series(1, ${FANS}) i`);
  // Each fan follows PER_FAN distinct creators, spread so that some creators are much more popular; times spread over 60 days.
  await run(sql`create temporary table bench_creators as
    select row_number() over (order by user_id) - 1 as k, user_id from performers`);
  await run(sql`create temporary table bench_fans as
    select row_number() over (order by id) as i, id from users where role = 'user'`);
  await run(sql`
    insert into follows (id, follower_id, creator_id, created_at)
    select gen_random_uuid(), f.id, c.user_id, now() - ((f.i * 31 + j * 17) % 86400) * interval '1 minute'
    from bench_fans f
    cross join generate_series(1, ${PER_FAN}) j
    join bench_creators c on c.k = (((f.i * 7919 + j * 4729) % ${CREATORS}) * ((f.i + j) % 3 + 1) / 3 + j * 13) % ${CREATORS}
    on conflict do nothing`);
  await run(sql`
    update performers p set followers_count = s.n
    from (select creator_id, count(*)::int n from follows group by creator_id) s where s.creator_id = p.user_id`);
  await run(sql`analyze`);
  const [{ n }] = (
    (await run(sql`select count(*)::int as n from follows`)) as unknown as { rows: Array<{ n: number }> }
  ).rows;
  console.log(`seeded ${FANS.toLocaleString()} fans and ${n.toLocaleString()} follows in ${secs(Date.now() - t)}`);
}

interface Figures {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  cpu: CpuReading;
}

let postmaster: number | null = null;

async function measure(name: string, url: string, paths: string[]): Promise<Figures> {
  let result!: Awaited<ReturnType<typeof autocannon>>;
  const cpu = await cpuPerRequest(postmaster, async () => {
    result = await maybeProfile(name, () =>
      autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: paths.map((p) => ({ method: 'GET', path: p })),
      }),
    );
    return result.requests.total;
  });
  const errors = result.errors + result.non2xx;
  return { name, rps: result.requests.average, p99: result.latency.p99, errors, cpu };
}

async function main() {
  const database = await openBenchDatabase(10);
  console.log(
    `database: ${database.kind}; ${os.cpus().length} CPUs; ${CONNECTIONS} connections, ${SECONDS} s per scenario`,
  );
  await runMigrations(database);
  await seed(database.db);
  postmaster = postmasterPid(database.clusterDir);

  const config = loadConfig({
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    WEB_DIST: path.join(work, 'none'),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ _id: '0190f1f0-0000-7000-8000-000000000000', username: 'bare', followers: 1 }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  const terms = ['yoga', 'travel', 'luna', 'moon fox', 'cosplay', 'creator12', 'painting'];
  const usernames = Array.from({ length: 50 }, (_, i) => `creator${1 + ((i * 1999) % CREATORS)}`);
  // Where the time goes: every query of a profile page and a search, with its plan.
  await explainRequest(app, database, `/api/performers/${usernames[0]}`);
  await explainRequest(app, database, '/api/performers/user/search?q=yoga');
  const scenarios: Array<[string, string, string[]]> = [
    ['bare Fastify route', bareAddress, ['/bare']],
    ['search: text', address, terms.map((q) => `/api/performers/user/search?q=${encodeURIComponent(q)}`)],
    [
      'search: filters + popular sort',
      address,
      ['US', 'GB', 'DE', 'FR'].map(
        (c) => `/api/performers/user/search?gender=female&country=${c}&verified=true&sortBy=popular`,
      ),
    ],
    [
      'search: text + newest, page 3',
      address,
      terms.map((q) => `/api/performers/user/search?q=${encodeURIComponent(q)}&sortBy=newest&page=3`),
    ],
    ['profile: GET /performers/{username}', address, usernames.map((u) => `/api/performers/${u}`)],
    ['top creators', address, ['/api/performers/top?limit=12']],
    ['trending', address, ['/api/trending?limit=12']],
  ];
  const rows: Figures[] = [];
  for (const [name, base, paths] of scenarios) {
    const f = await measure(name, base, paths);
    rows.push(f);
    console.log(
      `  ${name}: ${Math.round(f.rps)} req/s, p99 ${f.p99} ms${f.errors ? `, ${f.errors} errors` : ''}; CPU per request: node ${f.cpu.nodeMs.toFixed(3)} ms (with the load generator), database ${f.cpu.dbMs?.toFixed(3) ?? '?'} ms`,
    );
  }
  const bareRps = rows[0].rps;
  const size = `${(CREATORS / 1000).toFixed(0)}k creators`;
  for (const r of rows.slice(1)) {
    record({
      scenario: `${r.name} (${size})`,
      value: r.rps,
      unit: 'req/s',
      ceiling: bareRps,
      p99_ms: r.p99,
      goal: r.name.startsWith('profile') ? '≥ 40%, p99 < 50 ms' : undefined,
    });
  }
  console.log('\nscenario | req/s | p99 ms | vs bare');
  for (const r of rows) {
    console.log(`${r.name} | ${Math.round(r.rps)} | ${r.p99} | ${((r.rps / bareRps) * 100).toFixed(1)}%`);
  }
  await bare.close();
  await app.close();
  await database.close();
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
