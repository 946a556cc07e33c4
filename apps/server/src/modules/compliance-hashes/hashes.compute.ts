import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { PdqFrame } from '../../db/schema';
import { pdqFromPixels } from '../../lib/hashing/pdq';
import { pdqOfImage } from '../../lib/hashing/pdq-image';
import { ffmpegPaths, spawnTool } from '../../lib/media/ffmpeg';

/** SHA-256 and MD5 of a file in one read. */
export async function exactHashes(file: string): Promise<{ sha256: string; md5: string }> {
  const sha = createHash('sha256');
  const md5 = createHash('md5');
  for await (const chunk of fs.createReadStream(file)) {
    sha.update(chunk as Buffer);
    md5.update(chunk as Buffer);
  }
  return { sha256: sha.digest('hex'), md5: md5.digest('hex') };
}

export async function photoPdq(file: string): Promise<PdqFrame[]> {
  const r = await pdqOfImage(file);
  return [{ hash: r.hash, quality: r.quality }];
}

/** One frame every this many seconds, at most MAX_FRAMES per video (spread evenly over longer ones). */
export const FRAME_INTERVAL_SECONDS = 5;
export const MAX_FRAMES = 60;
/** Frames are scaled to this square before hashing (PDQ squashes to 64×64 anyway). */
const FRAME_SIDE = 256;

/** The frame-sampling run for hashing (a keyframe-only decode at upload), told apart from processing runs. */
export const isFrameHashRun = (args: readonly string[]) => args.includes('nokey') && args.includes('rgb24');

/** Seconds between sampled frames for a video of this length. */
export function frameInterval(duration: number): number {
  return Math.max(FRAME_INTERVAL_SECONDS, duration / MAX_FRAMES);
}

/**
 * PDQ of sampled video frames: one ffmpeg run that decodes key frames only (`-skip_frame nokey`,
 * a keyframe every few seconds in most uploads), keeps the first and then one key frame per
 * interval (`select`), and writes them as raw 256×256 RGB. A frame's `at` is its index times the
 * interval: approximate when key frames are sparse. Cheap next to the processing pass, which decodes every frame. A file
 * ffmpeg cannot read gives no frames (the upload goes on and fails in processing as before).
 */
export function videoFramePdq(ffmpegPath: string | undefined, file: string, duration: number): Promise<PdqFrame[]> {
  const interval = frameInterval(duration > 0 ? duration : FRAME_INTERVAL_SECONDS);
  const { ffmpeg } = ffmpegPaths(ffmpegPath);
  const scale = `scale=${FRAME_SIDE}:${FRAME_SIDE}`;
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-skip_frame', 'nokey', '-i', file, '-an', '-sn'],
    // The first frame, then the first key frame at least `interval` after the last one kept.
    ...['-vf', `select='isnan(prev_selected_t)+gte(t-prev_selected_t\\,${interval.toFixed(3)})',${scale}`],
    ...['-vsync', 'vfr', '-frames:v', String(MAX_FRAMES), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ];
  const frameBytes = FRAME_SIDE * FRAME_SIDE * 3;
  return new Promise((resolve) => {
    const frames: PdqFrame[] = [];
    let pending: Buffer = Buffer.alloc(0);
    const child = spawnTool(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'], onError: () => resolve([]) });
    child.stdout!.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= frameBytes) {
        const frame = pending.subarray(0, frameBytes);
        pending = pending.subarray(frameBytes);
        const r = pdqFromPixels(frame, FRAME_SIDE, FRAME_SIDE, 3);
        frames.push({ hash: r.hash, quality: r.quality, at: Math.round(frames.length * interval * 10) / 10 });
      }
    });
    child.on('close', () => resolve(frames));
  });
}
