import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';

/** What `vite build` with vite-plugin-pwa leaves beside index.html (docs/pwa.md). */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pwa-dist-'));
fs.mkdirSync(path.join(dist, 'icons'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><link rel="manifest" href="/manifest.webmanifest"><div id="root"></div>',
);
fs.writeFileSync(path.join(dist, 'offline.html'), '<!doctype html><h1>You are offline</h1>');
fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("push", () => {});');
fs.writeFileSync(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Marquee', start_url: '/' }));
fs.writeFileSync(path.join(dist, 'icons/icon-192.png'), Buffer.from('89504e470d0a1a0a', 'hex'));

const t = useTestApp({ env: { WEB_DIST: dist } });

describe('installable app: manifest, service worker and offline page are served right', () => {
  it('the manifest goes out as application/manifest+json and revalidates', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ name: 'Marquee', start_url: '/' });
  });

  it('the service worker is JavaScript, never cached by HTTP (so a deploy reaches every device), at the root scope', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("the page's CSP lets the page register its worker and read its manifest, and still forbids others", async () => {
    const res = await t().app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("default-src 'self'"); // manifest-src falls back to it
    expect(csp).not.toMatch(/manifest-src|worker-src[^;]*\*/);
  });

  it('the offline page and the icons are plain static files', async () => {
    const offline = await t().app.inject({ method: 'GET', url: '/offline.html' });
    expect(offline.statusCode).toBe(200);
    expect(offline.body).toContain('You are offline');
    const icon = await t().app.inject({ method: 'GET', url: '/icons/icon-192.png' });
    expect(icon.headers['content-type']).toBe('image/png');
  });
});
