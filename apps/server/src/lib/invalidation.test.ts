import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import { buildApp } from '../app';
import { loadConfig } from '../config';

const t = useTestApp({ env: { SESSION_CACHE_SECONDS: '3600' } });

const redisUp = await new Promise<boolean>((resolve) => {
  const s = net.connect(6379, '127.0.0.1');
  s.once('connect', () => {
    s.destroy();
    resolve(true);
  });
  s.once('error', () => resolve(false));
});

/** A second server process's app on the same database (what a scaled-out site runs). */
async function secondNode(env: Record<string, string> = {}) {
  const { database, dataDir } = t();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    SECRET_KEY: 'test-secret-key-0123456789',
    WEB_DIST: path.join(dataDir, 'no-web'),
    SESSION_CACHE_SECONDS: '3600',
    ...env,
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

/** Asks until the answer is `status` (the other node hears the change when the writing transaction commits). */
async function eventually(ask: () => Promise<number>, status: number) {
  let last = 0;
  for (let i = 0; i < 100; i++) {
    last = await ask();
    if (last === status) return last;
    await new Promise((r) => setTimeout(r, 20));
  }
  return last;
}

describe('session cache and the invalidation bus', () => {
  it('serves a cached session without asking the database, and a logout ends it at once', async () => {
    const { app, database } = t();
    const fan = await buildUser(app);
    const me = () => app.inject({ method: 'GET', url: '/api/users/me', headers: fan.auth });
    expect((await me()).statusCode).toBe(200);
    const before = database.queries.queries;
    const res = await me();
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-query-count']).toBe('1'); // the account itself; the session came from memory
    expect(database.queries.queries - before).toBe(1);
    const out = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: fan.auth });
    expect(out.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
  });

  it('a suspension made on another node ends the cached session here (PostgreSQL NOTIFY)', async () => {
    const { app } = t();
    const other = await secondNode();
    try {
      const fan = await buildUser(app);
      const admin = await buildAdmin(app);
      const me = async () => (await app.inject({ method: 'GET', url: '/api/users/me', headers: fan.auth })).statusCode;
      expect(await me()).toBe(200);
      expect(await me()).toBe(200); // cached for an hour in this test
      const res = await other.inject({
        method: 'POST',
        url: `/api/admin/users/${fan.user.id}/suspend`,
        headers: admin.auth,
        payload: {},
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await eventually(me, 401)).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('a site setting changed on another node is read again here', async () => {
    const { app } = t();
    const other = await secondNode();
    try {
      expect(await app.ctx.settings.get('siteName')).not.toBe('Elsewhere');
      await other.ctx.settings.update({ siteName: 'Elsewhere' }, null);
      let name = '';
      for (let i = 0; i < 100 && name !== 'Elsewhere'; i++) {
        name = await app.ctx.settings.get('siteName');
        if (name !== 'Elsewhere') await new Promise((r) => setTimeout(r, 20));
      }
      expect(name).toBe('Elsewhere');
    } finally {
      await other.close();
    }
  });

  it.skipIf(!redisUp)('with REDIS_URL the message goes through Redis pub/sub', async () => {
    const prefix = `bus-test-${process.pid}-${Date.now()}`;
    const redis = { REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: prefix };
    const a = await secondNode(redis);
    const b = await secondNode(redis);
    try {
      const fan = await buildUser(a);
      const me = async () => (await a.inject({ method: 'GET', url: '/api/users/me', headers: fan.auth })).statusCode;
      expect(await me()).toBe(200);
      const heard: string[] = [];
      a.ctx.bus.on('test', (key) => heard.push(key));
      await b.ctx.bus.publish('test', 'hello');
      for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual(['hello']);
      const out = await b.inject({ method: 'POST', url: '/api/auth/logout', headers: fan.auth });
      expect(out.statusCode).toBe(200);
      expect(await eventually(me, 401)).toBe(401);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
