import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPerformer } from '../../../test/factories';
import { buildMedia, makeJpeg, multipartBody } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import { presentMedia } from '../../modules/media/media.presenter';
import { storageFor } from '../storage';

/** MEDIA_CDN_URL with media in a bucket (s3rver): public media through the CDN, paid media never. */
const CDN = 'https://cdn.example.test';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-cdn-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const s3 = new S3rver({
  port,
  address: '127.0.0.1',
  silent: true,
  directory: dir,
  configureBuckets: [{ name: 'cdn-media' }],
});
await s3.run();
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const t = useTestApp({
  env: {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'cdn-media',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
    MEDIA_CDN_URL: `${CDN}/`,
  },
});

describe('MEDIA_CDN_URL', () => {
  it('public media link through the CDN, whose origin answers with the bytes, cached public and immutable', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const m = await buildMedia(app, creator.user.id, { kind: 'photo', visibility: 'public' });
    const url = presentMedia(app.ctx, m, { unlocked: true }).url!;
    expect(url.startsWith(`${CDN}/api/media/file/${m.id}/full?`)).toBe(true);
    // What the CDN asks the origin for:
    const res = await app.inject({ method: 'GET', url: url.slice(CDN.length) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const stored = await storageFor(app.ctx.config).read(m.variants.full.key);
    const chunks: Buffer[] = [];
    for await (const c of stored) chunks.push(c as Buffer);
    expect(res.rawPayload.equals(Buffer.concat(chunks))).toBe(true);
  });

  it('avatars link through the CDN; the origin serves them public', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const { payload, headers } = multipartBody([{ filename: 'me.jpg', content: await makeJpeg(600, 600) }]);
    const up = await app.inject({
      method: 'POST',
      url: '/api/users/avatar/upload',
      payload,
      headers: { ...headers, ...creator.auth },
    });
    expect(up.statusCode, up.body).toBe(200);
    const url: string = up.json().url;
    expect(url.startsWith(`${CDN}/api/profile-media/profile/avatars/`)).toBe(true);
    const res = await app.inject({ method: 'GET', url: url.slice(CDN.length) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('public');
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: creator.auth });
    expect(me.json().avatar).toBe(url);
  });

  it('protected and paid media never go through the CDN: a short-lived presigned redirect, never cached', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const m = await buildMedia(app, creator.user.id, { kind: 'photo', visibility: 'protected' });
    const presented = presentMedia(app.ctx, m, { unlocked: true, viewerId: creator.user.id });
    expect(presented.url!.startsWith('/api/media/file/')).toBe(true);
    expect(presented.blurredUrl!.startsWith('/api/media/file/')).toBe(true);
    // The link is bound to the viewer's session (issue 17): the viewer it was signed for asks for it.
    const res = await app.inject({ method: 'GET', url: presented.url!, headers: creator.auth });
    expect(res.statusCode).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const location = res.headers.location as string;
    expect(location.startsWith(`http://127.0.0.1:${port}/cdn-media/`)).toBe(true);
    expect(Number(/X-Amz-Expires=(\d+)/.exec(location)![1])).toBeLessThanOrEqual(20 * 60);
    // A link edited never to expire is refused.
    const forged = presented.url!.replace(/exp=\d+/, 'exp=0');
    expect((await app.inject({ method: 'GET', url: forged, headers: creator.auth })).statusCode).toBe(403);
  });
});
