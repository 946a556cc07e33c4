import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Actor, buildPerformer, buildUser } from '../../test/factories';
import { buildContent } from '../../test/factories.catalogue';
import { makeClip, multipartBody } from '../../test/factories.media';
import { fundWallet } from '../../test/factories.money';
import { ffmpegSync } from '../../test/ffmpeg';
import { useTestApp } from '../../test/harness';
import { performers } from '../db/schema';
import { identifyViewer, markBits, markRendition } from '../lib/media/viewer-mark';
import { storageFor } from '../lib/storage';
import { getMedia, presentMedia } from '../modules/media/media.service';

const t = useTestApp({ jobs: true });

async function readAll(s: Readable) {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** The first frame of an MPEG-TS segment as PNG. */
function firstFrame(ts: Buffer): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mark-'));
  try {
    fs.writeFileSync(path.join(dir, 's.ts'), ts);
    ffmpegSync(['-v', 'error', '-y', '-i', path.join(dir, 's.ts'), '-frames:v', '1', path.join(dir, 'f.png')]);
    return fs.readFileSync(path.join(dir, 'f.png'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Mean absolute difference of two frames over a region (0 = identical). */
async function regionDiff(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const raw = (img: Buffer) => sharp(img).extract(region).greyscale().raw().toBuffer();
  const [ra, rb] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i]! - rb[i]!);
  return sum / ra.length;
}

/**
 * Issue 17, item 3: the per-viewer mark extends from photos to video, by A/B segment
 * watermarking (lib/media/viewer-mark.ts). Each viewer's stream is a different sequence of
 * the two marked renditions; a copy names the viewer it was served to.
 */
describe('per-viewer marks on paid video', () => {
  it('each viewer gets the A/B sequence of their own code, a copy is traced to its viewer, the owner gets the plain file', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    await app.ctx.db.update(performers).set({ watermarkEnabled: true }).where(eq(performers.userId, creator.user.id));
    const { payload, headers } = multipartBody([
      { filename: 'paid.mp4', content: makeClip('mp4', 20, '160x120', { fps: 5, audio: false }) },
    ]);
    const up = await app.inject({
      method: 'POST',
      url: '/api/media/upload?kinds=video',
      payload,
      headers: { ...headers, ...creator.auth },
    });
    expect(up.statusCode, up.body).toBe(201);
    const id = up.json().data[0]._id as string;
    for (let i = 0; i < 600; i++) {
      const s = (await app.inject({ url: `/api/media/${id}/status`, headers: creator.auth })).json();
      if (s.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 300));
    }
    const row = (await getMedia(app.ctx, id))!;
    expect(row.status).toBe('ready');
    expect(row.variants['mark-a']).toBeDefined();
    expect(row.variants['mark-b']).toBeDefined();

    // The owner sees the plain MP4; a viewer only the stream marked for them.
    expect(presentMedia(app.ctx, row, { unlocked: true, viewerId: creator.user.id }).url).toMatch(/\/mp4\?/);
    const secret = app.ctx.config.secretKey;
    const fans: Actor[] = [await buildUser(app)];
    // A second fan whose code differs in the first ten bits (ten segments): almost always the next one.
    for (let i = 0; i < 10 && fans.length < 2; i++) {
      const f = await buildUser(app);
      const a = markBits(secret, fans[0]!.user.id).slice(0, 10).join();
      if (markBits(secret, f.user.id).slice(0, 10).join() !== a) fans.push(f);
    }
    const storage = storageFor(app.ctx.config);
    const stored = async (r: 'a' | 'b', seg: string) =>
      readAll(await storage.read(`${row.variants[`mark-${r}`]!.key}${seg}`));

    const observedBy = new Map<string, Array<'a' | 'b' | null>>();
    for (const fan of fans) {
      const view = presentMedia(app.ctx, row, { unlocked: true, viewerId: fan.user.id });
      expect(view.url).toBeUndefined();
      expect(view.hlsUrl).toMatch(/\/mark\/master\.m3u8\?.*v=/);
      const master = await app.inject({ url: view.hlsUrl!, headers: fan.auth });
      expect(master.statusCode).toBe(200);
      const indexLine = master.body.split('\n').find((l) => l.startsWith('index.m3u8'))!;
      const base = view.hlsUrl!.split('?')[0]!.replace(/master\.m3u8$/, '');
      const index = await app.inject({ url: `${base}${indexLine}`, headers: fan.auth });
      expect(index.statusCode).toBe(200);
      const segments = index.body.split('\n').filter((l) => l.startsWith('seg_'));
      expect(segments.length).toBeGreaterThanOrEqual(10);
      const observed: Array<'a' | 'b' | null> = [];
      for (const [i, line] of segments.entries()) {
        const res = await app.inject({ url: `${base}${line}`, headers: fan.auth });
        expect(res.statusCode).toBe(200);
        const name = line.split('?')[0]!;
        const [a, b] = [await stored('a', name), await stored('b', name)];
        const served = res.rawPayload.equals(a) ? 'a' : res.rawPayload.equals(b) ? 'b' : null;
        expect(served, `segment ${i}`).toBe(markRendition(secret, fan.user.id, i));
        observed.push(served);
      }
      observedBy.set(fan.user.id, observed);
      // Another account holding this viewer's playlist gets nothing.
      const other = fans.find((f) => f !== fan) ?? (await buildUser(app));
      expect((await app.inject({ url: `${base}${indexLine}`, headers: other.auth })).statusCode).toBe(403);
    }
    expect(fans).toHaveLength(2);
    const [first, second] = fans.map((f) => observedBy.get(f.user.id)!.join(''));
    expect(first).not.toBe(second);
    // Tracing a copy: its A/B sequence names the viewer among everyone who could watch.
    const everyone = [...fans.map((f) => f.user.id), (await buildUser(app)).user.id, creator.user.id];
    for (const fan of fans)
      expect(identifyViewer(secret, observedBy.get(fan.user.id)!, everyone)?.viewerId).toBe(fan.user.id);

    // The mark is in the picture: A has the square top-left, B top-right; elsewhere they are alike.
    const [fa, fb] = [firstFrame(await stored('a', 'seg_0000.ts')), firstFrame(await stored('b', 'seg_0000.ts'))];
    expect(await regionDiff(fa, fb, { left: 8, top: 6, width: 6, height: 6 })).toBeGreaterThan(30);
    expect(await regionDiff(fa, fb, { left: 146, top: 6, width: 6, height: 6 })).toBeGreaterThan(30);
    expect(await regionDiff(fa, fb, { left: 40, top: 40, width: 80, height: 60 })).toBeLessThan(3);

    // Sold as a digital product, the buyer downloads the file itself (still bound to their session).
    const buyer = fans[0]!;
    await fundWallet(app, buyer.user.id, 10_000);
    const product = (await buildContent(app, creator, 'product', { price: 5, fileId: id })) as { _id: string };
    const bought = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/product/${product._id}`,
      headers: { ...buyer.auth, 'idempotency-key': crypto.randomUUID() },
      payload: {},
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const link = await app.inject({
      url: `/api/performer-assets/products/${product._id}/download-link`,
      headers: buyer.auth,
    });
    expect(link.statusCode, link.body).toBe(200);
    const file = await app.inject({ url: link.json().downloadLink, headers: buyer.auth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/mp4');
    expect((await app.inject({ url: link.json().downloadLink, headers: fans[1]!.auth })).statusCode).toBe(403);
  }, 300_000);
});
