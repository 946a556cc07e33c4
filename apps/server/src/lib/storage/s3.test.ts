import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { makeClip, makeJpeg, multipartBody } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { findMedia } from '../../modules/media/media.repo';
import { storageFor } from './index';

// A local S3-compatible server (s3rver, pure JS) for the S3 driver.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-s3-'));
const port = 20000 + Math.floor(Math.random() * 20000);
const s3 = new S3rver({
  port,
  address: '127.0.0.1',
  silent: true,
  directory: dir,
  configureBuckets: [{ name: 'marquee-media' }],
});
await s3.run();
afterAll(async () => {
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const t = useTestApp({
  env: {
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'marquee-media',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  },
});

async function upload(app: App, auth: Record<string, string>, files: Parameters<typeof multipartBody>[0], query = '') {
  const { payload, headers } = multipartBody(files);
  return app.inject({ method: 'POST', url: `/api/media/upload${query}`, payload, headers: { ...headers, ...auth } });
}

describe('S3 storage driver (against a local S3-compatible server)', () => {
  it('uploads land in the bucket; signed links redirect to presigned URLs that serve the bytes and ranges', async () => {
    const { app } = t();
    expect(storageFor(app.ctx.config).kind).toBe('s3');
    const creator = await buildPerformer(app);
    const res = await upload(app, creator.auth, [{ filename: 'p.jpg', content: await makeJpeg(500, 300) }]);
    expect(res.statusCode).toBe(201);
    const [file] = res.json().data;
    const row = await findMedia(app.ctx.db, file._id);
    const stat = await storageFor(app.ctx.config).stat(row!.variants.full.key);
    expect(stat?.size).toBe(row!.variants.full.size);
    // Nothing on local disk
    expect(fs.existsSync(path.join(app.ctx.config.mediaDir, creator.user.id))).toBe(false);

    const redirect = await app.inject({ method: 'GET', url: file.url, headers: creator.auth });
    expect(redirect.statusCode).toBe(302);
    const presigned = redirect.headers.location as string;
    expect(presigned).toMatch(new RegExp(`^http://127.0.0.1:${port}/marquee-media/.*X-Amz-Signature=`));
    expect(presigned).toMatch(/X-Amz-Expires=\d+/);
    const body = await fetch(presigned);
    expect(body.status).toBe(200);
    const buf = Buffer.from(await body.arrayBuffer());
    expect((await sharp(buf).metadata()).width).toBe(500);
    const range = await fetch(presigned, { headers: { range: 'bytes=0-9' } });
    expect(range.status).toBe(206);
    expect(Buffer.from(await range.arrayBuffer()).equals(buf.subarray(0, 10))).toBe(true);
    // Tampered: refused before any redirect
    const bad = await app.inject({
      method: 'GET',
      url: file.url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
      headers: creator.auth,
    });
    // Another account holding the link: refused before any redirect (issue 17, item 3).
    const other = await buildUser(app);
    const stolen = await app.inject({ method: 'GET', url: file.url, headers: other.auth });
    expect(stolen.statusCode).toBe(403);
    expect(stolen.headers.location).toBeUndefined();
    expect(bad.statusCode).toBe(403);
    // The presigned URL cannot check a session, so it lives a minute for a photo (issue 17, item 3).
    expect(Number(/X-Amz-Expires=(\d+)/.exec(presigned)![1])).toBeLessThanOrEqual(60);
  });

  it('videos are processed from and back to the bucket; the original upload is removed', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const res = await upload(app, creator.auth, [{ filename: 'v.mp4', content: makeClip('mp4', 2) }], '?kinds=video');
    const id = res.json().data[0]._id;
    let row = await findMedia(app.ctx.db, id);
    const originalKey = row!.variants.original.key;
    for (let i = 0; i < 240 && row!.status === 'processing'; i++) {
      await new Promise((r) => setTimeout(r, 250));
      row = await findMedia(app.ctx.db, id);
    }
    expect(row!.error ?? null).toBeNull();
    expect(row!.status).toBe('ready');
    const storage = storageFor(app.ctx.config);
    expect(await storage.stat(row!.variants.mp4.key)).not.toBeNull();
    expect(await storage.stat(originalKey)).toBeNull();
    await storage.delete(`${creator.user.id}/${id}/`);
    expect(await storage.stat(row!.variants.mp4.key)).toBeNull();
  });
});
