import crypto from 'node:crypto';
import type { Ctx } from '../../context';
import { badRequest, unauthorized } from '../../lib/errors';
import { msg } from '../../lib/i18n';

/** RFC 3986 percent-encoding, as OAuth 1.0a requires. */
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The OAuth 1.0a HMAC-SHA1 signature of a request (RFC 5849 §3.4). */
export function oauthSignature(
  method: string,
  url: string,
  params: Record<string, string>,
  consumerSecret: string,
  tokenSecret = '',
): string {
  const normalized = Object.entries(params)
    .map(([k, v]) => [enc(k), enc(v)])
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const base = [method.toUpperCase(), enc(url), enc(normalized)].join('&');
  return crypto
    .createHmac('sha1', `${enc(consumerSecret)}&${enc(tokenSecret)}`)
    .update(base)
    .digest('base64');
}

function keys(ctx: Ctx) {
  const key = ctx.config.TWITTER_CONSUMER_KEY;
  const secret = ctx.config.TWITTER_CONSUMER_SECRET;
  if (!key || !secret) throw badRequest(msg('error.social.twitterNotConfigured'), 'TWITTER_NOT_CONFIGURED');
  return { key, secret };
}

async function signedPost(
  ctx: Ctx,
  path: string,
  extra: Record<string, string>,
  token?: { token: string; secret: string },
) {
  const { key, secret } = keys(ctx);
  const url = `${ctx.config.TWITTER_API_URL.replace(/\/$/, '')}${path}`;
  const oauth: Record<string, string> = {
    oauth_consumer_key: key,
    oauth_nonce: crypto.randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(Date.now() / 1000)),
    oauth_version: '1.0',
    ...(token ? { oauth_token: token.token } : {}),
  };
  const oauthExtra = Object.fromEntries(Object.entries(extra).filter(([k]) => k.startsWith('oauth_')));
  const bodyParams = Object.fromEntries(Object.entries(extra).filter(([k]) => !k.startsWith('oauth_')));
  const all = { ...oauth, ...oauthExtra, ...bodyParams };
  const signature = oauthSignature('POST', url, all, secret, token?.secret);
  const header = `OAuth ${Object.entries({ ...oauth, ...oauthExtra, oauth_signature: signature })
    .map(([k, v]) => `${enc(k)}="${enc(v)}"`)
    .join(', ')}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: header, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(bodyParams),
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!res) throw badRequest(msg('error.social.twitterUnavailable'), 'TWITTER_UNAVAILABLE');
  const text = await res.text();
  if (!res.ok) return { ok: false as const, status: res.status, params: new URLSearchParams() };
  return { ok: true as const, status: res.status, params: new URLSearchParams(text) };
}

/** Step 1: a request token and the URL where the person authorizes us. */
export async function requestToken(ctx: Ctx, callbackUrl: string) {
  const r = await signedPost(ctx, '/oauth/request_token', { oauth_callback: callbackUrl });
  const token = r.params.get('oauth_token');
  const secret = r.params.get('oauth_token_secret');
  if (!r.ok || !token || !secret) throw badRequest(msg('error.social.twitterRefused'), 'TWITTER_REFUSED');
  const url = `${ctx.config.TWITTER_API_URL.replace(/\/$/, '')}/oauth/authenticate?oauth_token=${enc(token)}`;
  return { url, oauthToken: token, oauthTokenSecret: secret };
}

/** Step 3: the verifier from the callback, exchanged for the person's access token and identity. */
export async function accessToken(
  ctx: Ctx,
  input: { oauthToken: string; oauthTokenSecret: string; oauthVerifier: string },
) {
  const r = await signedPost(
    ctx,
    '/oauth/access_token',
    { oauth_verifier: input.oauthVerifier },
    { token: input.oauthToken, secret: input.oauthTokenSecret },
  );
  const userId = r.params.get('user_id');
  if (!r.ok || !userId) throw unauthorized(msg('error.social.twitterIncomplete'));
  return {
    userId,
    screenName: r.params.get('screen_name') ?? null,
    token: r.params.get('oauth_token') ?? '',
    secret: r.params.get('oauth_token_secret') ?? '',
  };
}
