import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeEach, inject } from 'vitest';
import { type App, buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openPostgres } from '../src/db/client';
import { setClockOffset } from '../src/lib/clock';
import { registerJobHandlers } from '../src/modules/jobs';
import { withDatabase } from './global-setup';

export interface TestContext {
  app: App;
  database: Database;
  dataDir: string;
}

let current: Promise<TestContext> | null = null;

/** A fresh database for this test file, copied from the migrated template. */
async function openTestDatabase(): Promise<Database> {
  const template = inject('pgTemplate');
  const url = inject('pgUrl');
  const name = `marquee_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const db = await openPostgres(withDatabase(url, name), 10);
  const close = db.close;
  db.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop database if exists ${name}`).catch(() => {});
    await c.end();
  };
  return db;
}

/**
 * The app for this test file: one database and one app per file, tables
 * emptied before each test. `jobs: true` starts the real job queue.
 */
export function useTestApp(opts: { jobs?: boolean; env?: Record<string, string> } = {}): () => TestContext {
  let ctx: TestContext | null = null;
  current ??= (async () => {
    const database = await openTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-test-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      SECRET_KEY: 'test-secret-key-0123456789',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...opts.env,
    });
    const app = await buildApp({ config, database, logger: false });
    registerJobHandlers(app.ctx);
    if (opts.jobs) await app.ctx.jobs.start();
    await app.ready();
    return { app, database, dataDir };
  })();

  beforeEach(async () => {
    ctx = await current!;
    setClockOffset(0);
    await truncateAll(ctx.database);
    ctx.app.ctx.settings.invalidate();
  });
  afterAll(async () => {
    const c = await current;
    current = null;
    if (!c) return;
    await c.app.close();
    await c.database.close();
    fs.rmSync(c.dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!ctx) throw new Error('useTestApp() context is available inside tests only');
    return ctx;
  };
}

/**
 * Empties every table that has rows. DELETE of the few tables a test wrote (foreign-key triggers
 * off for the transaction) instead of TRUNCATE of all of them: TRUNCATE makes new files for every
 * table and index, which cost ~1 s a test on a PostgreSQL server with fsync on (CI's service).
 */
async function truncateAll(database: Database) {
  const { rows: tables } = (await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public'`,
  )) as unknown as { rows: Array<{ tablename: string }> };
  if (tables.length === 0) return;
  const probe = tables
    .map((t) => `select '${t.tablename}' as name where exists (select 1 from "public"."${t.tablename}")`)
    .join(' union all ');
  const { rows: filled } = (await database.db.execute(sql.raw(probe))) as unknown as { rows: Array<{ name: string }> };
  if (filled.length === 0) return;
  const statements = filled.map((t) => `delete from "public"."${t.name}";`);
  const sequences = (await serialSequences(database))
    .filter((q) => filled.some((t) => t.name === q.table))
    .map((q) => `select setval('${q.sequence}', 1, false);`);
  await database.db.execute(
    sql.raw(
      `begin; set local session_replication_role = replica; ${statements.join(' ')} ${sequences.join(' ')} commit;`,
    ),
  );
}

let serials: Promise<Array<{ table: string; sequence: string }>> | null = null;

/** The sequences behind serial columns (restarted when their table is emptied, as TRUNCATE … RESTART IDENTITY did). */
function serialSequences(database: Database) {
  serials ??= (
    database.db.execute(
      sql`select table_name as "table", pg_get_serial_sequence(format('%I.%I', table_schema, table_name), column_name) as sequence
          from information_schema.columns where table_schema = 'public' and column_default like 'nextval%'`,
    ) as unknown as Promise<{ rows: Array<{ table: string; sequence: string }> }>
  ).then((r) => r.rows);
  return serials;
}
