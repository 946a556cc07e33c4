/**
 * Home timeline figures: BENCH_CREATORS (default 10,000) creators with
 * BENCH_POSTS (default 1,000,000) posts between them; BENCH_FANS (default 50)
 * fans who each follow BENCH_FOLLOWING (default 500) creators (and subscribe
 * to a few). Measures requests/s and p99 of GET /api/user/feeds (first page
 * and a deep cursor page) with autocannon, next to a bare Fastify JSON route
 * on the same machine (the ratio travels between machines), and prints the
 * query plan of the timeline query to show which indexes it uses.
 *
 * BENCH_SECONDS per scenario (default 10), BENCH_DATABASE_URL for PostgreSQL.
 * Standalone: `npx tsx bench/timeline.bench.ts`.
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
import { createSession } from '../src/modules/auth/sessions';
import { cpuPerRequest, maybeProfile, postmasterPid } from './cpu';
import { openBenchDatabase } from './database';
import { explainRequest } from './explain';
import { benchNumber, record } from './results';

const CREATORS = benchNumber('BENCH_CREATORS', 10_000, 2_000);
const POSTS = benchNumber('BENCH_POSTS', 1_000_000, 100_000);
const FANS = Number(process.env.BENCH_FANS ?? 50);
const FOLLOWING = Number(process.env.BENCH_FOLLOWING ?? 500);
const SECONDS = benchNumber('BENCH_SECONDS', 10, 3);
const CONNECTIONS = 10;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-timeline-'));
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
type Rows<T> = { rows: T[] };
/** An integer literal in seed SQL (generate_series needs typed bounds, not untyped parameters). */
const n = (x: number) => sql.raw(String(Math.floor(x)));

async function seed(db: Database['db']) {
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  let t = Date.now();
  await run(sql`
    insert into users (id, username, email, name, role, referral_code, email_verified)
    select gen_random_uuid(), 'creator' || i, 'creator' || i || '@bench.test', 'Creator ' || i, 'performer',
           'C' || lpad(i::text, 11, '0'), true
    from generate_series(1, ${n(CREATORS)}) i`);
  await run(sql`
    insert into performers (user_id, display_name, verification_status, date_of_birth)
    select id, name, 'verified', '1995-06-15' from users where role = 'performer'`);
  await run(sql`create temporary table bench_creators as
    select row_number() over (order by id) - 1 as k, id from users where role = 'performer'`);
  console.log(`seeded ${CREATORS.toLocaleString()} creators in ${secs(Date.now() - t)}`);
  t = Date.now();
  // Posts spread over a year, every creator posting; a mix of free, subscriber and pay-per-view.
  const batch = 100_000;
  for (let from = 0; from < POSTS; from += batch) {
    await run(sql`
      insert into feeds (id, performer_id, type, text, visibility, price_cents, status, published_at, created_at, updated_at)
      select gen_random_uuid(), c.id, 'text', 'Post number ' || i,
             (array['free','subscribers','sale'])[1 + i % 3], case when i % 3 = 2 then 499 else 0 end,
             'published', ts, ts, ts
      from (select i, now() - (i::bigint * 31536 / ${n(POSTS / 1000)}) * interval '1 second' as ts
              from generate_series(${n(from + 1)}, ${n(Math.min(POSTS, from + batch))}) i) g
      join bench_creators c on c.k = (g.i::bigint * 7919) % ${n(CREATORS)}`);
  }
  console.log(`seeded ${POSTS.toLocaleString()} posts in ${secs(Date.now() - t)}`);
  t = Date.now();
  await run(sql`
    insert into users (id, username, email, name, role, referral_code)
    select gen_random_uuid(), 'fan' || i, 'fan' || i || '@bench.test', 'Fan ' || i, 'user', 'F' || lpad(i::text, 11, '0')
    from generate_series(1, ${n(FANS)}) i`);
  await run(sql`
    insert into follows (id, follower_id, creator_id)
    select gen_random_uuid(), f.id, c.id
    from (select row_number() over (order by id) as i, id from users where role = 'user') f
    cross join generate_series(0, ${n(FOLLOWING - 1)}) j
    join bench_creators c on c.k = (f.i * 131 + j * 19) % ${n(CREATORS)}
    on conflict do nothing`);
  // Each fan also subscribes to 5 of the creators they follow.
  await run(sql`
    insert into entitlements (id, user_id, object_type, object_id, creator_id, source, expires_at)
    select gen_random_uuid(), f.follower_id, 'performer', f.creator_id, f.creator_id, 'subscription', now() + interval '30 days'
    from (select follower_id, creator_id, row_number() over (partition by follower_id order by creator_id) as r from follows) f
    where f.r <= 5
    on conflict do nothing`);
  await run(sql`analyze`);
  console.log(`seeded ${FANS} fans following ${FOLLOWING} creators each in ${secs(Date.now() - t)}`);
}

let postmaster: number | null = null;

async function measure(name: string, url: string, requests: Array<{ path: string; headers?: Record<string, string> }>) {
  let r!: Awaited<ReturnType<typeof autocannon>>;
  const cpu = await cpuPerRequest(postmaster, async () => {
    r = await maybeProfile(name, () =>
      autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: requests.map((x) => ({ method: 'GET', ...x })),
      }),
    );
    return r.requests.total;
  });
  console.log(
    `  ${name}: ${Math.round(r.requests.average)} req/s; CPU per request: node ${cpu.nodeMs.toFixed(3)} ms (with the load generator), database ${cpu.dbMs?.toFixed(3) ?? '?'} ms`,
  );
  return { name, rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx };
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

  const fans = (
    (await database.db.execute(sql`select id from users where role = 'user' order by id`)) as unknown as Rows<{
      id: string;
    }>
  ).rows;
  const auth: Array<Record<string, string>> = [];
  for (const f of fans)
    auth.push({ authorization: `Bearer ${(await createSession(database.db, f.id, { remember: true })).token}` });

  // A deep page: follow the cursor 10 pages down for each fan.
  const deep: Array<{ path: string; headers: Record<string, string> }> = [];
  for (const headers of auth.slice(0, 10)) {
    let cursor: string | null = null;
    for (let i = 0; i < 10; i++) {
      const page = (
        await app.inject({
          method: 'GET',
          url: `/api/user/feeds?pageSize=12${cursor ? `&cursor=${cursor}` : ''}`,
          headers,
        })
      ).json() as { nextCursor: string | null };
      cursor = page.nextCursor;
    }
    if (cursor) deep.push({ path: `/api/user/feeds?pageSize=12&cursor=${cursor}`, headers });
  }
  const sample = await app.inject({ method: 'GET', url: '/api/user/feeds?pageSize=12', headers: auth[0] });
  console.log(`sample page: ${sample.statusCode}, ${sample.json().data.length} posts, ${sample.body.length} bytes`);

  // The plan of the timeline query (the repo's SQL, for fan 0; the follow set is read first by its own index).
  const creators = (
    (await database.db.execute(sql`select creator_id as id from follows where follower_id = ${fans[0].id}
      union select object_id from entitlements where user_id = ${fans[0].id} and object_type = 'performer'`)) as unknown as Rows<{
      id: string;
    }>
  ).rows.map((r) => r.id);
  const plan = (await database.db.execute(sql`explain (analyze, costs off)
    select f.id from feeds f
     where f.performer_id = any(${sql.raw(`'{${creators.join(',')}}'::uuid[]`)})
       and f.status = 'published' and (f.expires_at is null or f.expires_at > now())
     order by f.published_at desc nulls last, f.id desc nulls last
     limit 13`)) as unknown as Rows<Record<string, string>>;
  const lines = plan.rows.map((r) => Object.values(r)[0]);
  console.log('timeline query plan:');
  for (const l of lines) console.log(`  ${l.length > 160 ? `${l.slice(0, 157)}...` : l}`);
  const text = lines.join('\n');
  const indexes = [
    ...new Set([...text.matchAll(/Index(?: Only)? Scan(?: Backward)? (?:using|on) (\w+)/g)].map((m) => m[1])),
  ];
  console.log(
    `indexes used: ${indexes.join(', ') || 'none'}; seq scans on feeds: ${/Seq Scan on feeds/.test(text) ? 'YES' : 'no'}`,
  );

  // Every query of a timeline page, with its plan.
  await explainRequest(app, database, '/api/user/feeds?pageSize=12', auth[0]);

  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({
    data: [{ _id: '0190f1f0-0000-7000-8000-000000000000', text: 'hi' }],
    nextCursor: null,
  }));
  const bareAddress = await bare.listen({ port: 0, host: '127.0.0.1' });

  const results = [
    await measure('bare Fastify route', bareAddress, [{ path: '/bare' }]),
    await measure(
      'GET /user/feeds (first page)',
      address,
      auth.map((headers) => ({ path: '/api/user/feeds?pageSize=12', headers })),
    ),
    await measure('GET /user/feeds (page 11, cursor)', address, deep),
  ];
  const ceiling = results[0].rps;
  for (const r of results.slice(1)) {
    record({
      scenario: `home timeline ${r.name} (${(POSTS / 1e6).toFixed(1)}M posts, following ${FOLLOWING})`,
      value: r.rps,
      unit: 'req/s',
      ceiling,
      p99_ms: r.p99,
      goal: '≥ 25%, p99 < 50 ms',
    });
  }
  console.log('\nscenario                              req/s     p99    ratio to bare  errors');
  for (const r of results) {
    console.log(
      `${r.name.padEnd(36)} ${r.rps.toFixed(0).padStart(7)} ${`${r.p99} ms`.padStart(8)} ${(r.rps / ceiling).toFixed(3).padStart(10)} ${String(r.errors).padStart(7)}`,
    );
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
