import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Actor, buildPerformer, buildUser } from '../../test/factories';
import { buildFeed } from '../../test/factories.feeds';
import { clearDiscoveryCaches } from '../../test/factories.profiles';
import { withDatabase } from '../../test/global-setup';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { PRIMARY_COOKIE } from '../plugins/read-replica';
import { type Database, openPostgres, withReadReplica } from './client';

/**
 * DATABASE_READ_URL. The "replica" is a copy of the primary taken after creator `early` posted,
 * reached through a role whose transactions are read-only: what only the primary holds (creator
 * `late`, a new follow) is invisible through it, so every answer shows which pool served it, and a
 * write sent to the replica would fail.
 */
const suffix = `${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const primaryName = `marquee_rp_${suffix}`;
const replicaName = `marquee_rr_${suffix}`;
const role = `marquee_ro_${suffix}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-replica-'));
const env = {
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_DEMO: '0',
  SECRET_KEY: 'test-secret-key-0123456789',
  WEB_DIST: path.join(dataDir, 'no-web'),
};

async function admin<T>(fn: (c: pg.Client) => Promise<T>, database?: string): Promise<T> {
  const url = database ? withDatabase(inject('pgUrl'), database) : inject('pgUrl');
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

describe('DATABASE_READ_URL: heavy public reads from the replica, writes and read-your-writes from the primary', () => {
  let database: Database;
  let app: App;
  let early: Actor;
  let late: Actor;
  let fan: Actor;

  beforeAll(async () => {
    const primaryUrl = withDatabase(inject('pgUrl'), primaryName);
    await admin((c) => c.query(`create database ${primaryName} template ${inject('pgTemplate')}`));
    {
      const seedDb = await openPostgres(primaryUrl, 2);
      const seedApp = await buildApp({ config: loadConfig(env), database: seedDb, logger: false });
      early = await buildPerformer(seedApp);
      await buildFeed(seedApp, early.user.id, { text: 'Posted before the copy' });
      await seedApp.close();
      await seedDb.close();
    }
    await admin(async (c) => {
      await c.query(`create database ${replicaName} template ${primaryName}`);
      await c.query(`create role ${role} login password 'replica-pass' `);
      await c.query(`alter role ${role} set default_transaction_read_only = on`);
      await c.query(`grant connect on database ${replicaName} to ${role}`);
    });
    await admin(async (c) => {
      await c.query(`grant usage on schema public to ${role}`);
      await c.query(`grant select on all tables in schema public to ${role}`);
    }, replicaName);
    const readUrl = new URL(withDatabase(inject('pgUrl'), replicaName));
    readUrl.username = role;
    readUrl.password = 'replica-pass';
    const config = loadConfig({ ...env, DATABASE_READ_URL: readUrl.toString() });
    database = await withReadReplica(await openPostgres(primaryUrl, 4), config.DATABASE_READ_URL!, 4);
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    late = await buildPerformer(app);
    fan = await buildUser(app);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await admin(async (c) => {
      await c.query(`drop database if exists ${replicaName} with (force)`).catch(() => {});
      await c.query(`drop database if exists ${primaryName} with (force)`).catch(() => {});
      await c.query(`drop role if exists ${role}`).catch(() => {});
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('the replica pool is read-only: a write through it fails, the same write through the primary succeeds', async () => {
    const write = sql`update users set name = name where id = ${early.user.id}`;
    const err = await database.read.execute(write).then(
      () => null,
      (e: Error) => e,
    );
    expect(String((err?.cause as Error | undefined)?.message)).toMatch(/read-only transaction/);
    await expect(database.db.execute(write)).resolves.toBeDefined();
  });

  it('profiles and search are read from the replica: a creator only the primary holds is not found there', async () => {
    clearDiscoveryCaches();
    expect((await get(`/api/performers/${early.user.username}`)).statusCode).toBe(200);
    expect((await get(`/api/performers/${late.user.username}`)).statusCode).toBe(404);
    const names = (await get('/api/performers/user/search?q=creator'))
      .json()
      .data.map((p: { username: string }) => p.username);
    expect(names).toContain(early.user.username);
    expect(names).not.toContain(late.user.username);
    // Everything else (sessions, the account, writes) is the primary's: `fan` exists only there.
    expect((await get('/api/users/me', fan.auth)).statusCode).toBe(200);
  });

  it('after a write the client reads its own writes from the primary for the sticky window', async () => {
    const followed = await app.inject({ method: 'POST', url: `/api/follows/${early.user.id}`, headers: fan.auth });
    expect(followed.statusCode).toBe(200);
    const cookie = followed.cookies.find((c) => c.name === PRIMARY_COOKIE);
    expect(cookie?.maxAge).toBe(5);
    // Without the mark the timeline comes from the replica, which has no follow yet.
    expect((await get('/api/user/feeds', fan.auth)).json().data).toEqual([]);
    const sticky = { ...fan.auth, cookie: `${PRIMARY_COOKIE}=1` };
    const own = (await get('/api/user/feeds', sticky)).json().data;
    expect(own.map((f: { text: string }) => f.text)).toEqual(['Posted before the copy']);
    expect((await get(`/api/performers/${late.user.username}`, sticky)).statusCode).toBe(200);
    // A refused write marks nothing.
    const refused = await app.inject({ method: 'POST', url: '/api/follows/nobody-here', headers: fan.auth });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.cookies.find((c) => c.name === PRIMARY_COOKIE)).toBeUndefined();
  });

  it('ready checks the replica too', async () => {
    const ready = (await get('/api/health/ready')).json();
    expect(ready.checks.replica.ok).toBe(true);
  });

  it('a creator’s posts are read from the replica for anonymous visitors', async () => {
    const wall = (await get(`/api/user/feeds/search/${early.user.username}`)).json();
    expect(wall.total).toBe(1);
    expect((await get(`/api/user/feeds/search/${late.user.username}`)).statusCode).toBe(404);
  });
});
