import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, buildPerformer } from '../../../test/factories';
import { makeClip, multipartBody } from '../../../test/factories.media';
import { ffmpegSync, ffprobeJson } from '../../../test/ffmpeg';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import type { MediaRow } from '../../db/schema';
import { ffmpegPaths, watchRuns } from '../../lib/media/ffmpeg';
import { storageFor } from '../../lib/storage';
import { isFrameHashRun } from '../compliance-hashes/hashes.compute';
import { getMedia } from './media.service';

const t = useTestApp({ jobs: true });

/** Every ffmpeg/ffprobe run the server starts, through the media module's own runner. */
let runs: Array<{ bin: string; args: readonly string[] }> = [];
let stopWatching: (() => void) | null = null;
afterEach(() => stopWatching?.());
function recordRuns() {
  runs = [];
  stopWatching = watchRuns((bin, args) => runs.push({ bin, args }));
}
// The keyframe-only run that samples frames for hash matching at upload (docs/compliance.md) is not processing.
const runsOf = (app: App, tool: 'ffmpeg' | 'ffprobe') =>
  runs.filter((r) => r.bin === ffmpegPaths(app.ctx.config.FFMPEG_PATH)[tool] && !isFrameHashRun(r.args));

async function uploadAndProcess(app: App, who: Actor, content: Buffer, query: string): Promise<MediaRow> {
  const { payload, headers } = multipartBody([{ filename: 'clip.mp4', content }]);
  const res = await app.inject({
    method: 'POST',
    url: `/api/media/upload${query}`,
    payload,
    headers: { ...headers, ...who.auth },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data[0]._id as string;
  for (let i = 0; i < 400; i++) {
    const s = (await app.inject({ url: `/api/media/${id}/status`, headers: who.auth })).json();
    if (s.status !== 'processing') break;
    await new Promise((r) => setTimeout(r, 150));
  }
  const row = (await getMedia(app.ctx, id))!;
  expect(row.status, row.error ?? '').toBe('ready');
  return row;
}

async function stored(app: App, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of (await storageFor(app.ctx.config).read(key)) as Readable) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function imageOf(app: App, row: MediaRow, variant: string) {
  const v = row.variants[variant];
  expect(v, variant).toBeDefined();
  const meta = await sharp(await stored(app, v!.key)).metadata();
  return { format: meta.format, width: meta.width, height: meta.height, mime: v!.mime };
}

describe('video: one ffmpeg pass for the MP4, its stills and the teaser (issue 16)', () => {
  it('a 640×360 clip with a teaser: one ffmpeg run writes everything, each output at its size', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    recordRuns();
    const row = await uploadAndProcess(app, creator, makeClip('mp4', 3, '640x360'), '?kinds=video&teaser=1');

    const ffmpegRuns = runsOf(app, 'ffmpeg');
    expect(ffmpegRuns).toHaveLength(1);
    expect(runsOf(app, 'ffprobe')).toHaveLength(1); // the upload; the MP4's duration is read from its header
    const args = ffmpegRuns[0]!.args;
    const outputs = args
      .slice(args.indexOf('-filter_complex'))
      .filter((a) => /\.(mp4|jpg|m3u8)$/.test(a))
      .map((a) => path.basename(a));
    expect(outputs).toEqual(['video.mp4', 'frame-0.jpg', 'frame-1.jpg', 'frame-2.jpg', 'frame-3.jpg', 'teaser.mp4']);
    expect(args.filter((a) => a === '-i')).toHaveLength(1); // one input, decoded once

    expect(row).toMatchObject({ width: 640, height: 360, mimeType: 'video/mp4' });
    expect(row.duration).toBeCloseTo(3, 0);
    expect(row.variants.mp4).toMatchObject({ mime: 'video/mp4', width: 640, height: 360 });
    const mp4 = ffprobeJson(await stored(app, row.variants.mp4!.key), 'mp4');
    expect(mp4.streams.find((s) => s.codec_type === 'video')).toMatchObject({
      codec_name: 'h264',
      width: 640,
      height: 360,
    });
    expect(mp4.streams.find((s) => s.codec_type === 'audio')).toMatchObject({ codec_name: 'aac' });
    // What ffprobe says of the MP4, within a frame: ffprobe builds differ on the edit list's audio
    // priming (Debian's 5.1 agrees to the microsecond; the npm package's 2023 build is 24 ms shorter).
    expect(Math.abs((row.duration ?? 0) - Number(mp4.format.duration))).toBeLessThan(1 / 25);

    expect(row.variants.poster).toMatchObject({ mime: 'image/jpeg', width: 640, height: 360 });
    expect(await imageOf(app, row, 'poster')).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
    expect(await imageOf(app, row, 'thumb')).toMatchObject({ format: 'webp', width: 640, height: 360 });
    expect(await imageOf(app, row, 'blur')).toMatchObject({ format: 'webp', width: 480, height: 270 });
    for (const v of ['thumb-0', 'thumb-1', 'thumb-2'])
      expect(await imageOf(app, row, v)).toMatchObject({ format: 'webp', width: 480, height: 270, mime: 'image/webp' });
    // Taken at different moments (testsrc moves), not one frame four times.
    const [a, b] = [await stored(app, row.variants['thumb-0']!.key), await stored(app, row.variants['thumb-2']!.key)];
    expect(a.equals(b)).toBe(false);

    const teaser = ffprobeJson(await stored(app, row.variants.teaser!.key), 'mp4');
    expect(Number(teaser.format.duration)).toBeLessThanOrEqual(0.8); // 20 % of 3 s (issue 17)
    expect(teaser.streams).toHaveLength(1);
    expect(teaser.streams[0]).toMatchObject({ codec_type: 'video', width: 640, height: 360 });
    expect(row.variants['mark-a']).toBeUndefined();
  });

  it('watermark on: the per-viewer marked renditions are one more run, from the MP4, segment for segment', async () => {
    const { app } = t();
    const creator = await buildPerformer(app, {}, { watermarkEnabled: true });
    recordRuns();
    const row = await uploadAndProcess(app, creator, makeClip('mp4', 6, '320x240'), '?kinds=video');

    const ffmpegRuns = runsOf(app, 'ffmpeg');
    expect(ffmpegRuns).toHaveLength(2);
    const [pass, marks] = ffmpegRuns.map((r) => r.args);
    expect(pass).toContain('-filter_complex');
    expect(path.basename(marks![marks!.indexOf('-i') + 1]!)).toBe('video.mp4');
    const variants = Object.keys(row.variants).sort();
    expect(variants).toEqual(['blur', 'mark-a', 'mark-b', 'mp4', 'poster', 'thumb', 'thumb-0', 'thumb-1', 'thumb-2']);
    const playlists = await Promise.all(
      (['mark-a', 'mark-b'] as const).map(async (r) =>
        (await stored(app, `${row.variants[r]!.key}index.m3u8`)).toString(),
      ),
    );
    const segments = playlists.map((p) => p.split('\n').filter((l) => l.startsWith('seg_')));
    expect(segments[0]!.length).toBeGreaterThanOrEqual(3); // 2-second segments over 6 s
    expect(playlists[1]).toBe(playlists[0]); // same durations: segment i of A and of B line up
    const seg = ffprobeJson(await stored(app, `${row.variants['mark-a']!.key}seg_0001.ts`), 'ts');
    expect(seg.streams.map((s) => s.codec_type).sort()).toEqual(['audio', 'video']);
    expect(await imageOf(app, row, 'poster')).toMatchObject({ width: 320, height: 240 });
  });

  it('a container longer than its picture: the stills the pass could not reach are taken from the MP4', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    // 1 s of picture, 4 s of sound: the stills at 25, 50 and 75 % lie past the last frame.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pass-'));
    const file = path.join(dir, 'short-picture.mp4');
    ffmpegSync([
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=1'],
      ...['-f', 'lavfi', '-i', 'sine=duration=4', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', file],
    ]);
    const clip = fs.readFileSync(file);
    fs.rmSync(dir, { recursive: true, force: true });
    recordRuns();
    const row = await uploadAndProcess(app, creator, clip, '?kinds=video');

    const ffmpegRuns = runsOf(app, 'ffmpeg');
    expect(ffmpegRuns[0]!.args).toContain('-filter_complex');
    expect(ffmpegRuns.length).toBeGreaterThan(1);
    for (const v of ['thumb-0', 'thumb-1', 'thumb-2'])
      expect(await imageOf(app, row, v)).toMatchObject({ format: 'webp', width: 320, height: 240 });
    expect(await imageOf(app, row, 'poster')).toMatchObject({ width: 320, height: 240 });
  });
});
