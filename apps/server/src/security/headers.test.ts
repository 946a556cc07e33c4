import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';

const INLINE = "document.documentElement.classList.add('x');";
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-web-'));
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  `<!doctype html><html><head><title>Marquee</title><script>${INLINE}</script></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>`,
);
fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');

const t = useTestApp({ env: { WEB_DIST: dist, TRUST_PROXY: '1' } });

function directives(csp: string) {
  return new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
}

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
};

describe('security headers (issue 17, item 9)', () => {
  it('web pages carry a strict CSP that still allows the app, the inline theme script, analytics and Agora', async () => {
    for (const url of ['/', '/explore', '/some-creator']) {
      const res = await t().app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers).toMatchObject(COMMON);
      const csp = directives(String(res.headers['content-security-policy']));
      const hash = `'sha256-${createHash('sha256').update(INLINE).digest('base64')}'`;
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'", hash, 'https://www.googletagmanager.com']);
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
      expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual(["'self'"]);
      expect(csp.get('connect-src')).toEqual(
        expect.arrayContaining(["'self'", 'wss://*.agora.io', 'https://*.sd-rtn.com']),
      );
      expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'blob:', 'https:']));
    }
  });

  it('the API and static assets answer nosniff, no-referrer leaks and no framing', async () => {
    const fan = await buildUser(t().app);
    for (const opts of [
      { url: '/api/health' },
      { url: '/api/users/me', headers: fan.auth },
      { url: '/api/users/me' },
      { url: '/api/nope' },
      { url: '/assets/app.js' },
    ]) {
      const res = await t().app.inject(opts);
      expect(res.headers, opts.url).toMatchObject(COMMON);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    const json = await t().app.inject({ url: '/api/users/me', headers: fan.auth });
    expect(json.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('HSTS only when the request came over TLS (here through a trusted proxy)', async () => {
    const tls = await t().app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const api = await t().app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await t().app.inject({ url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});
