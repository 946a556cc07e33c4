import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { multipartBody, pngBytes } from '../../../test/factories.accounts';
import { useTestApp } from '../../../test/harness';

/** A local peer of Yoti's IDV session API that checks each request's RSA signature. */
const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const SDK_ID = 'test-sdk-id';
const sessions = new Map<
  string,
  { state: string; checks: Array<{ type: string; state: string; report?: { recommendation: { value: string } } }> }
>();
const server = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = Buffer.concat(chunks);
  const url = new URL(req.url!, 'http://x');
  const message = `${req.method}&${req.url}${body.length ? `&${body.toString('base64')}` : ''}`;
  const digest = String(req.headers['x-yoti-auth-digest'] ?? '');
  if (
    url.searchParams.get('sdkId') !== SDK_ID ||
    !crypto.verify('sha256', Buffer.from(message), publicKey, Buffer.from(digest, 'base64'))
  ) {
    res.statusCode = 401;
    return res.end('{}');
  }
  res.setHeader('content-type', 'application/json');
  if (req.method === 'POST' && url.pathname === '/idverify/v1/sessions') {
    const id = crypto.randomUUID();
    sessions.set(id, { state: 'ONGOING', checks: [] });
    return res.end(
      JSON.stringify({ session_id: id, client_session_token: `cst-${id}`, client_session_token_ttl: 86400 }),
    );
  }
  const m = url.pathname.match(/^\/idverify\/v1\/sessions\/([\w-]+)$/);
  if (req.method === 'GET' && m && sessions.has(m[1])) return res.end(JSON.stringify(sessions.get(m[1])));
  res.statusCode = 404;
  res.end('{}');
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const YOTI = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idverify/v1`;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const t = useTestApp({
  env: {
    YOTI_BASE_URL: YOTI,
    YOTI_CLIENT_SDK_ID: SDK_ID,
    YOTI_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    AUTH_RATE_LIMIT_MAX: '10000',
  },
});

const status = async (auth: { authorization: string }) =>
  (await t().app.inject({ url: '/api/performers/me', headers: auth })).json().verificationStatus as string;

describe('identity verification: manual provider (default)', () => {
  it('needs documents, waits for an admin, and the admin decides', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, {}, { verificationStatus: 'unverified' });
    const start = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/yoti/idv-verifications',
        payload: { performerId: creator.user.id },
        headers: creator.auth,
      });
    expect((await start()).json().code).toBe('DOCUMENTS_REQUIRED');
    const body = multipartBody({}, [{ field: 'idFront', name: 'id.png', type: 'image/png', data: await pngBytes() }]);
    await app.inject({
      method: 'POST',
      url: '/api/performers/documents/upload',
      ...body,
      headers: { ...body.headers, ...creator.auth },
    });
    const v = await start();
    expect(v.json()).toMatchObject({ provider: 'manual', status: 'pending', url: null, verificationStatus: 'pending' });
    const info = await app.inject({
      method: 'POST',
      url: `/api/auth/yoti/idv-verifications/${v.json()._id}/info`,
      headers: creator.auth,
    });
    expect(info.json().status).toBe('pending');
    const stranger = await buildPerformer(app);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/auth/yoti/idv-verifications/${v.json()._id}/info`,
          headers: stranger.auth,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/auth/yoti/idv-verifications',
          payload: { performerId: creator.user.id },
          headers: stranger.auth,
        })
      ).statusCode,
    ).toBe(403);
    // Only admins decide.
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/performers/${creator.user.id}/verification`,
          payload: { status: 'verified' },
          headers: creator.auth,
        })
      ).statusCode,
    ).toBe(403);
    const admin = await buildAdmin(app);
    const reject = await app.inject({
      method: 'PUT',
      url: `/api/performers/${creator.user.id}/verification`,
      payload: { status: 'rejected', note: 'The photo is blurry' },
      headers: admin.auth,
    });
    expect(reject.json()).toEqual({ verificationStatus: 'rejected' });
    const me = await app.inject({ url: '/api/performers/me', headers: creator.auth });
    expect(me.json()).toMatchObject({ verificationStatus: 'rejected', verificationNote: 'The photo is blurry' });
    await app.inject({
      method: 'PUT',
      url: `/api/performers/${creator.user.id}/verification`,
      payload: { status: 'verified' },
      headers: admin.auth,
    });
    expect(await status(creator.auth)).toBe('verified');
    const fan = await buildUser(app);
    expect((await app.inject({ url: '/api/users/me', headers: fan.auth })).json().verificationStatus).toBeNull();
  });
});

describe('identity verification: Yoti provider', () => {
  it('opens a signed IDV session, then applies the verdict when the session completes', async () => {
    const { app } = t();
    app.ctx.config.IDENTITY_PROVIDER = 'yoti';
    try {
      const creator = await buildPerformer(app, {}, { verificationStatus: 'unverified' });
      const v = await app.inject({
        method: 'POST',
        url: '/api/auth/yoti/idv-verifications',
        payload: { performerId: creator.user.id },
        headers: creator.auth,
      });
      expect(v.statusCode).toBe(200);
      const { _id, sessionId, url, clientSessionToken } = v.json();
      expect(v.json().provider).toBe('yoti');
      expect(url).toBe(
        `${YOTI}/web/index.html?sessionID=${sessionId}&sessionToken=${encodeURIComponent(clientSessionToken)}`,
      );
      const info = () =>
        app.inject({ method: 'POST', url: `/api/auth/yoti/idv-verifications/${_id}/info`, headers: creator.auth });
      expect((await info()).json().status).toBe('pending');
      sessions.set(sessionId, {
        state: 'COMPLETED',
        checks: ['ID_DOCUMENT_AUTHENTICITY', 'ID_DOCUMENT_FACE_MATCH', 'LIVENESS'].map((type) => ({
          type,
          state: 'DONE',
          report: { recommendation: { value: 'APPROVE' } },
        })),
      });
      expect((await info()).json()).toMatchObject({ status: 'verified', verificationStatus: 'verified' });
      expect(await status(creator.auth)).toBe('verified');

      const second = await buildPerformer(app, {}, { verificationStatus: 'unverified' });
      const v2 = await app.inject({
        method: 'POST',
        url: '/api/auth/yoti/idv-verifications',
        payload: { performerId: second.user.id },
        headers: second.auth,
      });
      sessions.set(v2.json().sessionId, {
        state: 'COMPLETED',
        checks: [{ type: 'LIVENESS', state: 'DONE', report: { recommendation: { value: 'REJECT' } } }],
      });
      const r = await app.inject({
        method: 'POST',
        url: `/api/auth/yoti/idv-verifications/${v2.json()._id}/info`,
        headers: second.auth,
      });
      expect(r.json()).toMatchObject({ status: 'rejected', verificationStatus: 'rejected' });
    } finally {
      app.ctx.config.IDENTITY_PROVIDER = 'manual';
    }
  });

  it('a misconfigured key is refused by the peer with a clear message', async () => {
    const { app } = t();
    app.ctx.config.IDENTITY_PROVIDER = 'yoti';
    const saved = app.ctx.config.YOTI_KEY;
    app.ctx.config.YOTI_KEY = crypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    try {
      const creator = await buildPerformer(app, {}, { verificationStatus: 'unverified' });
      const v = await app.inject({
        method: 'POST',
        url: '/api/auth/yoti/idv-verifications',
        payload: { performerId: creator.user.id },
        headers: creator.auth,
      });
      expect(v.json()).toMatchObject({ statusCode: 400, code: 'YOTI_REFUSED' });
    } finally {
      app.ctx.config.YOTI_KEY = saved;
      app.ctx.config.IDENTITY_PROVIDER = 'manual';
    }
  });
});
