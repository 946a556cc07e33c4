import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { makeJpeg, multipartBody } from '../../../test/factories.media';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { media } from '../../db/schema';
import { findMedia } from './media.repo';

const t = useTestApp();

async function upload(app: App, auth: Record<string, string>, files: Parameters<typeof multipartBody>[0], query = '') {
  const { payload, headers } = multipartBody(files);
  return app.inject({ method: 'POST', url: `/api/media/upload${query}`, payload, headers: { ...headers, ...auth } });
}

async function fetchUrl(app: App, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

describe('media uploads: photos', () => {
  it('JPEG: orientation applied, GPS and all metadata stripped, thumbnails and a blurred preview', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const jpeg = await makeJpeg(600, 400, {
      orientation: 6,
      exif: {
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 0/1' },
      },
    });
    const before = await sharp(jpeg).metadata();
    expect(before.exif?.length).toBeGreaterThan(50);
    expect(before.orientation).toBe(6);

    const res = await upload(app, creator.auth, [{ filename: 'beach.jpg', content: jpeg, contentType: 'image/jpeg' }]);
    expect(res.statusCode).toBe(201);
    const [file] = res.json().data;
    // Orientation 6 = rotated 90°: the portrait result is 400×600.
    expect(file).toMatchObject({
      type: 'photo',
      status: 'ready',
      width: 400,
      height: 600,
      mimeType: 'image/jpeg',
      originalName: 'beach.jpg',
    });
    expect(file.thumbnails).toHaveLength(3);
    expect(file.url).toMatch(/^\/api\/media\/file\/[0-9a-f-]+\/full\?exp=\d+&sig=/);
    expect(file.blurredUrl).toBeDefined();

    const full = await fetchUrl(app, file.url, creator.auth);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toMatch(/^private/);
    const meta = await sharp(full.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(full.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect([meta.width, meta.height]).toEqual([400, 600]);

    const sizes = [];
    for (const u of file.thumbnails) {
      const r = await fetchUrl(app, u, creator.auth);
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-type']).toBe('image/webp');
      const m = await sharp(r.rawPayload).metadata();
      expect(m.exif).toBeUndefined();
      sizes.push(m.width);
    }
    expect(sizes).toEqual([240, 400, 400]); // never enlarged
  });

  it('PNG keeps transparency; WebP is accepted; both get thumbnails', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const png = await sharp({
      create: { width: 300, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.5 } },
    })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#336699' } })
      .webp()
      .toBuffer();
    const res = await upload(app, creator.auth, [
      { filename: 'a.png', content: png },
      { filename: 'b.webp', content: webp },
    ]);
    expect(res.statusCode).toBe(201);
    const [a, b] = res.json().data;
    expect(a).toMatchObject({ type: 'photo', status: 'ready', width: 300, height: 200, mimeType: 'image/png' });
    expect(b).toMatchObject({ type: 'photo', status: 'ready', width: 1000, height: 500, mimeType: 'image/webp' });
    const full = await fetchUrl(app, a.url, creator.auth);
    expect(full.headers['content-type']).toBe('image/png');
    expect((await sharp(full.rawPayload).metadata()).hasAlpha).toBe(true);
    const thumb = await fetchUrl(app, b.thumbnails[1], creator.auth);
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(640);
  });

  it('a path-traversal file name is harmless: stored under a server-made key, shown cleaned', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const res = await upload(app, creator.auth, [
      { filename: '../../../../etc/cron.d/x<script>.jpg', content: await makeJpeg(50, 50) },
    ]);
    expect(res.statusCode).toBe(201);
    const [file] = res.json().data;
    expect(file.originalName).toBe('xscript.jpg');
    const row = await findMedia(app.ctx.db, file._id);
    for (const v of Object.values(row!.variants))
      expect(v.key).toMatch(new RegExp(`^${creator.user.id}/${file._id}/[a-z0-9-]+\\.[a-z0-9]+$`));
  });
});

describe('media uploads: refusals', () => {
  it('a file whose content is not an accepted type gets 415, whatever its name says', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const res = await upload(app, creator.auth, [
      { filename: 'photo.jpg', content: Buffer.from('#!/bin/sh\necho pwned\n'.repeat(50)), contentType: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/"photo.jpg" is not a photo/);
    // A real photo where only videos are accepted
    const res2 = await upload(
      app,
      creator.auth,
      [{ filename: 'v.mp4', content: await makeJpeg(20, 20) }],
      '?kinds=video',
    );
    expect(res2.statusCode).toBe(415);
    expect(res2.json().message).toMatch(/is not a video/);
  });

  it('oversize files get 413 naming the limit, and nothing is stored', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    await app.ctx.settings.update({ maxPhotoSizeMb: 1 }, null);
    const noise = Buffer.alloc(1500 * 1500 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = await sharp(noise, { raw: { width: 1500, height: 1500, channels: 3 } })
      .jpeg({ quality: 100 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(app, creator.auth, [{ filename: 'big.jpg', content: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('"big.jpg" is larger than the 1 MB limit for photos');
    expect(await app.ctx.db.select().from(media)).toEqual([]);
    expect(fs.readdirSync(path.join(t().dataDir, 'tmp', 'uploads'))).toEqual([]);
  });

  it('an image bomb (huge dimensions, tiny file) is refused before decoding', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const res = await upload(app, creator.auth, [{ filename: 'bomb.png', content: pngBomb(30000, 30000) }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/30000×30000 pixels; images may have at most 100 megapixels/);
  });

  it('a damaged image is refused with 422; no file and no row is left', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const jpeg = await makeJpeg(400, 400);
    const broken = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(200, 7)]);
    const res = await upload(app, creator.auth, [{ filename: 'broken.jpg', content: broken }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/could not be read/);
  });

  it('degenerate images (1×N, N×1, 0 bytes, truncated PNG/JPEG) get a 4xx naming the problem, never a 500; nothing is left (issue 23 item 5)', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#888' } })
        .png()
        .toBuffer();
    const jpeg = await makeJpeg(400, 300);
    const wholePng = await png(300, 200);
    const cases: Array<[string, Buffer, number, RegExp]> = [
      [
        'tall.png',
        await png(1, 1_000_000),
        422,
        /"tall.png": The image is 1×1000000 pixels, too narrow for its height/,
      ],
      ['wide.png', await png(100_000, 1), 422, /"wide.png": The image is 100000×1 pixels, too flat for its width/],
      ['strip.jpg', await makeJpeg(4000, 20), 422, /too flat for its width; the long side may be at most 50 times/],
      ['empty.png', Buffer.alloc(0), 400, /"empty.png" is empty/],
      ['cut.png', wholePng.subarray(0, Math.floor(wholePng.length / 2)), 422, /"cut.png": The image could not be read/],
      ['cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length / 2)), 422, /"cut.jpg": The image could not be read/],
    ];
    for (const [filename, content, status, message] of cases) {
      const res = await upload(app, creator.auth, [{ filename, content }]);
      expect({ filename, status: res.statusCode }).toEqual({ filename, status });
      expect(res.json().message).toMatch(message);
    }
    expect(await app.ctx.db.select().from(media)).toEqual([]);
    expect(fs.readdirSync(path.join(t().dataDir, 'tmp', 'uploads'))).toEqual([]);
    // A long panorama within the ratio is still a photo.
    const pano = await upload(app, creator.auth, [{ filename: 'pano.jpg', content: await makeJpeg(4000, 400) }]);
    expect(pano.statusCode).toBe(201);
  });

  it('needs a signed-in user and a multipart body', async () => {
    const { app } = t();
    const res = await upload(app, {}, [{ filename: 'a.jpg', content: await makeJpeg(10, 10) }]);
    expect(res.statusCode).toBe(401);
    const fan = await buildUser(app);
    const json = await app.inject({ method: 'POST', url: '/api/media/upload', payload: { a: 1 }, headers: fan.auth });
    expect(json.statusCode).toBe(400);
    const empty = await app.inject({
      method: 'POST',
      url: '/api/media/upload',
      ...multipartBody([], { title: 'x' }),
      headers: { ...multipartBody([], { title: 'x' }).headers, ...fan.auth },
    });
    expect(empty.statusCode).toBe(400);
  });
});

/** A PNG whose header claims width×height but whose data is a few bytes: decoding it would need gigabytes. */
function pngBomb(width: number, height: number): Buffer {
  const crc32 = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return (~c >>> 0) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 0; // greyscale
  const rows = Buffer.alloc((width + 1) * 4); // a few rows of zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
