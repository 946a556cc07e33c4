import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MARK_SEGMENT_SECONDS, run } from './ffmpeg';

/** Frames are compared small and grey: the marks are corner squares, colour and detail do not matter. */
const W = 160;
const H = 90;
const CORNER = { width: 32, height: 24 };

/**
 * One grey frame per mark segment (1 s into each 2-s segment), at most `count`, as raw bytes.
 * The three inputs (the leaked copy, renditions A and B) go through the same scaling, so a copy
 * re-encoded at another size or bitrate lines up with the originals.
 */
async function framesOf(ffmpeg: string, input: string, count: number, dir: string, name: string): Promise<Buffer[]> {
  const out = path.join(dir, `${name}.gray`);
  await run(
    ffmpeg,
    [
      '-v',
      'error',
      '-y',
      '-ss',
      String(MARK_SEGMENT_SECONDS / 2),
      '-i',
      input,
      '-vf',
      `fps=1/${MARK_SEGMENT_SECONDS},scale=${W}:${H},format=gray`,
      '-frames:v',
      String(count),
      '-f',
      'rawvideo',
      out,
    ],
    { timeoutMs: 120_000 },
  );
  const raw = await fs.readFile(out);
  const frames: Buffer[] = [];
  for (let o = 0; o + W * H <= raw.length; o += W * H) frames.push(raw.subarray(o, o + W * H));
  return frames;
}

/** Mean absolute difference of two grey frames over the two top corners (where A and B differ). */
function cornerDiff(a: Buffer, b: Buffer): number {
  let sum = 0;
  let n = 0;
  for (const left of [0, W - CORNER.width]) {
    for (let y = 0; y < CORNER.height; y++) {
      for (let x = left; x < left + CORNER.width; x++) {
        sum += Math.abs(a[y * W + x]! - b[y * W + x]!);
        n++;
      }
    }
  }
  return sum / n;
}

/**
 * Reads a leaked copy's A/B sequence (lib/media/viewer-mark.ts): for each segment, which marked
 * rendition the copy's frame is closer to in the corners; null where neither is clearly closer
 * (a cut, a cropped corner, a black frame). `renditionA`/`renditionB` are the first segments of
 * each rendition concatenated (MPEG-TS segments join byte-wise), `leaked` any video file.
 */
export async function readMarks(
  ffmpeg: string,
  files: { leaked: string; renditionA: string; renditionB: string },
  segments: number,
): Promise<Array<'a' | 'b' | null>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mark-read-'));
  try {
    const [leak, a, b] = await Promise.all([
      framesOf(ffmpeg, files.leaked, segments, dir, 'leak'),
      framesOf(ffmpeg, files.renditionA, segments, dir, 'a'),
      framesOf(ffmpeg, files.renditionB, segments, dir, 'b'),
    ]);
    const n = Math.min(leak.length, a.length, b.length);
    const observed: Array<'a' | 'b' | null> = [];
    for (let i = 0; i < n; i++) {
      const [da, db] = [cornerDiff(leak[i]!, a[i]!), cornerDiff(leak[i]!, b[i]!)];
      observed.push(da < db * 0.8 ? 'a' : db < da * 0.8 ? 'b' : null);
    }
    return observed;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
