import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { multipartBody, pngBytes } from '../../../test/factories.accounts';
import { useTestApp } from '../../../test/harness';
import { setClockOffset } from '../../lib/clock';
import { resetAssuranceCache } from './assurance.service';
import { isSafePath } from './gate';
import { resetJurisdictionCaches } from './jurisdiction.service';
import { createYotiAgePeer } from './providers/yoti-sandbox';

/** Addresses from the geo database's own ranges (geoip-lite, the offline database the app uses). */
const IP = { GB: '81.2.69.142', TX: '24.27.0.1', OK: '99.99.99.99', DE: '5.9.0.1', SE: '89.160.20.112' };

/** A local peer of Yoti's Age Verification Service on its own port (bearer key and SDK id checked). */
let peerNow = Date.now();
const peer = createYotiAgePeer({ sdkId: 'sdk-test', apiKey: 'key-test', now: () => peerNow });
const server = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const url = new URL(req.url!, 'http://x');
  const raw = Buffer.concat(chunks).toString();
  const answer = peer.handle({
    method: req.method!,
    path: url.pathname,
    query: url.searchParams,
    headers: req.headers,
    body: raw ? JSON.parse(raw) : undefined,
    base: '',
  });
  res.writeHead(answer.status, answer.headers).end(answer.body);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const PEER = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const t = useTestApp({
  env: {
    YOTI_AGE_API_URL: `${PEER}/api/v1`,
    YOTI_AGE_VIEW_URL: PEER,
    YOTI_AGE_SDK_ID: 'sdk-test',
    YOTI_AGE_API_KEY: 'key-test',
    TRUST_PROXY: '1',
  },
});
beforeEach(() => {
  resetJurisdictionCaches();
  resetAssuranceCache();
  peerNow = Date.now();
});

type Who = { ip: string; auth?: { authorization: string }; cookie?: string };
const get = (url: string, who: Who) =>
  t().app.inject({
    method: 'GET',
    url,
    remoteAddress: who.ip,
    headers: { ...who.auth, ...(who.cookie ? { cookie: who.cookie } : {}) },
  });
const status = async (who: Who) => (await get('/api/age-assurance/status', who)).json();
/** A route that shows creators (adult content): its answer says whether the requester is admitted. */
const gated = async (who: Who) => {
  const res = await get('/api/performers/user/search', who);
  return res.statusCode === 200 ? 'admitted' : (res.json().code as string);
};

async function rule(body: Record<string, unknown>) {
  const admin = await buildAdmin(t().app);
  const res = await t().app.inject({
    method: 'POST',
    url: '/api/admin/jurisdictions',
    headers: admin.auth,
    remoteAddress: IP.SE,
    payload: { region: '', effectiveFrom: '2025-01-01', law: 'Test law', ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Starts a Yoti check through the app, chooses an outcome at the peer, asks the app for the verdict. */
async function yotiCheck(who: Who, outcome: 'estimate-pass' | 'fail' | 'expire' | null) {
  const { app } = t();
  const start = await app.inject({
    method: 'POST',
    url: '/api/age-assurance/yoti/sessions',
    remoteAddress: who.ip,
    headers: { ...who.auth, ...(who.cookie ? { cookie: who.cookie } : {}) },
    payload: { returnPath: '/luna' },
  });
  expect(start.statusCode, start.body).toBe(200);
  const setCookie = start.headers['set-cookie'];
  const cookie = who.cookie ?? (setCookie ? String(setCookie).split(';')[0] : undefined);
  const { _id, url } = start.json();
  const sessionId = new URL(url).searchParams.get('sessionId')!;
  expect(url).toContain(`${PEER}?sessionId=`);
  if (outcome === 'expire') peerNow += 16 * 60_000;
  else if (outcome) {
    const done = await fetch(`${PEER}/complete?sessionId=${sessionId}&outcome=${outcome}`, { redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toContain(`/age-check/return?check=${_id}`);
  }
  const refresh = await app.inject({
    method: 'POST',
    url: `/api/age-assurance/checks/${_id}/refresh`,
    remoteAddress: who.ip,
    headers: { ...who.auth, ...(cookie ? { cookie } : {}) },
  });
  expect(refresh.statusCode, refresh.body).toBe(200);
  return { result: refresh.json(), cookie, id: _id as string };
}

describe('jurisdiction rules', () => {
  it('no rule: visitor and fan are admitted', async () => {
    const fan = await buildUser(t().app);
    expect(await gated({ ip: IP.SE })).toBe('admitted');
    expect(await gated({ ip: IP.SE, auth: fan.auth })).toBe('admitted');
    expect(await status({ ip: IP.SE })).toMatchObject({ action: 'allow', admitted: true, rule: null });
  });

  it('assurance required (GB): visitor and fan are challenged; the status names the rule', async () => {
    await rule({ country: 'GB', action: 'assurance', law: 'Online Safety Act 2023', effectiveFrom: '2025-07-25' });
    const fan = await buildUser(t().app);
    expect(await gated({ ip: IP.GB })).toBe('AGE_ASSURANCE_REQUIRED');
    expect(await gated({ ip: IP.GB, auth: fan.auth })).toBe('AGE_ASSURANCE_REQUIRED');
    expect(await status({ ip: IP.GB })).toMatchObject({
      action: 'assurance',
      admitted: false,
      country: 'GB',
      rule: { country: 'GB', region: '', law: 'Online Safety Act 2023', effectiveFrom: '2025-07-25' },
      providers: ['yoti', 'builtin'],
    });
    // elsewhere nothing changes; SFW paths stay open
    expect(await gated({ ip: IP.SE })).toBe('admitted');
    expect((await get('/api/settings/public', { ip: IP.GB })).statusCode).toBe(200);
    // admins and creators (identity-verified) are not challenged
    const admin = await buildAdmin(t().app);
    const creator = await buildPerformer(t().app);
    expect(await gated({ ip: IP.GB, auth: admin.auth })).toBe('admitted');
    expect(await gated({ ip: IP.GB, auth: creator.auth })).toBe('admitted');
  });

  it('block by US state (TX): visitor and fan are refused; another state is not; a future rule waits', async () => {
    await rule({ country: 'US', region: 'TX', action: 'block', law: 'Texas HB 1181' });
    await rule({ country: 'US', region: 'OK', action: 'block', effectiveFrom: '2999-01-01' });
    const fan = await buildUser(t().app);
    expect(await gated({ ip: IP.TX })).toBe('JURISDICTION_BLOCKED');
    expect(await gated({ ip: IP.TX, auth: fan.auth })).toBe('JURISDICTION_BLOCKED');
    expect(await status({ ip: IP.TX })).toMatchObject({
      action: 'block',
      region: 'TX',
      rule: { law: 'Texas HB 1181' },
    });
    expect(await gated({ ip: IP.OK })).toBe('admitted');
  });

  it("allow (a region's rule over its country's) and a fan's declared country (the stricter applies)", async () => {
    await rule({ country: 'US', action: 'block' });
    await rule({ country: 'US', region: 'OK', action: 'allow' });
    await rule({ country: 'DE', action: 'assurance' });
    const fan = await buildUser(t().app);
    expect(await gated({ ip: IP.OK })).toBe('admitted');
    expect(await gated({ ip: IP.TX })).toBe('JURISDICTION_BLOCKED');
    expect(await gated({ ip: IP.SE, auth: fan.auth })).toBe('admitted');
    const declare = await t().app.inject({
      method: 'PUT',
      url: '/api/age-assurance/declared-location',
      headers: fan.auth,
      remoteAddress: IP.SE,
      payload: { country: 'DE', region: '' },
    });
    expect(declare.statusCode, declare.body).toBe(200);
    expect(await gated({ ip: IP.SE, auth: fan.auth })).toBe('AGE_ASSURANCE_REQUIRED');
  });

  it('the operator switches the UK from block to assurance required: a UK visitor is challenged, then admitted', async () => {
    await rule({ country: 'GB', action: 'block' });
    expect(await gated({ ip: IP.GB })).toBe('JURISDICTION_BLOCKED');
    await rule({ country: 'GB', action: 'assurance' });
    expect(await gated({ ip: IP.GB })).toBe('AGE_ASSURANCE_REQUIRED');
    const { result, cookie } = await yotiCheck({ ip: IP.GB }, 'estimate-pass');
    expect(result.status).toBe('assured');
    expect(await gated({ ip: IP.GB, cookie })).toBe('admitted');
    // session-bound: another browser (no cookie) is still challenged
    expect(await gated({ ip: IP.GB })).toBe('AGE_ASSURANCE_REQUIRED');
  });

  it('only admins edit rules; the recommended rules load once', async () => {
    const fan = await buildUser(t().app);
    const admin = await buildAdmin(t().app);
    const denied = await t().app.inject({ method: 'GET', url: '/api/admin/jurisdictions', headers: fan.auth });
    expect(denied.statusCode).toBe(403);
    const load = () =>
      t().app.inject({ method: 'POST', url: '/api/admin/jurisdictions/defaults', headers: admin.auth });
    const first = (await load()).json().added as number;
    expect(first).toBeGreaterThan(20);
    expect((await load()).json().added).toBe(0);
    const rows = (await t().app.inject({ method: 'GET', url: '/api/admin/jurisdictions', headers: admin.auth })).json()
      .data as Array<{ country: string; region: string; action: string; uncertain: boolean }>;
    expect(rows.find((r) => r.country === 'GB')).toMatchObject({ action: 'assurance', region: '' });
    expect(rows.find((r) => r.region === 'TX')).toMatchObject({ action: 'assurance', uncertain: false });
    expect(rows.some((r) => r.uncertain)).toBe(true);
  });
});

describe('Yoti (local peer of its Age Verification API)', () => {
  beforeEach(async () => {
    await rule({ country: 'GB', action: 'assurance' });
  });

  it('success: the fan is assured by Yoti with the method; only the outcome is kept', async () => {
    const fan = await buildUser(t().app);
    const { result } = await yotiCheck({ ip: IP.GB, auth: fan.auth }, 'estimate-pass');
    expect(result).toMatchObject({ provider: 'yoti', status: 'assured', method: 'AGE_ESTIMATION' });
    expect(await gated({ ip: IP.GB, auth: fan.auth })).toBe('admitted');
    expect((await status({ ip: IP.GB, auth: fan.auth })).assurance).toMatchObject({
      provider: 'yoti',
      method: 'AGE_ESTIMATION',
    });
  });

  it('failure, pending and expired sessions do not admit', async () => {
    const fan = await buildUser(t().app);
    const who = { ip: IP.GB, auth: fan.auth };
    expect((await yotiCheck(who, 'fail')).result.status).toBe('failed');
    expect((await yotiCheck(who, null)).result.status).toBe('pending');
    expect((await yotiCheck(who, 'expire')).result.status).toBe('expired');
    expect(await gated(who)).toBe('AGE_ASSURANCE_REQUIRED');
  });

  it("a check is its holder's own: another visitor cannot read or use it", async () => {
    const { id } = await yotiCheck({ ip: IP.GB }, null);
    const other = await t().app.inject({
      method: 'POST',
      url: `/api/age-assurance/checks/${id}/refresh`,
      remoteAddress: IP.GB,
      headers: { cookie: 'mq_age=someone-elses-token-0123456789' },
    });
    expect(other.statusCode).toBe(404);
  });

  it('a fan assured once is not asked again (new session), until the re-check period set by the operator', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    await yotiCheck({ ip: IP.GB, auth: fan.auth }, 'estimate-pass');
    const { createSession } = await import('../auth/sessions');
    const again = await createSession(app.ctx.db, fan.user.id, { remember: false });
    const fresh = { ip: IP.GB, auth: { authorization: `Bearer ${again.token}` } };
    expect(await gated(fresh)).toBe('admitted');
    const admin = await buildAdmin(app);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.auth,
      payload: { ageAssuranceRecheckDays: 30 },
    });
    expect(put.statusCode, put.body).toBeLessThan(300);
    resetAssuranceCache();
    setClockOffset(31 * 86_400_000);
    expect(await gated(fresh)).toBe('AGE_ASSURANCE_REQUIRED');
  });
});

describe('built-in provider (ID photo and selfie, reviewed by an admin)', () => {
  it('encrypted at rest, shown to admins only, deleted once decided; approval admits the fan', async () => {
    const { app, dataDir } = t();
    await rule({ country: 'GB', action: 'assurance' });
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const doc = await pngBytes(80, 50);
    const body = multipartBody({}, [
      { field: 'document', name: 'id.png', type: 'image/png', data: doc },
      { field: 'selfie', name: 'me.png', type: 'image/png', data: await pngBytes(40, 40) },
    ]);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/age-assurance/builtin',
      remoteAddress: IP.GB,
      payload: body.payload,
      headers: { ...body.headers, ...fan.auth },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const { _id } = sent.json();
    expect((await status({ ip: IP.GB, auth: fan.auth })).pending).toEqual({ _id, provider: 'builtin' });
    const stored = fs.readFileSync(path.join(dataDir, 'age-assurance', _id, 'document.enc'));
    expect(stored.includes(doc.subarray(0, 64))).toBe(false);

    const queue = await app.inject({ method: 'GET', url: '/api/admin/age-assurance/reviews', headers: admin.auth });
    expect(queue.json().data).toHaveLength(1);
    const fileUrl = queue.json().data[0].documentUrl as string;
    const file = await app.inject({ method: 'GET', url: fileUrl, headers: admin.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, doc)).toBe(0);
    expect((await app.inject({ method: 'GET', url: fileUrl, headers: fan.auth })).statusCode).toBe(403);

    const decide = (approve: boolean) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/age-assurance/${_id}/decision`,
        headers: admin.auth,
        payload: { approve },
      });
    expect((await decide(true)).json()).toMatchObject({ status: 'assured', method: 'ID_DOCUMENT_AND_SELFIE' });
    expect((await decide(false)).statusCode).toBe(409);
    expect(fs.existsSync(path.join(dataDir, 'age-assurance', _id))).toBe(false);
    expect((await app.inject({ method: 'GET', url: fileUrl, headers: admin.auth })).statusCode).toBe(404);
    expect(await gated({ ip: IP.GB, auth: fan.auth })).toBe('admitted');
  });

  it('a rejected check does not admit; a file that is not an image is refused', async () => {
    const { app } = t();
    await rule({ country: 'GB', action: 'assurance' });
    const fan = await buildUser(app);
    const bad = multipartBody({}, [
      { field: 'document', name: 'id.txt', type: 'image/png', data: Buffer.from('not an image at all') },
      { field: 'selfie', name: 'me.png', type: 'image/png', data: await pngBytes() },
    ]);
    const refused = await app.inject({
      method: 'POST',
      url: '/api/age-assurance/builtin',
      payload: bad.payload,
      headers: { ...bad.headers, ...fan.auth },
    });
    expect(refused.statusCode).toBe(400);
  });
});

describe('no adult media URL to an unassured visitor where assurance is required', () => {
  it('every API path but the safe ones answers 403 AGE_ASSURANCE_REQUIRED, with no media URL', async () => {
    const { app } = t();
    await rule({ country: 'GB', action: 'assurance' });
    const fan = await buildUser(app);
    const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const id = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    let checked = 0;
    for (const [p, ops] of Object.entries(doc.paths)) {
      if (isSafePath(p)) continue;
      for (const method of Object.keys(ops)) {
        const url = p.replace(/\{[^}]+\}/g, id);
        for (const who of [{ ip: IP.GB }, { ip: IP.GB, auth: fan.auth }]) {
          const res = await app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            remoteAddress: who.ip,
            headers: who.auth,
          });
          expect(res.statusCode, `${method} ${url}`).toBe(403);
          expect(res.json().code, `${method} ${url}`).toBe('AGE_ASSURANCE_REQUIRED');
          expect(res.body).not.toMatch(/\/api\/(media|profile-media)\//);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    // the media file routes the OpenAPI document hides are gated too
    for (const url of [
      `/api/media/file/${id}/full`,
      `/api/profile-media/avatars/${id}.jpg`,
      `/api/streaming/hls/${id}/x/index.m3u8`,
    ]) {
      expect((await get(url, { ip: IP.GB })).json().code, url).toBe('AGE_ASSURANCE_REQUIRED');
    }
  });

  it('socket connections of an unassured visitor or fan are refused; an assured one connects', async () => {
    const { app } = t();
    await rule({ country: 'GB', action: 'assurance' });
    const fan = await buildUser(app);
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const open = (opts: { token?: string; cookie?: string; ip: string }) =>
      new Promise<string>((resolve) => {
        const s = connect(`http://127.0.0.1:${port}`, {
          path: '/socket.io',
          transports: ['websocket'],
          query: opts.token ? { token: opts.token } : {},
          extraHeaders: { 'x-forwarded-for': opts.ip, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
          reconnection: false,
        });
        s.once('connect', () => {
          s.disconnect();
          resolve('connected');
        });
        s.once('connect_error', (e) => {
          s.disconnect();
          resolve(e.message);
        });
      });
    expect(await open({ ip: IP.GB })).toBe('AGE_ASSURANCE_REQUIRED');
    expect(await open({ ip: IP.GB, token: fan.token })).toBe('AGE_ASSURANCE_REQUIRED');
    expect(await open({ ip: IP.SE })).toBe('connected');
    await yotiCheck({ ip: IP.GB, auth: fan.auth }, 'estimate-pass');
    expect(await open({ ip: IP.GB, token: fan.token })).toBe('connected');
  });
});
