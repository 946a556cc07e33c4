import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { enableTotpFor } from '../../../test/factories.accounts';
import { useTestApp } from '../../../test/harness';
import { currentTotpCode } from '../auth/totp';
import { oauthSignature } from './twitter';

const KEY = 'test-consumer-key';
const SECRET = 'test-consumer-secret';

/** A local OAuth 1.0a peer speaking Twitter's request_token / access_token protocol, checking every signature. */
const tokens = new Map<string, { secret: string; verifier: string; userId: string; screenName: string }>();
let nextUser = { userId: '1001', screenName: 'tw_person' };
const server = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
  const header = Object.fromEntries(
    [...(req.headers.authorization ?? '').replace(/^OAuth /, '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [
      m[1],
      decodeURIComponent(m[2]),
    ]),
  );
  const { oauth_signature: sig, ...oauthParams } = header;
  const url = `http://${req.headers.host}${req.url}`;
  const tokenSecret = req.url === '/oauth/access_token' ? (tokens.get(oauthParams.oauth_token)?.secret ?? '') : '';
  if (
    oauthParams.oauth_consumer_key !== KEY ||
    sig !== oauthSignature('POST', url, { ...oauthParams, ...body }, SECRET, tokenSecret)
  ) {
    res.statusCode = 401;
    return res.end('bad signature');
  }
  if (req.url === '/oauth/request_token') {
    const token = `rt-${Math.random().toString(36).slice(2)}`;
    tokens.set(token, { secret: `rts-${token}`, verifier: `v-${token}`, ...nextUser });
    return res.end(`oauth_token=${token}&oauth_token_secret=rts-${token}&oauth_callback_confirmed=true`);
  }
  if (req.url === '/oauth/access_token') {
    const t = tokens.get(oauthParams.oauth_token);
    if (!t || oauthParams.oauth_verifier !== t.verifier) {
      res.statusCode = 401;
      return res.end('bad verifier');
    }
    tokens.delete(oauthParams.oauth_token);
    return res.end(
      `oauth_token=at-${t.userId}&oauth_token_secret=ats-${t.userId}&user_id=${t.userId}&screen_name=${t.screenName}`,
    );
  }
  res.statusCode = 404;
  res.end();
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const API = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const t = useTestApp({
  env: {
    TWITTER_CONSUMER_KEY: KEY,
    TWITTER_CONSUMER_SECRET: SECRET,
    TWITTER_API_URL: API,
    AUTH_RATE_LIMIT_MAX: '10000',
  },
});

const cookiesOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
const cookieHeader = (c: Record<string, string>) =>
  Object.entries(c)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

describe('OAuth 1.0a signatures', () => {
  it("match Twitter's published example", () => {
    const sig = oauthSignature(
      'POST',
      'https://api.twitter.com/1.1/statuses/update.json',
      {
        status: 'Hello Ladies + Gentlemen, a signed OAuth request!',
        include_entities: 'true',
        oauth_consumer_key: 'xvz1evFS4wEEPTGEFPHBog',
        oauth_nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '1318622958',
        oauth_token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
        oauth_version: '1.0',
      },
      'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
      'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
    );
    expect(sig).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });
});

describe('Twitter/X sign-in and linking', () => {
  it('login → authorize → callback creates an account with the handle as username; flow cookies last 1 day', async () => {
    const { app } = t();
    nextUser = { userId: '2001', screenName: 'creator_tw' };
    const start = await app.inject({ method: 'POST', url: '/api/auth/twitter/login', payload: { role: 'performer' } });
    expect(start.statusCode).toBe(200);
    expect(start.json().url).toMatch(new RegExp(`^${API}/oauth/authenticate\\?oauth_token=rt-`));
    const cookies = cookiesOf(start);
    expect(Object.keys(cookies).sort()).toEqual(['oauthToken', 'oauthTokenSecret', 'role', 'twCallbackUrl']);
    const secretCookie = start.cookies.find((c) => c.name === 'oauthTokenSecret')!;
    expect(secretCookie.maxAge).toBe(86_400);
    expect(secretCookie.httpOnly).toBe(true);
    expect(start.json().oauthTokenSecret).toBeUndefined();
    const verifier = `v-${start.json().oauthToken}`;
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/twitter/callback',
      payload: { oauthToken: start.json().oauthToken, oauthVerifier: verifier },
      headers: { cookie: cookieHeader(cookies) },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().created).toBe(true);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${done.json().token}` } });
    expect(me.json()).toMatchObject({ username: 'creator_tw', email: null, isPerformer: true });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/twitter/callback',
      payload: { oauthToken: start.json().oauthToken, oauthVerifier: 'nope' },
      headers: { cookie: cookieHeader(cookies) },
    });
    expect(wrong.statusCode).toBe(401);
    const noCookies = await app.inject({
      method: 'POST',
      url: '/api/auth/twitter/callback',
      payload: { oauthVerifier: 'x' },
    });
    expect(noCookies.json().code).toBe('TWITTER_FLOW_EXPIRED');
  });

  it('a signed-in user links, sees and unlinks a Twitter/X account; one identity links to one account', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    nextUser = { userId: '3001', screenName: 'fan_tw' };
    expect((await app.inject({ url: '/api/twitter/account', headers: fan.auth })).json()).toEqual({ account: null });
    const link = await app.inject({ url: '/api/twitter/getLink', headers: fan.auth });
    expect(link.json().callbackUrl).toContain('/auth/twitter/callback?link=1');
    const verify = await app.inject({
      method: 'POST',
      url: '/api/twitter/verify',
      payload: { oauthToken: link.json().oauthToken, oauthVerifier: `v-${link.json().oauthToken}` },
      headers: { ...fan.auth, cookie: cookieHeader(cookiesOf(link)) },
    });
    expect(verify.statusCode).toBe(200);
    expect((await app.inject({ url: '/api/twitter/account', headers: fan.auth })).json().account).toMatchObject({
      provider: 'twitter',
      username: 'fan_tw',
    });
    // The same Twitter identity cannot be linked to a second account.
    const other = await buildUser(app);
    const link2 = await app.inject({ url: '/api/twitter/getLink', headers: other.auth });
    const clash = await app.inject({
      method: 'POST',
      url: '/api/twitter/verify',
      payload: { oauthToken: link2.json().oauthToken, oauthVerifier: `v-${link2.json().oauthToken}` },
      headers: { ...other.auth, cookie: cookieHeader(cookiesOf(link2)) },
    });
    expect(clash.statusCode).toBe(409);
    // Signing in with the linked identity lands in the fan's account.
    const start = await app.inject({ method: 'POST', url: '/api/auth/twitter/login', payload: {} });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/twitter/callback',
      payload: { oauthToken: start.json().oauthToken, oauthVerifier: `v-${start.json().oauthToken}` },
      headers: { cookie: cookieHeader(cookiesOf(start)) },
    });
    expect(signIn.json().created).toBe(false);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${signIn.json().token}` } });
    expect(me.json()._id).toBe(fan.user.id);
    expect((await app.inject({ method: 'DELETE', url: '/api/twitter/unlink', headers: fan.auth })).statusCode).toBe(
      200,
    );
    expect((await app.inject({ url: '/api/twitter/account', headers: fan.auth })).json()).toEqual({ account: null });
    expect((await app.inject({ url: '/api/twitter/account' })).statusCode).toBe(401);
  });
});

describe('issue 23 item 8: Twitter/X sign-in ends in the second-factor step', () => {
  it('an account with 2FA linked to Twitter/X gets a challenge, not a session; the code completes it', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const secret = await enableTotpFor(app, fan.auth);
    nextUser = { userId: '4001', screenName: 'fan2fa_tw' };
    const link = await app.inject({ url: '/api/twitter/getLink', headers: fan.auth });
    await app.inject({
      method: 'POST',
      url: '/api/twitter/verify',
      payload: { oauthToken: link.json().oauthToken, oauthVerifier: `v-${link.json().oauthToken}` },
      headers: { ...fan.auth, cookie: cookieHeader(cookiesOf(link)) },
    });
    const start = await app.inject({ method: 'POST', url: '/api/auth/twitter/login', payload: {} });
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/twitter/callback',
      payload: { oauthToken: start.json().oauthToken, oauthVerifier: `v-${start.json().oauthToken}` },
      headers: { cookie: cookieHeader(cookiesOf(start)) },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ totpRequired: true, created: false });
    expect(signIn.json().token).toBeUndefined();
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/login',
      payload: { challengeToken: signIn.json().challengeToken, code: currentTotpCode(secret), remember: true },
    });
    expect(done.statusCode).toBe(200);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${done.json().token}` } });
    expect(me.json()._id).toBe(fan.user.id);
  });
});
