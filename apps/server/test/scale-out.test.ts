import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import S3rver from 's3rver';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openPostgres } from '../src/db/client';
import { newId } from '../src/db/ids';
import { storageFor } from '../src/lib/storage';
import { createSession } from '../src/modules/auth/sessions';
import { KINDS } from '../src/modules/content/content.kinds';
import { createItem } from '../src/modules/content/content.service';
import { findMedia } from '../src/modules/media/media.repo';
import { type Actor, buildPerformer, buildUser, TEST_PASSWORD } from './factories';
import { buildMedia, makeClip, multipartBody } from './factories.media';
import { buildConversation } from './factories.messages';
import { fundWallet } from './factories.money';
import { withDatabase } from './global-setup';

/**
 * Scale-out on one machine (docs/deploy.md): two API nodes (JOBS_IN_PROCESS=0) and two job
 * workers, as separate processes sharing one PostgreSQL, the machine's Redis and a local
 * S3-compatible server. Skipped when no Redis answers on 127.0.0.1:6379.
 */
const REDIS = { host: '127.0.0.1', port: 6379 };
const redisUp = await reachable(REDIS.port);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Node {
  name: string;
  child: ChildProcess;
  url: string;
  log: () => string;
}

describe.skipIf(!redisUp)('two API nodes and two workers on PostgreSQL, Redis and S3', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-scale-'));
  const dbName = `marquee_scale_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const s3Port = 20000 + Math.floor(Math.random() * 20000);
  const s3 = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(work, 's3'),
    configureBuckets: [{ name: 'marquee-media' }],
  });
  let database: Database;
  let control: App;
  let env: Record<string, string>;
  const nodes: Node[] = [];
  let a: Node;
  let b: Node;

  beforeAll(async () => {
    await s3.run();
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    await admin.query(`create database ${dbName} template ${inject('pgTemplate')}`);
    await admin.end();
    const url = withDatabase(inject('pgUrl'), dbName);
    env = {
      NODE_ENV: 'test',
      DATABASE_URL: url,
      REDIS_URL: `redis://${REDIS.host}:${REDIS.port}`,
      // Its own keys and channels: other runs on the same Redis neither limit nor hear this one.
      REDIS_PREFIX: dbName,
      S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      S3_BUCKET: 'marquee-media',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
      SECRET_KEY: `scale-out-secret-${dbName}`,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      JOBS_IN_PROCESS: '0',
      AUTH_RATE_LIMIT_MAX: '3',
      // Long enough for the burst on a busy CI machine; the balancer's check interval in production.
      SHUTDOWN_DRAIN_SECONDS: '8',
      WEB_DIST: path.join(work, 'no-web'),
    };
    database = await openPostgres(url, 4);
    const config: Config = loadConfig({ ...env, DATA_DIR: path.join(work, 'control') });
    control = await buildApp({ config, database, logger: false });
    await control.ready();
    const started = await Promise.all([
      startProcess('node-a', 'src/main.ts', true),
      startProcess('node-b', 'src/main.ts', true),
      startProcess('worker-1', 'src/worker.ts', false),
      startProcess('worker-2', 'src/worker.ts', false),
    ]);
    nodes.push(...started);
    [a, b] = started;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(nodes.map((n) => stop(n.child)));
    await control?.close();
    await database?.close();
    await s3.close();
    const admin = new pg.Client({ connectionString: inject('pgUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  }, 60_000);

  async function startProcess(name: string, entry: string, http: boolean): Promise<Node> {
    const port = http ? await freePort() : 0;
    let output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', entry], {
      cwd: serverDir,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, name) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const append = (c: Buffer) => {
      output = (output + c.toString()).slice(-20_000);
    };
    child.stdout?.on('data', append);
    child.stderr?.on('data', append);
    const node = { name, child, url: `http://127.0.0.1:${port}`, log: () => output };
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`${name} exited:\n${output}`);
      if (output.includes(http ? 'Marquee is ready' : 'worker running jobs')) return node;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${name} did not start:\n${output}`);
  }

  it('a video uploaded through A is processed once by one worker; B serves it to the buyer only', async () => {
    const creator = await buildPerformer(control);
    const buyer = await buildUser(control);
    const other = await buildUser(control);
    await fundWallet(control, buyer.user.id, 5000);

    const { payload, headers } = multipartBody([{ filename: 'v.mp4', content: makeClip('mp4', 2) }]);
    const up = await fetch(`${a.url}/api/media/upload?kinds=video`, {
      method: 'POST',
      headers: { ...headers, ...creator.auth },
      body: payload,
    });
    expect(up.status).toBe(201);
    const videoId = ((await up.json()) as { data: Array<{ _id: string }> }).data[0]._id;
    let row = await findMedia(control.ctx.db, videoId);
    for (let i = 0; i < 480 && row!.status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      row = await findMedia(control.ctx.db, videoId);
    }
    expect(row!.status).toBe('ready');
    // The row is ready inside the handler; pg-boss marks the job completed just after it returns.
    const jobState = () =>
      control.ctx.db.execute(
        sql`select state, retry_count from pgboss.job where name = 'media.process' and data->>'mediaId' = ${videoId}`,
      );
    let jobs = await jobState();
    for (let i = 0; i < 100 && jobs.rows.some((r) => r.state !== 'completed'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      jobs = await jobState();
    }
    expect(jobs.rows).toEqual([{ state: 'completed', retry_count: 0 }]);

    const [teaser, thumb] = await Promise.all([
      buildMedia(control, creator.user.id, { kind: 'video' }),
      buildMedia(control, creator.user.id, { kind: 'photo' }),
    ]);
    const item = await createItem(
      control.ctx,
      KINDS.video,
      { id: creator.user.id, role: creator.user.role },
      {
        title: `Scale ${newId().slice(-6)}`,
        description: 'Paid',
        tags: [],
        status: 'active',
        visibility: 'sale',
        price: 5,
        videoId,
        teaserId: teaser.id,
        thumbnailId: thumb.id,
      },
    );
    const paid = await fetch(`${a.url}/api/wallet/charges/video/${item._id}`, {
      method: 'POST',
      headers: { ...buyer.auth, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(paid.status, await paid.clone().text()).toBeLessThan(300);

    const seen = await getJson(`${b.url}/api/performer-assets/videos/${item._id}`, buyer);
    expect(seen.unlocked).toBe(true);
    // B answers with a short-lived presigned URL of the bucket, which serves the processed MP4.
    const file = await fetch(new URL(seen.video.url, b.url), { headers: cookieOf(buyer), redirect: 'manual' });
    expect(file.status).toBe(302);
    const presigned = file.headers.get('location')!;
    expect(presigned).toMatch(new RegExp(`^${env.S3_ENDPOINT}/marquee-media/.*X-Amz-Signature=`));
    expect(Number(/X-Amz-Expires=(\d+)/.exec(presigned)![1])).toBeLessThanOrEqual(4 * 3600 + 300);
    const bytes = await fetch(presigned, { headers: { range: 'bytes=0-11' } });
    expect(bytes.status).toBe(206);
    expect(
      Buffer.from(await bytes.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp');
    // Every upload and rendition is in the bucket; no process wrote media under its DATA_DIR.
    const stored = await storageFor(control.ctx.config).stat(row!.variants.mp4.key);
    expect(stored?.size).toBe(row!.variants.mp4.size);
    for (const dir of ['node-a', 'node-b', 'worker-1', 'worker-2', 'control']) {
      expect(filesUnder(path.join(work, dir, 'media')), dir).toEqual([]);
    }
    const locked = await getJson(`${b.url}/api/performer-assets/videos/${item._id}`, other);
    expect(locked.unlocked).toBe(false);
    expect(locked.video?.url ?? null).toBeNull();
  });

  it('a message sent through A reaches the recipient’s socket on B', async () => {
    const creator = await buildPerformer(control);
    const fan = await buildUser(control);
    const conv = await buildConversation(control, fan.user.id, creator.user.id);
    const socket = await listen(b.url, fan.token);
    const got = new Promise<{ message: { text: string } }>((r) => socket.once('message/created', r));
    const sent = await fetch(`${a.url}/api/messages/conversations/${conv.id}`, {
      method: 'POST',
      headers: { ...creator.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'across nodes' }),
    });
    expect(sent.status).toBeLessThan(300);
    expect((await got).message.text).toBe('across nodes');
    socket.disconnect();
  });

  it('a password changed through A disconnects the other sessions’ sockets on B (the bus message can precede the commit)', async () => {
    const fan = await buildUser(control);
    const second = await createSession(control.ctx.db, fan.user.id, { remember: false });
    const [kept, other] = [await listen(b.url, fan.token), await listen(b.url, second.token)];
    const gone = new Promise<string>((r) => other.once('disconnect', r));
    const changed = await fetch(`${a.url}/api/auth/users/me/password`, {
      method: 'PUT',
      headers: { ...fan.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'fresh-password-99', currentPassword: TEST_PASSWORD }),
    });
    expect(changed.status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(kept.connected).toBe(true);
    kept.disconnect();
  });

  it('a login rate limit hit on A holds on B', async () => {
    const fan = await buildUser(control);
    const attempt = (node: Node) =>
      fetch(`${node.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: fan.user.username, password: 'wrong-password-1' }),
      });
    for (let i = 0; i < 3; i++) expect((await attempt(a)).status).not.toBe(429);
    expect((await attempt(b)).status).toBe(429);
  });

  it('SIGTERM to A during a burst: A drains (ready 503), answers every request it accepted, keeps every write and hints its sockets to reconnect', async () => {
    const creator = await buildPerformer(control);
    const fan = await buildUser(control);
    const conv = await buildConversation(control, fan.user.id, creator.user.id);
    // A socket on A gets the reconnect hint, then a transport close (socket.io clients reconnect by themselves).
    const socket = await listen(a.url, fan.token);
    const hint = new Promise<{ reason: string }>((r) => socket.once('server/reconnect', r));
    const closed = new Promise<string>((r) => socket.once('disconnect', r));
    const outcomes: string[] = [];
    let written = 0;
    let signalled = false;
    const burst = Array.from({ length: 60 }, async (_, i) => {
      try {
        // Half reads, half writes (a message each), interleaved.
        const res =
          i % 2
            ? await fetch(`${a.url}/api/health`, { headers: { connection: 'close' } })
            : await fetch(`${a.url}/api/messages/conversations/${conv.id}`, {
                method: 'POST',
                headers: { ...creator.auth, 'content-type': 'application/json', connection: 'close' },
                body: JSON.stringify({ text: `burst ${i}` }),
              });
        await res.text();
        if (i % 2 === 0 && res.status < 300) written++;
        outcomes.push(res.status < 300 ? 'answered' : `status ${res.status}`);
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code;
        outcomes.push(code === 'ECONNREFUSED' ? 'refused' : `lost ${code ?? (err as Error).message}`);
      }
      if (!signalled) {
        signalled = true;
        a.child.kill('SIGTERM'); // while the rest of the burst is in flight
      }
    });
    await Promise.all(burst);
    const ready = await fetch(`${a.url}/api/health/ready`, { headers: { connection: 'close' } }).catch((err) => {
      throw new Error(`${err} after ${JSON.stringify(outcomes)}\n${a.log()}`);
    });
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('draining');
    await new Promise((r) => (a.child.exitCode !== null ? r(null) : a.child.once('exit', r)));
    expect(outcomes.filter((o) => o !== 'answered')).toEqual([]);
    expect(a.child.exitCode).toBe(0);
    const kept = await control.ctx.db.execute(
      sql`select count(*)::int as n from messages where conversation_id = ${conv.id} and text like 'burst %'`,
    );
    expect(written).toBe(30);
    expect((await hint).reason).toBe('shutdown');
    expect(await closed).toBe('transport close');
    expect(kept.rows[0].n).toBe(written);
  });
});

// biome-ignore lint/suspicious/noExplicitAny: JSON of the API, read field by field
async function getJson(url: string, actor: Actor): Promise<any> {
  const res = await fetch(url, { headers: actor.auth });
  expect(res.status).toBe(200);
  return res.json();
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

function cookieOf(actor: Actor) {
  return { ...actor.auth, cookie: `token=${actor.token}` };
}

async function listen(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { path: '/socket.io', transports: ['websocket'], query: { token }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('auth/success', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
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

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
