/**
 * Tips per second: the full wallet charge use case (lock the fan's wallet, check,
 * post the balanced ledger transaction — fan wallet, creator earnings, platform —
 * record the charge, notify the creator) called in-process, on embedded PGlite and,
 * with BENCH_DATABASE_URL (or DATABASE_URL), on PostgreSQL next to pgbench's
 * TPC-B-like tps on the same server in the same run. A tip is the same shape of
 * transaction as TPC-B (debit one account, credit others, append history), so
 * tips/s ÷ pgbench tps shows how close we are to the database's own limit.
 *
 * BENCH_SECONDS (default 10), BENCH_CONCURRENCY (default 8), BENCH_FANS (200),
 * BENCH_CREATORS (10). Standalone: `npx tsx bench/tips.bench.ts`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import type { UserRow } from '../src/db/schema';
import { clearing, transfer, verifyLedger, wallet } from '../src/modules/ledger/ledger.service';
import { insertUser } from '../src/modules/users/users.repo';
import { chargeWallet } from '../src/modules/wallet/charges.service';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const FANS = Number(process.env.BENCH_FANS ?? 200);
const CREATORS = Number(process.env.BENCH_CREATORS ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;

async function tipsPerSecond(database: Database, label: string, concurrency: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-tips-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    SECRET_KEY: 'bench-secret-key-0123456789',
    WEB_DIST: path.join(dataDir, 'none'),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const ctx = app.ctx;
  const creators: UserRow[] = [];
  for (let i = 0; i < CREATORS; i++)
    creators.push(
      await insertUser(ctx.db, { username: `bc${i}_${process.pid}`, name: `Creator ${i}`, role: 'performer' }),
    );
  const fans: UserRow[] = [];
  for (let i = 0; i < FANS; i++) {
    const fan = await insertUser(ctx.db, { username: `bf${i}_${process.pid}`, name: `Fan ${i}`, role: 'user' });
    await ctx.db.transaction((tx) =>
      transfer(tx, { from: clearing('sandbox'), to: wallet(fan.id), amountCents: 100_000_000, kind: 'topup' }),
    );
    fans.push(fan);
  }
  let done = 0;
  let failed = 0;
  const latencies: number[] = [];
  const until = Date.now() + SECONDS * 1000;
  const worker = async (w: number) => {
    let i = w;
    while (Date.now() < until) {
      const fan = fans[i % fans.length];
      const creator = creators[i % creators.length];
      i += concurrency;
      const t0 = performance.now();
      try {
        await chargeWallet(ctx, {
          userId: fan.id,
          type: 'tip',
          id: creator.id,
          amountCents: 1_000 + (i % 500),
          message: 'bench',
        });
        done++;
        latencies.push(performance.now() - t0);
      } catch (err) {
        failed++;
        if (failed < 3) console.error(err);
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const secs = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const p = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]?.toFixed(1);
  const report = await verifyLedger(ctx.db);
  console.log(
    `${label}: ${(done / secs).toFixed(0)} tips/s (${done} tips in ${secs.toFixed(1)} s, concurrency ${concurrency}, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms, ${failed} failed) — ledger ${report.ok ? 'balances' : 'DOES NOT BALANCE'}`,
  );
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return done / secs;
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function main() {
  console.log(`tips bench: ${SECONDS} s per run, ${FANS} fans, ${CREATORS} creators, ${os.cpus().length} CPUs`);
  {
    const db = await openPglite();
    await runMigrations(db);
    // PGlite runs one transaction at a time: concurrency only queues.
    await tipsPerSecond(db, 'PGlite (embedded)', 4);
    await db.close();
  }
  if (!PG_URL) {
    console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL=postgres://… to compare with pgbench)');
    return;
  }
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const tipsDb = `marquee_bench_tips_${process.pid}`;
  const pgbenchDb = `marquee_bench_pgbench_${process.pid}`;
  try {
    await admin.query(`create database ${tipsDb}`);
    const db = await openPostgres(withDatabase(PG_URL, tipsDb), CONCURRENCY + 2);
    await db.db.execute('create extension if not exists pg_trgm' as never).catch(() => {});
    await runMigrations(db);
    const tips = await tipsPerSecond(db, 'PostgreSQL', CONCURRENCY);
    await db.close();

    await admin.query(`create database ${pgbenchDb}`);
    const url = withDatabase(PG_URL, pgbenchDb);
    let tps = Number.NaN;
    try {
      execFileSync('pgbench', ['-i', '-s', '1', '-q', url], { stdio: 'pipe' });
      const out = execFileSync('pgbench', ['-c', String(CONCURRENCY), '-j', '2', '-T', String(SECONDS), '-n', url], {
        encoding: 'utf8',
      });
      tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
      console.log(`pgbench TPC-B-like (scale 1, ${CONCURRENCY} clients, same server): ${tps.toFixed(0)} tps`);
    } catch (err) {
      console.log(`pgbench: not available (${(err as Error).message.split('\n')[0]}); install postgresql-contrib`);
    }
    if (Number.isFinite(tps)) console.log(`ratio: tips/s ÷ pgbench tps = ${(tips / tps).toFixed(2)}`);
  } finally {
    await admin.query(`drop database if exists ${tipsDb} with (force)`).catch(() => {});
    await admin.query(`drop database if exists ${pgbenchDb} with (force)`).catch(() => {});
    await admin.end();
  }
}

await main();
process.exit(0);
