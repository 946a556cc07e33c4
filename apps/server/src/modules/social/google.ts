import { createHash } from 'node:crypto';
import { createRemoteJWKSet, type JWTPayload, jwtVerify } from 'jose';
import type { Ctx } from '../../context';
import { badRequest, unauthorized } from '../../lib/errors';
import { msg } from '../../lib/i18n';

interface Discovery {
  issuer: string;
  jwks_uri: string;
  token_endpoint: string;
  authorization_endpoint: string;
}

const discoveries = new Map<string, Promise<Discovery>>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The issuer's OpenID configuration (cached per issuer; a failed fetch is retried next time). */
async function discover(issuer: string): Promise<Discovery> {
  const base = issuer.replace(/\/$/, '');
  let p = discoveries.get(base);
  if (!p) {
    p = (async () => {
      const res = await fetch(`${base}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`OpenID discovery failed: ${res.status}`);
      return (await res.json()) as Discovery;
    })();
    discoveries.set(base, p);
    p.catch(() => discoveries.delete(base));
  }
  return p;
}

function clientId(ctx: Ctx): string {
  const id = ctx.config.GOOGLE_CLIENT_ID;
  if (!id) throw badRequest(msg('error.social.googleNotConfigured'), 'GOOGLE_NOT_CONFIGURED');
  return id;
}

export interface GoogleIdentity {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * Verifies an ID token's signature against the issuer's JWKS, its issuer,
 * audience (our client id) and expiry, with jose.
 */
export async function verifyIdToken(ctx: Ctx, idToken: string): Promise<GoogleIdentity> {
  const audience = clientId(ctx);
  let d: Discovery;
  try {
    d = await discover(ctx.config.GOOGLE_ISSUER);
  } catch {
    throw badRequest(msg('error.social.googleUnavailable'), 'GOOGLE_UNAVAILABLE');
  }
  let jwks = keySets.get(d.jwks_uri);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(d.jwks_uri));
    keySets.set(d.jwks_uri, jwks);
  }
  // Google issues tokens with and without the scheme in `iss`.
  const issuers = [d.issuer, d.issuer.replace(/^https:\/\//, '')];
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(idToken, jwks, { issuer: issuers, audience }));
  } catch {
    throw unauthorized(msg('error.social.googleNotVerified'));
  }
  if (!payload.sub) throw unauthorized(msg('error.social.googleNotVerified'));
  return {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email.toLowerCase() : null,
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: typeof payload.name === 'string' ? payload.name : null,
  };
}

/**
 * The URL the browser is sent to for Google sign-in (authorization code flow with PKCE S256):
 * the caller keeps `state` and `codeVerifier` (in httpOnly cookies) for the callback.
 */
export async function authorizationUrl(
  ctx: Ctx,
  input: { redirectUri: string; state: string; codeVerifier: string },
): Promise<string> {
  const id = clientId(ctx);
  const d = await discover(ctx.config.GOOGLE_ISSUER).catch(() => {
    throw badRequest(msg('error.social.googleUnavailable'), 'GOOGLE_UNAVAILABLE');
  });
  const challenge = createHash('sha256').update(input.codeVerifier).digest('base64url');
  const q = new URLSearchParams({
    client_id: id,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: input.redirectUri,
    state: input.state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  return `${d.authorization_endpoint}?${q}`;
}

/** Exchanges an authorization code at the issuer's token endpoint and verifies the ID token it returns. */
export async function exchangeCode(
  ctx: Ctx,
  input: { code: string; redirectUri: string; codeVerifier?: string },
): Promise<GoogleIdentity> {
  const id = clientId(ctx);
  const secret = ctx.config.GOOGLE_CLIENT_SECRET;
  if (!secret) throw badRequest(msg('error.social.googleCodeNotConfigured'), 'GOOGLE_NOT_CONFIGURED');
  const d = await discover(ctx.config.GOOGLE_ISSUER).catch(() => {
    throw badRequest(msg('error.social.googleUnavailable'), 'GOOGLE_UNAVAILABLE');
  });
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    client_id: id,
    client_secret: secret,
    ...(input.codeVerifier ? { code_verifier: input.codeVerifier } : {}),
  });
  const res = await fetch(d.token_endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body,
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!res?.ok) throw unauthorized(msg('error.social.googleCodeInvalid'));
  const json = (await res.json()) as { id_token?: string };
  if (!json.id_token) throw unauthorized(msg('error.social.googleNoIdToken'));
  return verifyIdToken(ctx, json.id_token);
}
