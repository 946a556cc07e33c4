import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';

/** A built web app in miniature: what `vite build` (with vite.precompress.ts) leaves in dist/. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-web-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Marquee</title><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'assets/index-abc123.js'), script);
fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), zlib.gzipSync(script));

const t = useTestApp({ env: { WEB_DIST: dist } });

describe('web payload: precompressed, cached for good when hashed, compressed API answers', () => {
  it('a hashed asset goes out precompressed (brotli, else gzip) and immutable', async () => {
    const { app } = t();
    const br = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('the app shell revalidates on every load (a new deploy shows at once)', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/some/deep/link' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('a large JSON answer is compressed when the client accepts it', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).openapi).toMatch(/^3\./);
  });
});
