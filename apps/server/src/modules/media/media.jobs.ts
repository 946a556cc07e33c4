import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Ctx } from '../../context';
import type { MediaRow, MediaVariant } from '../../db/schema';
import type { JobOptions } from '../../lib/jobs';
import {
  audioArgs,
  FfmpegError,
  FfmpegTimeoutError,
  ffmpegPaths,
  frameArgs,
  HLS_MIN_SECONDS,
  hlsArgs,
  markedHlsArgs,
  masterPlaylist,
  mp4Duration,
  type Probe,
  probe,
  type RunOptions,
  run,
  stillTimes,
  teaserArgs,
  teaserSeconds,
  type VideoPassOutputs,
  videoPassArgs,
} from '../../lib/media/ffmpeg';
import { storageFor } from '../../lib/storage';
import { humanDuration, mediaWorkers, processingBudgetMs } from './media.limits';
import { MEDIA_SWEEP_JOB, sweepOrphanMedia } from './media.orphans';
import { claimForProcessing, findMedia, holdOwnerSlot, updateMedia } from './media.repo';

export const MEDIA_PROCESS_JOB = 'media.process';
/** Attempts before a file is marked as failed (a damaged file fails at once, without retries). */
export const MAX_ATTEMPTS = 3;

/** When a worker takes a job of an owner whose other file is processing, the job goes back in line for this long. */
const OWNER_BUSY_RETRY_SECONDS = 5;
/** pg-boss's expiry of an active job, beyond the processing budget (storage writes, stills). */
const EXPIRY_MARGIN_SECONDS = 600;

/** A problem with the file itself: retrying cannot help. */
class PermanentMediaError extends Error {}

async function jobOptions(ctx: Ctx, mediaId: string, duration: number | null | undefined): Promise<JobOptions> {
  const opts: JobOptions = { retryLimit: MAX_ATTEMPTS - 1, retryDelay: 10, singletonKey: mediaId };
  // pg-boss fails (and retries) a job active longer than this: never while it is still within its budget.
  if (duration && duration > 0)
    opts.expireInSeconds =
      Math.ceil(processingBudgetMs(await ctx.settings.all(), duration) / 1000) + EXPIRY_MARGIN_SECONDS;
  return opts;
}

/**
 * Queues processing after the upload committed; without a running queue (tests, scripts) runs it
 * in-process, one at a time. `duration` (probed at upload) sets how long the job may stay active.
 */
export async function enqueueProcessing(ctx: Ctx, mediaId: string, duration?: number | null): Promise<void> {
  if (ctx.jobs.started) {
    await ctx.jobs.send(MEDIA_PROCESS_JOB, { mediaId }, await jobOptions(ctx, mediaId, duration));
    return;
  }
  localQueue = localQueue.then(() =>
    processMedia(ctx, mediaId).catch((err) => ctx.log.error({ err, mediaId }, 'media processing failed')),
  );
}
let localQueue: Promise<void> = Promise.resolve();

export function registerMediaJobs(ctx: Ctx) {
  ctx.jobs.work<{ mediaId: string }>(MEDIA_PROCESS_JOB, (data) => processInTurn(ctx, data.mediaId), {
    concurrency: mediaWorkers(ctx.config, os.availableParallelism()),
  });
  ctx.jobs.work(MEDIA_SWEEP_JOB, async () => {
    const n = await sweepOrphanMedia(ctx);
    if (n > 0) ctx.log.info({ deleted: n }, 'orphaned media deleted');
  });
  ctx.jobs.schedule(MEDIA_SWEEP_JOB, '17 * * * *');
}

function emit(
  ctx: Ctx,
  m: Pick<MediaRow, 'id' | 'ownerId'>,
  status: MediaRow['status'],
  progress: number,
  error?: string,
) {
  ctx.realtime.toUser(m.ownerId, 'media/status', { mediaId: m.id, status, progress, ...(error ? { error } : {}) });
}

/**
 * Fair queueing (issue 23 item 4): several files process at once (MEDIA_WORKERS), but one owner's
 * files one at a time. A job whose owner already has a file processing (on any worker process)
 * goes back in line for a few seconds and the worker takes the next job, so a long upload
 * never holds more than one worker and other people's clips pass it.
 */
export async function processInTurn(ctx: Ctx, mediaId: string): Promise<void> {
  const m = await findMedia(ctx.db, mediaId);
  if (m?.status !== 'processing') return;
  const release = await holdOwnerSlot(ctx.database, m.ownerId);
  if (!release) {
    await ctx.jobs.send(
      MEDIA_PROCESS_JOB,
      { mediaId },
      { ...(await jobOptions(ctx, mediaId, m.duration)), startAfter: OWNER_BUSY_RETRY_SECONDS },
    );
    return;
  }
  try {
    await processMedia(ctx, mediaId);
  } finally {
    await release();
  }
}

/**
 * Processes one video or audio file: probe, web MP4 (H.264/AAC, faststart), poster,
 * thumbnails, blurred preview, HLS for long videos, optional teaser; audio to AAC.
 * Damaged files end in 'error' at once; other failures are retried by the queue,
 * the last one marks the file as failed. The owner is told over realtime.
 */
export async function processMedia(ctx: Ctx, mediaId: string): Promise<void> {
  const m = await claimForProcessing(ctx.db, mediaId);
  if (!m) return;
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), `marquee-media-${m.id}-`));
  try {
    const variants = m.kind === 'video' ? await processVideo(ctx, m, work) : await processAudio(ctx, m, work);
    const storage = storageFor(ctx.config);
    const original = m.variants.original;
    const { original: _drop, ...kept } = { ...m.variants, ...variants.variants };
    const done = await updateMedia(ctx.db, m.id, {
      status: 'ready',
      progress: 100,
      error: null,
      width: variants.width ?? null,
      height: variants.height ?? null,
      duration: variants.duration,
      mimeType: variants.mime,
      variants: kept,
    });
    // The upload itself is not kept: it may carry location metadata and is never served.
    if (original) await storage.delete(original.key).catch(() => {});
    if (done) emit(ctx, done, 'ready', 100);
  } catch (err) {
    const permanent = err instanceof PermanentMediaError || err instanceof FfmpegError;
    const message =
      err instanceof PermanentMediaError
        ? err.message
        : err instanceof FfmpegError
          ? `Processing failed: ${lastLine(err.stderr)}`
          : 'Processing failed, please upload the file again';
    if (permanent || m.attempts >= MAX_ATTEMPTS) {
      await updateMedia(ctx.db, m.id, { status: 'error', error: message });
      emit(ctx, m, 'error', m.progress, message);
      ctx.log.warn({ err, mediaId: m.id }, 'media processing failed');
      return;
    }
    throw err;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

const lastLine = (stderr: string) => stderr.trim().split('\n').filter(Boolean).at(-1)?.slice(0, 200) ?? 'unknown error';

interface Output {
  variants: Record<string, MediaVariant>;
  width?: number;
  height?: number;
  duration: number;
  mime: string;
}

async function fetchOriginal(ctx: Ctx, m: MediaRow, work: string): Promise<string> {
  const original = m.variants.original;
  if (!original) throw new PermanentMediaError('The uploaded file is missing');
  const file = path.join(work, `input${path.extname(original.key)}`);
  await storageFor(ctx.config).download(original.key, file);
  return file;
}

async function probeOrFail(ffprobe: string, file: string, what: 'video' | 'audio'): Promise<Probe> {
  let p: Probe;
  try {
    p = await probe(ffprobe, file);
  } catch {
    throw new PermanentMediaError(`The ${what} could not be read: the file is damaged or not a ${what}`);
  }
  if (what === 'video' && !p.hasVideo) throw new PermanentMediaError('The file has no video track');
  if (what === 'audio' && !p.hasAudio) throw new PermanentMediaError('The file has no audio track');
  if (!(p.duration > 0)) throw new PermanentMediaError(`The ${what} could not be read: it has no duration`);
  return p;
}

/**
 * Every ffmpeg run of one file shares a wall-clock budget proportional to its duration
 * (mediaTimeoutFactor × duration + mediaTimeoutBaseSeconds): a run still going when it is spent
 * is killed, and the file ends in 'error' saying so, instead of holding a worker for hours.
 */
async function deadlineFor(ctx: Ctx, duration: number) {
  const budgetMs = processingBudgetMs(await ctx.settings.all(), duration);
  const end = Date.now() + budgetMs;
  return (bin: string, args: string[], opts: RunOptions = {}) =>
    run(bin, args, { ...opts, timeoutMs: Math.max(1, end - Date.now()) }).catch((err: unknown) => {
      if (err instanceof FfmpegTimeoutError)
        throw new PermanentMediaError(
          `Processing was stopped: it took longer than the ${humanDuration(budgetMs / 1000)} allowed for a file of ${humanDuration(duration)}`,
        );
      throw err;
    });
}

function progressReporter(ctx: Ctx, m: MediaRow, duration: number, from: number, to: number) {
  let last = 0;
  let lastPct = -1;
  return (seconds: number) => {
    const pct = Math.min(to, Math.round(from + ((to - from) * seconds) / duration));
    const t = Date.now();
    if (pct === lastPct || t - last < 1000) return;
    last = t;
    lastPct = pct;
    updateMedia(ctx.db, m.id, { progress: pct }).catch(() => {});
    emit(ctx, m, 'processing', pct);
  };
}

async function store(
  ctx: Ctx,
  m: MediaRow,
  name: string,
  file: string,
  mime: string,
  extra: Partial<MediaVariant> = {},
) {
  const key = `${m.ownerId}/${m.id}/${name}`;
  const st = await fsp.stat(file);
  await storageFor(ctx.config).putFile(key, file, mime);
  return { key, mime, size: st.size, ...extra } satisfies MediaVariant;
}

/** The stills of a processed video: poster (JPEG, with its size), `thumb`, `blur` and thumb-0..2 (WebP). */
async function storeStills(ctx: Ctx, m: MediaRow, work: string, jpgs: string[]) {
  const [first, ...rest] = jpgs;
  const file = (name: string) => path.join(work, name);
  const [posterInfo] = await Promise.all([
    sharp(first).jpeg({ quality: 85 }).toFile(file('poster.jpg')),
    sharp(first).resize({ width: 640, withoutEnlargement: true }).webp({ quality: 78 }).toFile(file('thumb.webp')),
    sharp(first).resize({ width: 64 }).blur(6).resize({ width: 480 }).webp({ quality: 50 }).toFile(file('blur.webp')),
    ...rest.map((f, i) =>
      sharp(f)
        .resize({ width: 480, withoutEnlargement: true })
        .webp({ quality: 75 })
        .toFile(file(`thumb-${i}.webp`)),
    ),
  ]);
  const stored = await Promise.all([
    store(ctx, m, 'poster.jpg', file('poster.jpg'), 'image/jpeg', {
      width: posterInfo.width,
      height: posterInfo.height,
    }),
    store(ctx, m, 'thumb.webp', file('thumb.webp'), 'image/webp'),
    store(ctx, m, 'blur.webp', file('blur.webp'), 'image/webp'),
    ...rest.map((_, i) => store(ctx, m, `thumb-${i}.webp`, file(`thumb-${i}.webp`), 'image/webp')),
  ]);
  const names = ['poster', 'thumb', 'blur', ...rest.map((_, i) => `thumb-${i}`)];
  return Object.fromEntries(names.map((name, i) => [name, stored[i]!])) as Record<string, MediaVariant>;
}

/** Stores every file of an HLS folder under `name/`. */
async function storeHls(ctx: Ctx, m: MediaRow, name: string, dir: string) {
  for (const f of await fsp.readdir(dir))
    await store(
      ctx,
      m,
      `${name}/${f}`,
      path.join(dir, f),
      f.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t',
    );
  return { key: `${m.ownerId}/${m.id}/${name}/`, mime: 'application/vnd.apple.mpegurl' } satisfies MediaVariant;
}

/** How much longer than its rule a teaser cut in the main pass may be (the MP4 and the upload differ by a few frames). */
const TEASER_SLACK_SECONDS = 0.1;

/**
 * The main pass for a video (ffmpeg.ts `videoPassArgs`): its outputs in `work` and the command.
 * The bench times the same command on its own as the "ffmpeg alone" figure.
 */
export function videoPass(m: Pick<MediaRow, 'options'>, p: Probe, input: string, work: string) {
  const outputs: VideoPassOutputs = {
    mp4: path.join(work, 'video.mp4'),
    stills: stillTimes(p.duration).map((at, i) => ({ at, file: path.join(work, `frame-${i}.jpg`) })),
    teaser: null,
  };
  // A teaser is the shorter of 6 s and 20 % of the item; a clip too short gets the still/blur only.
  const teaserLength = m.options.teaser ? teaserSeconds(p.duration) : null;
  if (teaserLength !== null) outputs.teaser = { file: path.join(work, 'teaser.mp4'), seconds: teaserLength };
  return { outputs, args: videoPassArgs(input, outputs, p, m.options.watermark) };
}

/**
 * Video: one ffmpeg run decodes the upload once and writes the web MP4, the stills (poster and
 * thumbnails) and the teaser (ffmpeg.ts `videoPassArgs`); sharp turns the stills into the
 * poster, WebP thumbnails and blurred preview. Then, from the MP4: HLS for long videos (a stream
 * copy, no decode) and the per-viewer marked renditions (their own run: see `videoPassArgs`).
 * A still or teaser the pass could not place (a file whose container promises more than its
 * video holds) is made from the MP4.
 */
async function processVideo(ctx: Ctx, m: MediaRow, work: string): Promise<Output> {
  const { ffmpeg, ffprobe } = ffmpegPaths(ctx.config.FFMPEG_PATH);
  const input = await fetchOriginal(ctx, m, work);
  // Probed at upload (limits checked there); a file ffprobe could not read then is probed here and fails.
  const p = m.options.probe ?? (await probeOrFail(ffprobe, input, 'video'));
  await updateMedia(ctx.db, m.id, {
    duration: p.duration,
    width: p.width ?? null,
    height: p.height ?? null,
    progress: 2,
  });
  const runTimed = await deadlineFor(ctx, p.duration);
  const wantHls = p.duration >= HLS_MIN_SECONDS;
  const pass = videoPass(m, p, input, work);
  const { mp4, stills, teaser } = pass.outputs;
  await runTimed(ffmpeg, pass.args, { onProgress: progressReporter(ctx, m, p.duration, 2, wantHls ? 85 : 92) });
  // The MP4's duration from its header (ffprobe only if it is not there), its size from the
  // poster: a frame of the same picture.
  const duration = (await mp4Duration(mp4)) ?? (await probe(ffprobe, mp4)).duration;
  const times = stillTimes(duration);
  for (const [i, s] of stills.entries()) {
    if (fs.existsSync(s.file)) continue;
    // Past the MP4's last frame (its container promised more than its video holds): from the MP4.
    await runTimed(ffmpeg, frameArgs(mp4, times[i]!, s.file)).catch(() => {});
    // Past the last frame ffmpeg writes nothing and still succeeds: then the first frame.
    if (!fs.existsSync(s.file)) await runTimed(ffmpeg, frameArgs(mp4, 0, s.file));
  }
  const variants = await storeStills(
    ctx,
    m,
    work,
    stills.map((s) => s.file),
  );
  const { width, height } = variants.poster!;
  if (m.options.teaser) {
    // The rule is about the MP4 (issue 17): cut again from it when the upload's duration misled the pass.
    const length = teaserSeconds(duration);
    const file = path.join(work, 'teaser.mp4');
    if (length !== null && (!teaser || teaser.seconds > length + TEASER_SLACK_SECONDS))
      await runTimed(ffmpeg, teaserArgs(mp4, file, length));
    if (length !== null) variants.teaser = await store(ctx, m, 'teaser.mp4', file, 'video/mp4');
  }
  if (wantHls) {
    const dir = path.join(work, 'hls');
    await fsp.mkdir(dir);
    await runTimed(ffmpeg, hlsArgs(mp4, dir));
    const st = await fsp.stat(mp4);
    await fsp.writeFile(
      path.join(dir, 'master.m3u8'),
      masterPlaylist({ width, height, bandwidth: Math.round((st.size * 8) / duration) }),
    );
    variants.hls = await storeHls(ctx, m, 'hls', dir);
  }
  if (m.options.viewerMark) {
    // Per-viewer marks (A/B segments, lib/media/viewer-mark.ts): two renditions, one decode of the MP4.
    const dirs = { a: path.join(work, 'mark-a'), b: path.join(work, 'mark-b') };
    await Promise.all([fsp.mkdir(dirs.a), fsp.mkdir(dirs.b)]);
    await runTimed(ffmpeg, markedHlsArgs(mp4, dirs.a, dirs.b, p.hasAudio));
    variants['mark-a'] = await storeHls(ctx, m, 'mark-a', dirs.a);
    variants['mark-b'] = await storeHls(ctx, m, 'mark-b', dirs.b);
  }
  variants.mp4 = await store(ctx, m, 'video.mp4', mp4, 'video/mp4', { width, height });
  return { variants, width, height, duration, mime: 'video/mp4' };
}

async function processAudio(ctx: Ctx, m: MediaRow, work: string): Promise<Output> {
  const { ffmpeg, ffprobe } = ffmpegPaths(ctx.config.FFMPEG_PATH);
  const input = await fetchOriginal(ctx, m, work);
  const p = await probeOrFail(ffprobe, input, 'audio');
  await updateMedia(ctx.db, m.id, { duration: p.duration });
  const runTimed = await deadlineFor(ctx, p.duration);
  const out = path.join(work, 'audio.m4a');
  await runTimed(ffmpeg, audioArgs(input, out), { onProgress: progressReporter(ctx, m, p.duration, 2, 95) });
  const audio = await store(ctx, m, 'audio.m4a', out, 'audio/mp4');
  return { variants: { audio }, duration: p.duration, mime: 'audio/mp4' };
}
