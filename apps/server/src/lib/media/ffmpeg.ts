import { type ChildProcess, type SpawnOptions, spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface FfmpegPaths {
  ffmpeg: string;
  ffprobe: string;
  /** Where they come from, said at start. */
  source: 'FFMPEG_PATH' | 'PATH' | 'npm package' | 'missing';
}

/** An executable named `name` in one of PATH's folders. */
function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {}
  }
  return null;
}

/** The binary an npm package carries (`@ffmpeg-installer/ffmpeg`, `@ffprobe-installer/ffprobe`), or null. */
function fromPackage(pkg: string): string | null {
  try {
    const req = createRequire(import.meta.url);
    const found = (req(pkg) as { path?: string }).path;
    if (!found || !fs.existsSync(found)) return null;
    try {
      fs.accessSync(found, fs.constants.X_OK);
    } catch {
      fs.chmodSync(found, 0o755); // installed with --ignore-scripts: the package's chmod did not run
    }
    return found;
  } catch {
    return null; // no build for this platform, or not installed
  }
}

const cache = new Map<string, FfmpegPaths>();

/**
 * FFMPEG_PATH (ffprobe beside it), else ffmpeg/ffprobe on PATH (Debian's), else the static binaries
 * shipped inside the `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe` npm packages.
 * Nothing is downloaded at run time.
 */
export function ffmpegPaths(ffmpegPath?: string): FfmpegPaths {
  const key = `${ffmpegPath ?? ''}\n${process.env.PATH ?? ''}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let found: FfmpegPaths;
  if (ffmpegPath) {
    const probeBeside = ffmpegPath.replace(/ffmpeg(\.exe)?$/, 'ffprobe$1');
    const ffprobe = fs.existsSync(probeBeside)
      ? probeBeside
      : (onPath('ffprobe') ?? fromPackage('@ffprobe-installer/ffprobe') ?? 'ffprobe');
    found = { ffmpeg: ffmpegPath, ffprobe, source: 'FFMPEG_PATH' };
  } else {
    const sys = { ffmpeg: onPath('ffmpeg'), ffprobe: onPath('ffprobe') };
    if (sys.ffmpeg && sys.ffprobe) found = { ffmpeg: sys.ffmpeg, ffprobe: sys.ffprobe, source: 'PATH' };
    else {
      const pkg = {
        ffmpeg: fromPackage('@ffmpeg-installer/ffmpeg'),
        ffprobe: fromPackage('@ffprobe-installer/ffprobe'),
      };
      const ffmpeg = sys.ffmpeg ?? pkg.ffmpeg;
      const ffprobe = sys.ffprobe ?? pkg.ffprobe;
      found =
        ffmpeg && ffprobe
          ? { ffmpeg, ffprobe, source: 'npm package' }
          : { ffmpeg: ffmpeg ?? 'ffmpeg', ffprobe: ffprobe ?? 'ffprobe', source: 'missing' };
    }
  }
  cache.set(key, found);
  return found;
}

/** One line for the start log: which ffmpeg processes video. */
export function describeFfmpeg(ffmpegPath?: string): string {
  const p = ffmpegPaths(ffmpegPath);
  if (p.source === 'missing')
    return 'ffmpeg: not found (install ffmpeg or run npm install on a supported platform); video and audio uploads will fail';
  const where =
    p.source === 'PATH' ? 'on PATH' : p.source === 'FFMPEG_PATH' ? 'from FFMPEG_PATH' : 'bundled npm package';
  return `ffmpeg: ${p.ffmpeg} (${where}), ffprobe: ${p.ffprobe}`;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    public readonly stderr: string,
  ) {
    super(message);
  }
}

/** A run stopped (SIGKILL) because it outlived its `timeoutMs`. */
export class FfmpegTimeoutError extends FfmpegError {
  constructor(
    bin: string,
    public readonly timeoutMs: number,
    stderr: string,
  ) {
    super(`${bin} was stopped after ${Math.round(timeoutMs / 1000)} s`, stderr);
  }
}

export interface RunOptions {
  /** Called with output seconds processed (from `-progress pipe:1`). */
  onProgress?: (seconds: number) => void;
  /** Kill the child after this long and reject with FfmpegTimeoutError. */
  timeoutMs?: number;
}

/** ffprobe reads headers only: a file it cannot get through in this long is refused, not waited for. */
export const PROBE_TIMEOUT_MS = 60_000;

/** Told of every ffmpeg/ffprobe run this process starts (`watchRuns`). */
export type RunWatcher = (bin: string, args: readonly string[]) => void;
const watchers = new Set<RunWatcher>();

/** Calls `watcher` for each run started from now on, until the returned function is called. */
export function watchRuns(watcher: RunWatcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

/**
 * The environment a binary runs in. The static builds inside the npm packages carry their own
 * glibc, whose iconv loads the machine's gconv modules and crashes: every @ffprobe-installer
 * linux-x64 build (2019–2023) segfaults on any MPEG-TS (its service name goes through iconv).
 * With GCONV_PATH pointing nowhere, iconv_open fails cleanly and the name is kept as bytes.
 * (The same glibc cannot resolve host names either: give these binaries IP addresses, never
 * `localhost`.) Binaries from PATH or FFMPEG_PATH run with the environment as it is.
 */
export function envFor(bin: string): NodeJS.ProcessEnv {
  if (!bin.includes(`${path.sep}node_modules${path.sep}`)) return process.env;
  return { ...process.env, GCONV_PATH: path.join(path.sep, 'nonexistent', 'gconv') };
}

/**
 * Every ffmpeg/ffprobe child of the server starts here: the environment above, and an 'error'
 * listener before anything else can happen, so a missing or unstartable binary (ENOENT, EACCES)
 * is an event for the caller (`onError`), never an uncaught exception that ends the process.
 */
export function spawnTool(
  bin: string,
  args: readonly string[],
  options: SpawnOptions & { onError?: (err: Error) => void } = {},
): ChildProcess {
  for (const watch of watchers) watch(bin, args);
  const { onError, ...spawnOptions } = options;
  const child = spawn(bin, args, { ...spawnOptions, env: envFor(bin) });
  child.on('error', (err) => onError?.(err));
  // A child that could not start has no working pipes: their errors (EPIPE) are not the process's.
  child.stdin?.on('error', () => {});
  return child;
}

/** Runs a binary, keeping the tail of stderr for the error message. */
export function run(bin: string, args: string[], opts: RunOptions = {}): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const timer = { id: null as NodeJS.Timeout | null };
    const child = spawnTool(bin, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      onError: (err) => {
        if (timer.id) clearTimeout(timer.id);
        reject(new FfmpegError(`${bin} could not be started: ${err.message}`, ''));
      },
    });
    let stdout = '';
    let stderr = '';
    let buf = '';
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      if (!opts.onProgress) {
        stdout += d;
        return;
      }
      buf += d;
      let i = buf.indexOf('\n');
      while (i >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        const m = /^out_time_(?:us|ms)=(\d+)/.exec(line);
        if (m) opts.onProgress(Number(m[1]) / 1_000_000);
        i = buf.indexOf('\n');
      }
    });
    child.stderr!.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-8000);
    });
    let timedOut = false;
    timer.id = opts.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, opts.timeoutMs)
      : null;
    child.on('close', (code, signal) => {
      if (timer.id) clearTimeout(timer.id);
      if (timedOut) reject(new FfmpegTimeoutError(bin, opts.timeoutMs ?? 0, stderr));
      else if (code === 0) resolve({ stdout, stderr });
      else reject(new FfmpegError(`${bin} failed (${signal ?? `exit ${code}`})`, stderr));
    });
  });
}

export interface Probe {
  duration: number;
  width?: number;
  height?: number;
  /** Rotation from the display matrix (phones record portrait as rotated landscape). */
  rotation: number;
  /** Frames per second of the video stream (its average rate), when the container says. */
  fps?: number;
  /** Frames in the video stream, when the container says (MP4 does; Matroska often does not). */
  frames?: number;
  hasVideo: boolean;
  hasAudio: boolean;
  videoCodec?: string;
  audioCodec?: string;
  formatName: string;
}

export async function probe(ffprobe: string, file: string): Promise<Probe> {
  const { stdout } = await run(
    ffprobe,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
    { timeoutMs: PROBE_TIMEOUT_MS },
  );
  const j = JSON.parse(stdout) as {
    format?: { duration?: string; format_name?: string };
    streams?: Array<{
      codec_type?: string;
      codec_name?: string;
      width?: number;
      height?: number;
      duration?: string;
      avg_frame_rate?: string;
      r_frame_rate?: string;
      nb_frames?: string;
      tags?: { rotate?: string };
      side_data_list?: Array<{ rotation?: number }>;
    }>;
  };
  const streams = j.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video' && s.codec_name !== 'mjpeg' && s.codec_name !== 'png');
  const a = streams.find((s) => s.codec_type === 'audio');
  const rotation =
    Math.abs(Number(v?.tags?.rotate ?? v?.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0)) % 360;
  const swap = rotation === 90 || rotation === 270;
  const duration = Number(j.format?.duration ?? v?.duration ?? a?.duration ?? 0) || 0;
  return {
    duration,
    width: v ? (swap ? v.height : v.width) : undefined,
    height: v ? (swap ? v.width : v.height) : undefined,
    rotation,
    fps: v ? (rate(v.avg_frame_rate) ?? rate(v.r_frame_rate)) : undefined,
    frames: v?.nb_frames && Number(v.nb_frames) > 0 ? Number(v.nb_frames) : undefined,
    hasVideo: Boolean(v),
    hasAudio: Boolean(a),
    videoCodec: v?.codec_name,
    audioCodec: a?.codec_name,
    formatName: j.format?.format_name ?? '',
  };
}

/** A frame rate as ffprobe writes it ("30000/1001"), or undefined for "0/0" and nonsense. */
function rate(r: string | undefined): number | undefined {
  const [num, den] = (r ?? '').split('/').map(Number);
  const fps = den ? (num ?? 0) / den : Number.NaN;
  return Number.isFinite(fps) && fps > 0 ? fps : undefined;
}

/** A box (atom) of an MP4 between `from` and `to`: where its content starts and ends. */
function findBox(buf: Buffer, type: string, from: number, to: number): { start: number; end: number } | null {
  for (let i = from; i + 8 <= to; ) {
    let size = buf.readUInt32BE(i);
    let header = 8;
    if (size === 1) {
      if (i + 16 > to) return null;
      size = Number(buf.readBigUInt64BE(i + 8));
      header = 16;
    } else if (size === 0) size = to - i; // runs to the end of the file
    if (size < header) return null;
    if (buf.toString('latin1', i + 4, i + 8) === type) return { start: i + header, end: Math.min(i + size, to) };
    i += size;
  }
  return null;
}

/** The duration in the movie header (`mvhd`) of the MP4 starting in `buf`, or null. */
export function mvhdDuration(buf: Buffer): number | null {
  const moov = findBox(buf, 'moov', 0, buf.length);
  const mvhd = moov && findBox(buf, 'mvhd', moov.start, moov.end);
  if (!mvhd || mvhd.end - mvhd.start < 32) return null;
  const long = buf[mvhd.start] === 1; // version 1: 64-bit times
  const at = mvhd.start + 4 + (long ? 16 : 8);
  if (at + (long ? 12 : 8) > mvhd.end) return null;
  const timescale = buf.readUInt32BE(at);
  const units = long ? Number(buf.readBigUInt64BE(at + 4)) : buf.readUInt32BE(at + 4);
  // Rounded to the microsecond, as ffprobe reports a format's duration.
  return timescale > 0 && units > 0 ? Math.round((units / timescale) * 1e6) / 1e6 : null;
}

/**
 * The duration of an MP4 we wrote with faststart (its header comes first), read from the file
 * instead of starting ffprobe; null when the header is not where faststart puts it.
 */
export async function mp4Duration(file: string): Promise<number | null> {
  const fh = await fsp.open(file, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    return mvhdDuration(buf.subarray(0, bytesRead));
  } finally {
    await fh.close();
  }
}

/** Longest side of the web MP4. */
export const VIDEO_MAX_SIDE = 1920;
/** Videos longer than this also get HLS (adaptive start, cheaper seeking on phones). */
export const HLS_MIN_SECONDS = 5 * 60;
export const TEASER_SECONDS = 6;
/** A teaser is at most this fraction of the item (issue 17: never the whole clip). */
export const TEASER_FRACTION = 0.2;
/** Segment length of the per-viewer marked stream: one bit of the viewer's code per segment. */
export const MARK_SEGMENT_SECONDS = 2;
/** Below this a moving teaser shows nothing useful: the item gets its still and blurred preview only. */
export const MIN_TEASER_SECONDS = 0.5;

/** The teaser length for a video of `duration` seconds: min(6 s, 20 %), or null when too short for one. */
export function teaserSeconds(duration: number): number | null {
  if (!Number.isFinite(duration) || duration <= 0) return null;
  const secs = Math.min(TEASER_SECONDS, duration * TEASER_FRACTION);
  return secs < MIN_TEASER_SECONDS ? null : Math.floor(secs * 100) / 100;
}

export function escapeDrawtext(text: string): string {
  return text.replace(/\\/g, '\\\\\\\\').replace(/'/g, '\u2019').replace(/:/g, '\\:').replace(/%/g, '\\%');
}

/** The filter chain of the web MP4: never upscale, even dimensions, optional watermark. */
export function videoFilter(watermark?: string | null): string {
  const scale = `scale='if(gte(iw,ih),min(${VIDEO_MAX_SIDE},iw),-2)':'if(gte(iw,ih),-2,min(${VIDEO_MAX_SIDE},ih))',scale=trunc(iw/2)*2:trunc(ih/2)*2`;
  if (!watermark) return `${scale},format=yuv420p`;
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
  const fontfile = fs.existsSync(font) ? `fontfile=${font}:` : '';
  return `${scale},drawtext=${fontfile}text='${escapeDrawtext(watermark)}':fontcolor=white@0.7:borderw=2:bordercolor=black@0.5:fontsize=h/28:x=w-tw-h/28:y=h-th-h/28,format=yuv420p`;
}

/** The encoder and muxer options of the web MP4: H.264/AAC, faststart, a keyframe every 2 s (clean HLS cuts), metadata (GPS) dropped. */
function webMp4Output(output: string, hasAudio: boolean): string[] {
  const args = [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-profile:v',
    'high',
    '-force_key_frames',
    'expr:gte(t,n_forced*2)',
    '-sc_threshold',
    '0',
  ];
  if (hasAudio) args.push('-c:a', 'aac', '-b:a', '128k', '-ac', '2');
  args.push('-map_metadata', '-1', '-map_chapters', '-1', '-movflags', '+faststart', output);
  return args;
}

/** The web MP4 alone, in its own run (the pipeline makes it in `videoPassArgs`; kept for comparison in the bench). */
export function webMp4Args(input: string, output: string, p: Probe, watermark?: string | null): string[] {
  const args = ['-hide_banner', '-y', '-i', input, '-map', '0:v:0'];
  if (p.hasAudio) args.push('-map', '0:a:0');
  args.push('-vf', videoFilter(watermark), '-progress', 'pipe:1', '-nostats', ...webMp4Output(output, p.hasAudio));
  return args;
}

export function audioArgs(input: string, output: string): string[] {
  return [
    '-hide_banner',
    '-y',
    '-i',
    input,
    '-map',
    '0:a:0',
    '-vn',
    '-c:a',
    'aac',
    '-b:a',
    '160k',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    '-progress',
    'pipe:1',
    '-nostats',
    output,
  ];
}

/** Where a video's stills are taken, as fractions of its length: the poster (also `thumb` and `blur`), then thumb-0..2. */
export const STILL_FRACTIONS = [0.1, 0.25, 0.5, 0.75] as const;

/** The times of a video's stills, never past its last frame. */
export function stillTimes(duration: number): number[] {
  return STILL_FRACTIONS.map((f) => Math.min(duration * f, Math.max(0, duration - 0.1)));
}

/** One still from its own run: the frame at `atSeconds` (a fallback when the main pass left one out). */
export function frameArgs(input: string, atSeconds: number, output: string): string[] {
  return ['-hide_banner', '-y', '-ss', atSeconds.toFixed(2), '-i', input, ...stillOutput(output)];
}

/**
 * Keeps the first frame at or after `atSeconds` and drops every other one (a comparison per frame).
 * `select` rather than `trim`: a branch that ends early stops older ffmpeg builds' `split`.
 */
function stillFilter(atSeconds: number): string {
  return `select='gte(t,${atSeconds.toFixed(2)})*eq(selected_n,0)'`;
}

function stillOutput(output: string): string[] {
  return ['-frames:v', '1', '-q:v', '3', output];
}

/** The teaser's picture: at most 854 px on its long side, never upscaled, even dimensions. */
const TEASER_SCALE =
  "scale='if(gte(iw,ih),min(854,iw),-2)':'if(gte(iw,ih),-2,min(854,ih))',scale=trunc(iw/2)*2:trunc(ih/2)*2";

function teaserOutput(output: string): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '28',
    '-an',
    '-map_metadata',
    '-1',
    '-movflags',
    '+faststart',
    output,
  ];
}

/** The teaser from its own run, cut from the web MP4 (a fallback when the main pass could not size it). */
export function teaserArgs(input: string, output: string, seconds: number = TEASER_SECONDS): string[] {
  return ['-hide_banner', '-y', '-i', input, '-t', String(seconds), '-vf', TEASER_SCALE, ...teaserOutput(output)];
}

/** The first `seconds` of the stream, at teaser size (frames after them are dropped before scaling). */
function teaserFilter(seconds: number): string {
  return `select='lt(t,${seconds})',${TEASER_SCALE}`;
}

/** Where the per-viewer mark's square goes (A top-left, B top-right) and how it looks. */
function markFilter(rendition: 'a' | 'b'): string {
  const x = rendition === 'a' ? 'iw*0.05' : 'iw*0.915';
  // A light square with a dark centre: visible on bright and dark pictures alike.
  return `drawbox=x=${x}:y=ih*0.05:w=iw*0.04:h=iw*0.04:color=white@0.7:t=fill,drawbox=x=${x}+iw*0.01:y=ih*0.05+iw*0.01:w=iw*0.02:h=iw*0.02:color=black@0.7:t=fill`;
}

/** One marked rendition: H.264 with a keyframe every MARK_SEGMENT_SECONDS, cut into segments of that length. */
function markedHlsOutput(dir: string, audio: string[]): string[] {
  return [
    ...audio,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-force_key_frames',
    `expr:gte(t,n_forced*${MARK_SEGMENT_SECONDS})`,
    '-sc_threshold',
    '0',
    '-f',
    'hls',
    '-hls_time',
    String(MARK_SEGMENT_SECONDS),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    `${dir}/seg_%04d.ts`,
    `${dir}/index.m3u8`,
  ];
}

export interface VideoPassOutputs {
  /** The web MP4. */
  mp4: string;
  /** JPEG stills: the first frame at or after each time (see `stillTimes`). */
  stills: Array<{ at: number; file: string }>;
  /** The first `seconds` at teaser size, when one is wanted. */
  teaser?: { file: string; seconds: number } | null;
}

/** The filter graph of the main pass: the web picture once, split to every output that needs pictures. */
export function videoPassGraph(o: VideoPassOutputs, watermark?: string | null): string {
  const branches = ['mp4', ...o.stills.map((_, i) => `still${i}`)];
  if (o.teaser) branches.push('teaser');
  const graph = [`[0:v]${videoFilter(watermark)},split=${branches.length}${branches.map((b) => `[${b}]`).join('')}`];
  for (const [i, s] of o.stills.entries()) graph.push(`[still${i}]${stillFilter(s.at)}[still${i}out]`);
  if (o.teaser) graph.push(`[teaser]${teaserFilter(o.teaser.seconds)}[teaserout]`);
  return graph.join(';');
}

/**
 * The main pass over an uploaded video: one decode, one run of ffmpeg, for the web MP4, its
 * stills (poster and thumbnails) and the teaser. Every output is taken from the same scaled,
 * watermarked picture the MP4 shows. The per-viewer marked renditions stay a run of their own
 * (`markedHlsArgs`): two more full-size encoders in this process would raise its peak memory by
 * half (850 MB instead of 570 MB at 1080p) to save one decode of the MP4.
 */
export function videoPassArgs(input: string, o: VideoPassOutputs, p: Probe, watermark?: string | null): string[] {
  const audio = p.hasAudio ? ['-map', '0:a:0'] : [];
  const args = ['-hide_banner', '-y', '-i', input, '-filter_complex', videoPassGraph(o, watermark)];
  args.push('-progress', 'pipe:1', '-nostats');
  args.push('-map', '[mp4]', ...audio, ...webMp4Output(o.mp4, p.hasAudio));
  for (const [i, s] of o.stills.entries()) args.push('-map', `[still${i}out]`, ...stillOutput(s.file));
  if (o.teaser) args.push('-map', '[teaserout]', ...teaserOutput(o.teaser.file));
  return args;
}

/**
 * The two renditions of the per-viewer mark (A/B segment watermarking), from the web MP4 in
 * one decode: A carries a small square near the top-left corner, B near the top-right, both
 * re-encoded with a keyframe every MARK_SEGMENT_SECONDS so their segments line up one for one.
 * A viewer's playlist takes each segment from A or B by the bits of that viewer's code
 * (lib/media/viewer-mark.ts): a leaked recording spells out who it was served to.
 */
export function markedHlsArgs(input: string, dirA: string, dirB: string, hasAudio: boolean): string[] {
  const audio = hasAudio ? ['-map', '0:a:0', '-c:a', 'copy'] : [];
  return [
    '-hide_banner',
    '-y',
    '-i',
    input,
    '-filter_complex',
    `[0:v]split=2[a][b];[a]${markFilter('a')}[va];[b]${markFilter('b')}[vb]`,
    '-map',
    '[va]',
    ...markedHlsOutput(dirA, audio),
    '-map',
    '[vb]',
    ...markedHlsOutput(dirB, audio),
  ];
}

/** Segments the web MP4 into single-rendition HLS without re-encoding (the GOP is fixed). */
export function hlsArgs(input: string, dir: string): string[] {
  return [
    '-hide_banner',
    '-y',
    '-i',
    input,
    '-c',
    'copy',
    '-f',
    'hls',
    '-hls_time',
    '6',
    '-hls_playlist_type',
    'vod',
    '-hls_segment_filename',
    `${dir}/seg_%04d.ts`,
    `${dir}/index.m3u8`,
  ];
}

export function masterPlaylist(p: { width?: number; height?: number; bandwidth: number }): string {
  const res = p.width && p.height ? `,RESOLUTION=${p.width}x${p.height}` : '';
  return `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=${p.bandwidth}${res}\nindex.m3u8\n`;
}
