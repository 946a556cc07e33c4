/**
 * Tips per second: the full wallet charge use case (lock the fan's wallet, check,
 * post the balanced ledger transaction — fan wallet, creator earnings, platform —
 * record the charge, notify the creator) called in-process, on the embedded PostgreSQL
 * (or BENCH_DATABASE_URL's server), next to pgbench's TPC-B-like tps on the same server
 * in the same run. A tip is the same shape of
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
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { performers, type UserRow } from '../src/db/schema';
import { clearing, transfer, verifyLedger, wallet } from '../src/modules/ledger/ledger.service';
import { insertUser } from '../src/modules/users/users.repo';
import { chargeWallet } from '../src/modules/wallet/charges.service';
import { openBenchDatabase } from './database';
import { benchNumber, record } from './results';

const SECONDS = benchNumber('BENCH_SECONDS', 10, 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const FANS = Number(process.env.BENCH_FANS ?? 200);
const CREATORS = Number(process.env.BENCH_CREATORS ?? 10);

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
  // Only verified creators of age can be paid (performers/earning-policy.ts).
  await ctx.db.update(performers).set({ verificationStatus: 'verified', dateOfBirth: '1995-06-15' });
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

async function main() {
  console.log(`tips bench: ${SECONDS} s per run, ${FANS} fans, ${CREATORS} creators, ${os.cpus().length} CPUs`);
  const db = await openBenchDatabase(CONCURRENCY + 2);
  try {
    await runMigrations(db);
    const tips = await tipsPerSecond(db, db.label, CONCURRENCY);
    const tps = pgbenchTps(db.url);
    record({
      scenario: `tips through the whole use case, ${CONCURRENCY} at once (vs pgbench TPC-B-like, same server)`,
      value: tips,
      unit: 'tips/s',
      ceiling: tps,
      p99_ms: null,
      goal: '≥ 0.5 of pgbench',
    });
  } finally {
    await db.close();
  }
}

/** pgbench TPC-B-like (scale 1) in the same database and server, same concurrency; null without pgbench. */
function pgbenchTps(url: string): number | null {
  try {
    execFileSync('pgbench', ['-i', '-s', '1', '-q', url], { stdio: 'pipe' });
    const out = execFileSync('pgbench', ['-c', String(CONCURRENCY), '-j', '2', '-T', String(SECONDS), '-n', url], {
      encoding: 'utf8',
    });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    console.log(`pgbench TPC-B-like (scale 1, ${CONCURRENCY} clients, same server): ${tps.toFixed(0)} tps`);
    return Number.isFinite(tps) ? tps : null;
  } catch (err) {
    console.log(`pgbench: not available (${(err as Error).message.split('\n')[0]}); install postgresql-contrib`);
    return null;
  }
}

await main();
process.exit(0);
