import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from './global-setup';

/**
 * The real entry point as one of several API nodes without Redis (JOBS_IN_PROCESS=0, no REDIS_URL):
 * it says at start that realtime and rate limits are per node; with DATABASE_READ_URL its banner
 * names the replica; SIGTERM stops it with exit 0. And as `npm start` runs it while the web app
 * builds alongside (scripts/start.mjs): it listens only once the build is done.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dbName = `marquee_node_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-node-start-'));

async function admin(text: string) {
  const c = new pg.Client({ connectionString: inject('pgUrl') });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

afterAll(async () => {
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin(`drop database if exists ${dbName}_web with (force)`).catch(() => {});
  await admin(`drop database if exists ${dbName}_gone with (force)`).catch(() => {});
  fs.rmSync(work, { recursive: true, force: true });
});

describe('an API node started without Redis among several (JOBS_IN_PROCESS=0)', () => {
  it('says realtime and rate limits are per node, names the read replica, and stops cleanly on SIGTERM', async () => {
    await admin(`create database ${dbName} template ${inject('pgTemplate')}`);
    const url = withDatabase(inject('pgUrl'), dbName);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: url,
        DATABASE_READ_URL: url,
        JOBS_IN_PROCESS: '0',
        SEED_DEMO: '0',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: work,
        WEB_DIST: path.join(work, 'no-web'),
        SECRET_KEY: 'node-start-secret-0123456789',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Marquee is ready') && child.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(output).toContain('Marquee is ready');
    expect(output).toContain('realtime and rate limits are per node (set REDIS_URL to share them)');
    expect(output).toContain('JOBS_IN_PROCESS=0: this node enqueues jobs');
    expect(output).toContain('public reads from DATABASE_READ_URL');
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
  }, 120_000);
});

describe('started by `npm start` while the web app builds (MARQUEE_WEB_BUILD=pending)', () => {
  it('asks for the build, listens only once it is done, serves it, and counts the time from `npm start`', async () => {
    await admin(`create database ${dbName}_web template ${inject('pgTemplate')}`);
    const dist = path.join(work, 'web-being-built');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: withDatabase(inject('pgUrl'), `${dbName}_web`),
        SEED_DEMO: '0',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'web-data'),
        WEB_DIST: dist,
        SECRET_KEY: 'node-start-secret-0123456789',
        LOG_FORMAT: 'json',
        // as scripts/start.mjs sets them: it began a minute ago, and the build is under way
        MARQUEE_STARTED_AT: String(Date.now() - 60_000),
        MARQUEE_WEB_BUILD: 'pending',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    const asked = new Promise<void>((resolve) =>
      child.on('message', (m: { marquee?: string }) => m?.marquee === 'web-build?' && resolve()),
    );
    const timeout = (ms: number) => new Promise((_, reject) => setTimeout(() => reject(new Error(output)), ms));
    try {
      await Promise.race([asked, timeout(90_000)]);
      expect(output).toContain('building the web app alongside');
      expect(output).toContain('waiting for the web build');
      // Everything else is ready, but nothing listens until the build is done.
      await new Promise((r) => setTimeout(r, 500));
      expect(output).not.toContain('Marquee is ready');

      fs.mkdirSync(dist, { recursive: true });
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>built</title><div id="root"></div>');
      child.send({ marquee: 'web-build', ok: true, seconds: 12.3 });
      const deadline = Date.now() + 30_000;
      while (!output.includes('Marquee is ready') && child.exitCode === null && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(output).toContain('web app built in 12.3 s');
      const ready = output
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; startupSeconds?: number })
        .find((l) => l.msg.startsWith('Marquee is ready'));
      expect(ready, output).toBeDefined();
      expect(ready!.startupSeconds).toBeGreaterThanOrEqual(60);
      const base = ready!.msg.replace('Marquee is ready: ', '').replace('localhost', '127.0.0.1');
      const page = await fetch(`${base}/some/deep/link`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<title>built</title>');
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited, output).toBe(0);
  }, 150_000);

  it('stops with a message when `npm start` is gone before the build is done (nobody would answer)', async () => {
    await admin(`create database ${dbName}_gone template ${inject('pgTemplate')}`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        DATABASE_URL: withDatabase(inject('pgUrl'), `${dbName}_gone`),
        SEED_DEMO: '0',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: path.join(work, 'gone-data'),
        WEB_DIST: path.join(work, 'never-built'),
        SECRET_KEY: 'node-start-secret-0123456789',
        LOG_FORMAT: 'json',
        MARQUEE_WEB_BUILD: 'pending',
      },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    child.on('message', (m: { marquee?: string }) => {
      if (m?.marquee === 'web-build?') child.disconnect();
    });
    const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r('timeout'), 90_000))]);
    if (code === 'timeout') child.kill('SIGKILL');
    expect(code, output).toBe(1);
    expect(output).toContain('npm start stopped before the web build finished');
    expect(output).not.toContain('Marquee is ready');
  }, 120_000);
});
