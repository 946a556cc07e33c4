import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { makeClip, multipartBody } from '../../../test/factories.media';
import { ffmpegSync } from '../../../test/ffmpeg';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { media } from '../../db/schema';

// Two processing slots, whatever this machine's cores: the figures below do not depend on them.
const t = useTestApp({ jobs: true, env: { MEDIA_WORKERS: '2' } });

async function upload(app: App, auth: Record<string, string>, filename: string, content: Buffer) {
  const { payload, headers } = multipartBody([{ filename, content }]);
  return app.inject({
    method: 'POST',
    url: '/api/media/upload?kinds=video',
    payload,
    headers: { ...headers, ...auth },
  });
}

/** A long video that costs little to make and to send: a flat colour at a tiny size (a few KB a minute). */
function longFlatVideo(seconds: number, size = '32x32', fps = 10): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-long-'));
  const out = path.join(dir, 'long.mp4');
  try {
    ffmpegSync([
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', `color=c=0x336699:s=${size}:r=${fps}:d=${seconds}`],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out],
    ]);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function status(app: App, id: string, auth: Record<string, string>) {
  const res = await app.inject({ method: 'GET', url: `/api/media/${id}/status`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json() as { status: string; progress: number; error?: string };
}

async function until<T>(what: string, fn: () => Promise<T | null>, timeoutMs = 120_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== null) return v;
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('video processing is shared fairly (issue 23 item 4)', () => {
  it("another owner's short clip is ready while one owner's long videos process, one at a time", async () => {
    const { app } = t();
    const a = await buildPerformer(app);
    const b = await buildPerformer(app);
    const long = longFlatVideo(40 * 60);
    const ids: string[] = [];
    for (const name of ['long-1.mp4', 'long-2.mp4']) {
      const res = await upload(app, a.auth, name, long);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data[0]._id);
    }
    // A's first file has started before B uploads.
    await until('A started', async () => ((await status(app, ids[0]!, a.auth)).progress > 0 ? true : null));
    const sent = Date.now();
    const res = await upload(app, b.auth, 'clip.mp4', makeClip('mp4', 2));
    expect(res.statusCode).toBe(201);
    const clip = res.json().data[0]._id as string;

    let bothRunning = false;
    const seenWhenReady = await until('B ready', async () => {
      const [s1, s2] = await Promise.all(ids.map((id) => status(app, id, a.auth)));
      // One owner, one slot: A's second file waits while the first processes.
      if (s1!.status === 'processing' && s2!.status === 'processing' && s1!.progress > 0 && s2!.progress > 0)
        bothRunning = true;
      const s = await status(app, clip, b.auth);
      if (s.status === 'processing') return null;
      expect(s.status).toBe('ready');
      return [s1!.status, s2!.status];
    });
    const readyAfterMs = Date.now() - sent;
    console.info(`B's 2 s clip was ready ${readyAfterMs} ms after its upload while A's long videos processed`);
    // B's clip did not wait for A's videos: A's second is still processing when it is ready. (A's first
    // may have finished meanwhile: a flat 40-minute video can encode in the seconds a busy machine takes
    // to start B's clip, and fairness does not depend on it.)
    expect(seenWhenReady[1]).toBe('processing');
    expect(bothRunning).toBe(false);
    expect(readyAfterMs).toBeLessThan(60_000);

    // And A's both end ready, one after the other.
    for (const id of ids)
      await until('A ready', async () => {
        const s = await status(app, id, a.auth);
        return s.status === 'processing' ? null : s;
      });
    expect((await status(app, ids[1]!, a.auth)).status).toBe('ready');
  });

  it('a video over the duration or picture limit is refused at upload, naming the limit; nothing is kept', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await app.ctx.settings.update({ maxVideoMinutes: 1 }, null);
    const twoMinutes = longFlatVideo(120, '16x16', 5);
    const tooLong = await upload(app, creator.auth, 'two-minutes.mp4', twoMinutes);
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json().message).toBe('"two-minutes.mp4" lasts 2 min; videos may last at most 1 min');
    // Fans have their own, shorter limit.
    await app.ctx.settings.update({ maxVideoMinutes: 180, maxVideoMinutesFans: 1 }, null);
    const fromFan = await upload(app, fan.auth, 'two-minutes.mp4', twoMinutes);
    expect(fromFan.statusCode).toBe(413);
    expect(fromFan.json().message).toBe('"two-minutes.mp4" lasts 2 min; videos may last at most 1 min');
    // A picture no rendition can have (the same rule as photos).
    const strip = await upload(app, creator.auth, 'strip.mp4', longFlatVideo(1, '800x4', 5));
    expect(strip.statusCode).toBe(422);
    expect(strip.json().message).toMatch(/"strip.mp4": The video is 800×4 pixels, too flat for its width/);

    // 320×240 × 25 fps × 2 s = 3.84 megapixels of picture.
    await app.ctx.settings.update({ maxVideoGigapixels: 0.001 }, null);
    const picture = await upload(app, creator.auth, 'clip.mp4', makeClip('mp4', 2));
    expect(picture.statusCode).toBe(413);
    expect(picture.json().message).toBe(
      '"clip.mp4" is too much video to process: 320×240 at 25 fps for 2 s is 0.00384 gigapixels; the limit is 0.001',
    );
    expect(await app.ctx.db.select().from(media)).toEqual([]);
    expect(fs.readdirSync(path.join(t().dataDir, 'tmp', 'uploads'))).toEqual([]);
  });

  it('a job that outlives its time budget is stopped and ends in error with a message', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    // 0.01 × a 2-second clip: 20 ms for ffmpeg, which cannot even start in that time.
    await app.ctx.settings.update({ mediaTimeoutFactor: 0.01, mediaTimeoutBaseSeconds: 0 }, null);
    const res = await upload(app, creator.auth, 'clip.mp4', makeClip('mp4', 2));
    expect(res.statusCode).toBe(201);
    const id = res.json().data[0]._id as string;
    const s = await until('stopped', async () => {
      const st = await status(app, id, creator.auth);
      return st.status === 'processing' ? null : st;
    });
    expect(s).toMatchObject({
      status: 'error',
      error: 'Processing was stopped: it took longer than the 0 s allowed for a file of 2 s',
    });
  });
});
