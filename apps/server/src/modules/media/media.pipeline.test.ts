import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { makeClip, makeJpeg, multipartBody } from '../../../test/factories.media';
import { ffprobeJson } from '../../../test/ffmpeg';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { performers } from '../../db/schema';
import { getMedia, presentMedia } from './media.service';

const t = useTestApp({ jobs: true });
type Auth = Record<string, string>;

async function upload(app: App, auth: Auth, files: Parameters<typeof multipartBody>[0], query = '') {
  const { payload, headers } = multipartBody(files);
  return app.inject({ method: 'POST', url: `/api/media/upload${query}`, payload, headers: { ...headers, ...auth } });
}

async function waitReady(app: App, id: string, auth: Auth, timeoutMs = 240_000) {
  const start = Date.now();
  for (;;) {
    const s = (await app.inject({ method: 'GET', url: `/api/media/${id}/status`, headers: auth })).json();
    if (s.status !== 'processing') return s;
    if (Date.now() - start > timeoutMs) throw new Error(`still processing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Signed links work in the session of the viewer they name (issue 17, item 3). */
const get = (app: App, url: string, auth: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: auth });

/** Mean absolute difference of two same-sized images over a region (0 = identical). */
async function regionDiff(a: Buffer, b: Buffer, region: { left: number; top: number; width: number; height: number }) {
  const raw = (img: Buffer) => sharp(img).extract(region).removeAlpha().raw().toBuffer();
  const [ra, rb] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < ra.length; i++) sum += Math.abs(ra[i] - rb[i]);
  return sum / ra.length;
}

async function enableWatermark(app: App, userId: string) {
  await app.ctx.db.update(performers).set({ watermarkEnabled: true }).where(eq(performers.userId, userId));
}

describe('media pipeline: long videos, HEIC, watermarks', () => {
  it('a video of 5 minutes or more is also packaged as HLS; playlists and segments carry the signature', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const long = makeClip('mp4', 301, '96x64', { fps: 5, audio: false });
    const res = await upload(app, creator.auth, [{ filename: 'long.mp4', content: long }], '?kinds=video');
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data[0]._id;
    expect(await waitReady(app, id, creator.auth)).toMatchObject({ status: 'ready' });

    const view = (await app.inject({ method: 'GET', url: `/api/media/${id}`, headers: creator.auth })).json();
    expect(view.duration).toBeGreaterThanOrEqual(300);
    expect(view.url).toMatch(/\/mp4\?/); // the MP4 stays for players without HLS
    expect(view.hlsUrl).toMatch(/^\/api\/media\/file\/[0-9a-f-]+\/hls\/master\.m3u8\?exp=\d+&sig=/);
    const sig = new URL(view.hlsUrl, 'http://x').search.slice(1);

    const master = await get(app, view.hlsUrl, creator.auth);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toContain('application/vnd.apple.mpegurl');
    expect(master.headers['cache-control']).toMatch(/^private/);
    expect(master.body).toContain('#EXT-X-STREAM-INF:BANDWIDTH=');
    expect(master.body).toContain(`index.m3u8?${sig}`);

    const base = view.hlsUrl.split('?')[0].replace(/master\.m3u8$/, '');
    const index = await get(app, `${base}index.m3u8?${sig}`, creator.auth);
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('#EXT-X-ENDLIST');
    const segments = index.body.split('\n').filter((l: string) => l.startsWith('seg_'));
    // 6-second segments over 5 minutes.
    expect(segments.length).toBeGreaterThanOrEqual(40);
    for (const s of segments)
      expect(s).toMatch(new RegExp(`^seg_\\d{4}\\.ts\\?${sig.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));

    const seg = await get(app, `${base}${segments[3]}`, creator.auth);
    expect(seg.statusCode).toBe(200);
    expect(seg.headers['content-type']).toBe('video/mp2t');
    const p = ffprobeJson(seg.rawPayload, 'ts');
    expect(p.format.format_name).toBe('mpegts');
    expect(p.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');

    // Tampered signature, or a path outside the HLS folder: refused.
    const bad = `${base}${segments[3].replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAA')}`;
    expect((await get(app, bad, creator.auth)).statusCode).toBe(403);
    expect((await get(app, `${base}..%2Fvideo.mp4?${sig}`, creator.auth)).statusCode).toBe(404);
  }, 300_000);

  it('HEIF/AVIF photos are processed; HEVC-coded HEIC (iPhone) is recognised and refused with what to do', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const avif = await sharp(await makeJpeg(320, 200))
      .heif({ compression: 'av1' })
      .toBuffer();
    const ok = await upload(app, creator.auth, [{ filename: 'IMG_0001.HEIF', content: avif }]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data[0]).toMatchObject({ type: 'photo', status: 'ready', width: 320, height: 200 });
    expect(ok.json().data[0].thumbnails).toHaveLength(3);

    // An iPhone HEIC: ftyp brand "heic" (HEVC images). The bundled libheif has no HEVC decoder.
    const box = (type: string, body: Buffer) => {
      const h = Buffer.alloc(8);
      h.writeUInt32BE(8 + body.length);
      h.write(type, 4, 'latin1');
      return Buffer.concat([h, body]);
    };
    const heic = Buffer.concat([
      box('ftyp', Buffer.concat([Buffer.from('heic'), Buffer.alloc(4), Buffer.from('mif1heic')])),
      box('meta', Buffer.alloc(4000, 1)),
    ]);
    const refused = await upload(app, creator.auth, [{ filename: 'IMG_0002.HEIC', content: heic }]);
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ code: 'HEIC_UNSUPPORTED' });
    expect(refused.json().message).toContain('"IMG_0002.HEIC" is an HEIC photo');
    expect(refused.json().message).toContain('JPEG');
  });

  it("watermark on: photos carry the creator's profile URL; paid photos get a per-viewer mark when delivered", async () => {
    const { app } = t();
    const plain = await buildPerformer(app);
    const marked = await buildPerformer(app);
    await enableWatermark(app, marked.user.id);
    const fanA = await buildUser(app);
    const fanB = await buildUser(app);
    const jpeg = await makeJpeg(800, 600);
    const a = (await upload(app, plain.auth, [{ filename: 'a.jpg', content: jpeg }])).json().data[0];
    const b = (await upload(app, marked.auth, [{ filename: 'b.jpg', content: jpeg }])).json().data[0];
    const rowB = (await getMedia(app.ctx, b._id))!;
    expect(rowB.options.watermark).toMatch(new RegExp(`^http://localhost(:80)?/${marked.user.username}$`));

    const fullA = (await get(app, a.url, plain.auth)).rawPayload;
    const fullB = (await get(app, b.url, marked.auth)).rawPayload;
    // The stamp sits in the bottom-right corner; the top-left stays the same picture.
    const corner = { left: 400, top: 540, width: 390, height: 50 };
    expect(await regionDiff(fullA, fullB, corner)).toBeGreaterThan(3);
    expect(await regionDiff(fullA, fullB, { left: 0, top: 0, width: 300, height: 200 })).toBeLessThan(2);

    // Delivered to viewers (after their entitlement check): each copy is marked for its viewer, across the middle.
    const authOf = (viewerId: string) => (viewerId === fanA.user.id ? fanA.auth : fanB.auth);
    const asViewer = async (viewerId: string) =>
      (await get(app, presentMedia(app.ctx, rowB, { unlocked: true, viewerId }).url!, authOf(viewerId))).rawPayload;
    const [forA, forA2, forB] = [
      await asViewer(fanA.user.id),
      await asViewer(fanA.user.id),
      await asViewer(fanB.user.id),
    ];
    // Tight around the centred mark (12 characters at 21 px): the mean difference is not diluted by untouched pixels.
    const middle = { left: 280, top: 275, width: 240, height: 40 };
    expect(await regionDiff(forA, fullB, middle)).toBeGreaterThan(1);
    expect(await regionDiff(forA, forB, middle)).toBeGreaterThan(0.5);
    expect(await regionDiff(forA, forA2, middle)).toBe(0);
    expect((await sharp(forA).metadata()).exif).toBeUndefined();
    // A creator without the setting: no per-viewer mark either.
    const rowA = (await getMedia(app.ctx, a._id))!;
    const plainForA = (
      await get(app, presentMedia(app.ctx, rowA, { unlocked: true, viewerId: fanA.user.id }).url!, fanA.auth)
    ).rawPayload;
    expect(plainForA.equals(fullA)).toBe(true);
  });

  it('watermark on: videos are stamped too (poster and frames of the MP4)', async () => {
    const { app } = t();
    const plain = await buildPerformer(app);
    const marked = await buildPerformer(app);
    await enableWatermark(app, marked.user.id);
    const clip = makeClip('mp4', 2, '640x360');
    const ids: string[] = [];
    for (const who of [plain, marked]) {
      const res = await upload(app, who.auth, [{ filename: 'c.mp4', content: clip }], '?kinds=video');
      ids.push(res.json().data[0]._id);
    }
    for (const [i, who] of [plain, marked].entries())
      expect(await waitReady(app, ids[i], who.auth)).toMatchObject({ status: 'ready' });
    const posters = await Promise.all(
      ids.map(async (id, i) => {
        const owner = [plain, marked][i];
        const view = (await app.inject({ method: 'GET', url: `/api/media/${id}`, headers: owner.auth })).json();
        return (await get(app, view.posterUrl, owner.auth)).rawPayload;
      }),
    );
    const corner = { left: 300, top: 320, width: 330, height: 30 };
    expect(await regionDiff(posters[0], posters[1], corner)).toBeGreaterThan(3);
    expect(await regionDiff(posters[0], posters[1], { left: 0, top: 0, width: 200, height: 150 })).toBeLessThan(4);
  });
});
