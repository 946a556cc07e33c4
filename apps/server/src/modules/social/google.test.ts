import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { enableTotpFor } from '../../../test/factories.accounts';
import { useTestApp } from '../../../test/harness';
import { startOidcPeer } from '../../../test/oidc-peer';
import { currentTotpCode } from '../auth/totp';

/**
 * A real, standards-compliant OpenID provider (node oidc-provider) started in
 * this test: our Google login verifies its ID tokens against its JWKS.
 */
const CLIENT_ID = 'marquee-test-client';
const CLIENT_SECRET = 'marquee-test-client-secret-0123456789';
const REDIRECT = 'http://localhost:8090/auth/google/callback';

const peer = await startOidcPeer({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
const ISSUER = peer.issuer;

const t = useTestApp({
  env: {
    GOOGLE_ISSUER: ISSUER,
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
    AUTH_RATE_LIMIT_MAX: '10000',
    PUBLIC_URL: 'http://localhost:8090',
  },
});

beforeAll(() => peer.configure([REDIRECT]));
afterAll(() => peer.close());

/** Walks the provider's authorization flow as a browser would (dev login form) and returns the code. */
async function authorizationCode(sub: string, authorizeUrl?: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url.startsWith('http') ? url : `${ISSUER}${url}`, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
  const q = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: REDIRECT,
    state: 's1',
    nonce: 'n1',
  });
  let res = await go(authorizeUrl ?? `/auth?${q}`);
  const interaction = res.headers.get('location')!;
  res = await go(interaction);
  res = await go(interaction, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ prompt: 'login', login: sub, password: 'any' }).toString(),
  });
  for (let i = 0; i < 5; i++) {
    const loc = res.headers.get('location');
    if (!loc) break;
    if (loc.startsWith(REDIRECT)) {
      const code = new URL(loc).searchParams.get('code');
      if (code) return code;
    }
    res = await go(loc);
  }
  throw new Error(`no code from the provider: ${res.status} ${await res.text()}`);
}

async function idTokenFor(sub: string): Promise<string> {
  const code = await authorizationCode(sub);
  const res = await fetch(`${ISSUER}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    }),
  });
  const json = (await res.json()) as { id_token: string };
  return json.id_token;
}

describe('Google sign-in against a local OpenID provider', () => {
  it('POST /auth/google/login with a real ID token creates the account, then signs the same person in again', async () => {
    const { app } = t();
    const idToken = await idTokenFor('alice');
    const first = await app.inject({ method: 'POST', url: '/api/auth/google/login', payload: { credential: idToken } });
    expect(first.statusCode).toBe(200);
    expect(first.json().created).toBe(true);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${first.json().token}` } });
    expect(me.json()).toMatchObject({
      email: 'alice@example.test',
      emailVerified: true,
      name: 'Person alice',
      username: 'alice',
      hasPassword: false,
    });
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/google/login',
      payload: { idToken: await idTokenFor('alice') },
    });
    expect(again.json().created).toBe(false);
    const linked = await app.inject({
      url: '/api/auth/linked-accounts',
      headers: { authorization: `Bearer ${again.json().token}` },
    });
    expect(linked.json().data).toEqual([expect.objectContaining({ provider: 'google', providerUserId: 'alice' })]);
  });

  it('POST /auth/google/token exchanges an authorization code server-side; a verified email joins the existing account', async () => {
    const { app } = t();
    const existing = await buildUser(app, { email: 'bob@example.test', username: 'bob_here' });
    const code = await authorizationCode('bob');
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/google/token',
      payload: { code, redirectUri: REDIRECT, role: 'user' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().created).toBe(false);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${res.json().token}` } });
    expect(me.json()._id).toBe(existing.user.id);
    const reused = await app.inject({
      method: 'POST',
      url: '/api/auth/google/token',
      payload: { code, redirectUri: REDIRECT },
    });
    expect(reused.statusCode).toBe(401);
  });

  it('GET /auth/google/start redirects with PKCE; the callback code, state and cookies sign a creator in', async () => {
    const { app } = t();
    const start = await app.inject({ url: '/api/auth/google/start?role=performer' });
    expect(start.statusCode).toBe(302);
    const location = new URL(start.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${ISSUER}/auth`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('redirect_uri')).toBe(REDIRECT);
    const cookies = Object.fromEntries(start.cookies.map((c) => [c.name, c.value]));
    expect(cookies.gVerifier).toBeTruthy();
    const state = location.searchParams.get('state')!;
    const code = await authorizationCode('carol', location.toString());
    const payload = { code, redirectUri: REDIRECT, state };
    const wrongState = await app.inject({
      method: 'POST',
      url: '/api/auth/google/token',
      payload: { ...payload, state: 'not-the-state' },
      cookies,
    });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().message).toContain('has expired');
    // Without the verifier cookie the provider refuses the PKCE exchange.
    const noVerifier = await app.inject({ method: 'POST', url: '/api/auth/google/token', payload });
    expect(noVerifier.statusCode).toBe(401);
    const code2 = await authorizationCode('carol', location.toString());
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/google/token',
      payload: { ...payload, code: code2 },
      cookies,
    });
    expect(res.statusCode).toBe(200);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${res.json().token}` } });
    expect(me.json()).toMatchObject({ email: 'carol@example.test', isPerformer: true });
  });

  it('refuses tokens not signed by the issuer, or for another audience', async () => {
    const { app } = t();
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT({ email: 'mallory@example.test', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT_ID)
      .setSubject('mallory')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    const res = await app.inject({ method: 'POST', url: '/api/auth/google/login', payload: { idToken: forged } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toContain('could not be verified');
    const garbage = await app.inject({
      method: 'POST',
      url: '/api/auth/google/login',
      payload: { idToken: 'x'.repeat(40) },
    });
    expect(garbage.statusCode).toBe(401);
  });
});

describe('issue 23 item 8: Google sign-in ends in the second-factor step', () => {
  it('an account with 2FA gets a challenge from /auth/google/login and /auth/google/token, not a session', async () => {
    const { app } = t();
    const fan = await buildUser(app, { email: 'dave@example.test', username: 'dave_2fa' });
    const secret = await enableTotpFor(app, fan.auth);
    const byIdToken = await app.inject({
      method: 'POST',
      url: '/api/auth/google/login',
      payload: { idToken: await idTokenFor('dave') },
    });
    expect(byIdToken.statusCode).toBe(200);
    expect(byIdToken.json()).toMatchObject({ totpRequired: true, created: false });
    expect(byIdToken.json().token).toBeUndefined();
    const byCode = await app.inject({
      method: 'POST',
      url: '/api/auth/google/token',
      payload: { code: await authorizationCode('dave'), redirectUri: REDIRECT },
    });
    expect(byCode.json()).toMatchObject({ totpRequired: true });
    expect(byCode.json().token).toBeUndefined();
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/2fa/login',
      payload: { challengeToken: byCode.json().challengeToken, code: currentTotpCode(secret), remember: true },
    });
    expect(done.statusCode).toBe(200);
    const me = await app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${done.json().token}` } });
    expect(me.json()._id).toBe(fan.user.id);
  });
});

describe('issue 23 item 10: pre-hijacking by registering an address one does not own', () => {
  it('Google sign-in does not join an account whose address was never confirmed; it says why', async () => {
    const { app } = t();
    const squatter = await buildUser(app, { email: 'erin@example.test', username: 'erin_squat', emailVerified: false });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/google/login',
      payload: { idToken: await idTokenFor('erin') },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED' });
    expect(res.json().message).toContain('never confirmed');
    const linked = await app.inject({ url: '/api/auth/linked-accounts', headers: squatter.auth });
    expect(linked.json().data).toEqual([]);
  });
});
