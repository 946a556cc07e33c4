import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { buildPerformer, buildUser, TEST_PASSWORD } from '../../test/factories';
import { buildFeed, buildFollow } from '../../test/factories.feeds';
import { buildMedia } from '../../test/factories.media';
import { buildConversation, sendMessage } from '../../test/factories.messages';
import { fundWallet } from '../../test/factories.money';
import { withDatabase } from '../../test/global-setup';
import { useTestApp } from '../../test/harness';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { verifyLedger } from '../modules/ledger/ledger.service';
import { openPostgres } from './client';

/**
 * `npm run db:export`: the test's database (on the embedded server in a plain run) is exported
 * into a new database on the machine's PostgreSQL when one answers on 127.0.0.1:5432 (a different
 * major version: the reason the export does not rely on pg_dump), else on the same server.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const machinePg = await reachable(5432);
const adminUrl = machinePg ? 'postgres://postgres@127.0.0.1:5432/postgres' : inject('pgUrl');
const targetName = `marquee_export_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const targetUrl = withDatabase(adminUrl, targetName);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-export-'));

const t = useTestApp();

afterAll(async () => {
  await adminQuery(`drop database if exists ${targetName} with (force)`).catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
});

describe('npm run db:export', () => {
  it('copies every table into a new database, counts rows on both sides, and the copy serves the site', async () => {
    const { app, database } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 2500);
    await buildFollow(app, fan.user.id, creator.user.id);
    await buildFeed(app, creator.user.id, { text: 'Exported post' });
    await buildMedia(app, creator.user.id, { kind: 'photo' });
    const conv = await buildConversation(app, fan.user.id, creator.user.id);
    await sendMessage(app, fan, conv.id, { text: 'hello before the move' });
    await adminQuery(`create database ${targetName}`);

    const run = await exportCli(['--from', database.url, '--to', targetUrl]);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/every count matches/);
    expect(run.output).not.toMatch(/DIFF/);

    // The counts, taken again here, independently of the command.
    const source = await tableCounts(database.url);
    const target = await tableCounts(targetUrl);
    expect(Object.keys(source).length).toBeGreaterThan(30);
    expect(target).toEqual(source);
    expect(source.users).toBe(2);
    expect(source.ledger_entries).toBeGreaterThan(0);

    // The copy is a working site: the ledger balances, the creator signs in, sequences continue.
    const copy = await openPostgres(targetUrl, 2);
    try {
      expect((await verifyLedger(copy.db)).ok).toBe(true);
      const dataDir = path.join(work, 'copy');
      const copyApp = await buildApp({
        config: loadConfig({
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'silent',
          SEED_DEMO: '0',
          SECRET_KEY: 'test-secret-key-0123456789',
          WEB_DIST: path.join(dataDir, 'no-web'),
        }),
        database: copy,
        logger: false,
      });
      try {
        const login = await copyApp.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: creator.user.username, password: TEST_PASSWORD },
        });
        expect(login.statusCode, login.body).toBe(200);
        const wall = await copyApp.inject({ method: 'GET', url: `/api/user/feeds/search/${creator.user.username}` });
        expect(wall.json().data.map((f: { text: string }) => f.text)).toEqual(['Exported post']);
        const newcomer = await buildUser(copyApp);
        await fundWallet(copyApp, newcomer.user.id, 100);
        expect((await verifyLedger(copy.db)).ok).toBe(true);
      } finally {
        await copyApp.close();
      }
    } finally {
      await copy.close();
    }

    // A second export into the now populated database is refused.
    const again = await exportCli(['--from', database.url, '--to', targetUrl]);
    expect(again.code).toBe(1);
    expect(again.output).toMatch(/already has \d+ account/);
  }, 240_000);

  it('refuses to run without a target', async () => {
    const run = await exportCli([]);
    expect(run.code).toBe(2);
    expect(run.output).toMatch(/usage: npm run db:export -- --to/);
  }, 60_000);
});

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function tableCounts(url: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = 'public' order by 1",
    );
    const out: Record<string, number> = {};
    for (const r of rows) out[r.name] = (await c.query(`select count(*)::int as n from public."${r.name}"`)).rows[0].n;
    return out;
  } finally {
    await c.end();
  }
}

function exportCli(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/scripts/db-export.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: '', INIT_CWD: '', DATA_DIR: path.join(work, 'cli'), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.end();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
