import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envFor, ffmpegPaths } from '../src/lib/media/ffmpeg';

/**
 * ffmpeg and ffprobe for tests: the binaries the server itself runs (PATH, else the npm
 * packages'), in the environment the server gives them, so `npm test` works without ffmpeg installed.
 */
export function ffmpegSync(args: string[]): Buffer {
  const { ffmpeg } = ffmpegPaths();
  return execFileSync(ffmpeg, args, { env: envFor(ffmpeg) });
}

export function ffprobeSync(args: string[]): Buffer {
  const { ffprobe } = ffmpegPaths();
  return execFileSync(ffprobe, args, { env: envFor(ffprobe) });
}

export interface ProbeJson {
  format: { duration?: string; format_name?: string; tags?: Record<string, string> };
  streams: Array<Record<string, unknown> & { codec_type?: string; codec_name?: string }>;
}

/** ffprobe's JSON for these bytes, written to a temporary `.ext` file. */
export function ffprobeJson(buf: Buffer, ext: string): ProbeJson {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-'));
  const file = path.join(dir, `in.${ext}`);
  fs.writeFileSync(file, buf);
  try {
    return JSON.parse(
      ffprobeSync(['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]).toString(),
    ) as ProbeJson;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
