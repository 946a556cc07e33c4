import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';

/**
 * A local stand-in for Google's siteverify API (https://developers.google.com/recaptcha/docs/verify):
 * POST application/x-www-form-urlencoded { secret, response, remoteip } -> { success, 'error-codes' }.
 */
const SECRET = 'test-recaptcha-secret';
const seen: URLSearchParams[] = [];
const siteverify = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => {
    raw += chunk;
  });
  req.on('end', () => {
    const form = new URLSearchParams(raw);
    seen.push(form);
    const token = form.get('response');
    if (token === 'server-down') {
      res.writeHead(503).end();
      return;
    }
    const body =
      form.get('secret') !== SECRET
        ? { success: false, 'error-codes': ['invalid-input-secret'] }
        : token === 'human-token'
          ? { success: true, challenge_ts: '2030-01-01T00:00:00Z', hostname: 'localhost' }
          : { success: false, 'error-codes': ['invalid-input-response'] };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
});
await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
const verifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/recaptcha/api/siteverify`;
afterAll(() => new Promise<void>((resolve) => siteverify.close(() => resolve())));

const t = useTestApp({ env: { RECAPTCHA_SECRET: SECRET, RECAPTCHA_VERIFY_URL: verifyUrl } });
beforeEach(() => {
  seen.length = 0;
});

const verify = (token: string) =>
  t().app.inject({ method: 'POST', url: '/api/re-captcha/verify', payload: { token }, remoteAddress: '203.0.113.9' });

describe('POST /re-captcha/verify with a secret configured', () => {
  it('asks the verification API with the secret, the token and the client ip, and passes a good token', async () => {
    const res = await verify('human-token');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, enabled: true });
    expect(seen).toHaveLength(1);
    expect(Object.fromEntries(seen[0])).toEqual({ secret: SECRET, response: 'human-token', remoteip: '203.0.113.9' });
  });

  it('fails a token the API rejects, with its error codes', async () => {
    const res = await verify('robot-token');
    expect(res.json()).toEqual({ success: false, enabled: true, message: 'reCAPTCHA failed: invalid-input-response' });
  });

  it('fails closed when the API is unavailable', async () => {
    const res = await verify('server-down');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, enabled: true, message: 'reCAPTCHA service could not be reached' });
  });

  it('publishes that reCAPTCHA is on, never the secret', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.json().reCaptchaEnabled).toBe(true);
    expect(res.body).not.toContain(SECRET);
  });
});
