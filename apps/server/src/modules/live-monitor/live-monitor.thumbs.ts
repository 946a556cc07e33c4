import fs from 'node:fs';
import path from 'node:path';
import type { Ctx } from '../../context';
import { ffmpegPaths, run } from '../../lib/media/ffmpeg';
import { signature, verify } from '../../lib/media/signing';
import { hlsDir } from '../streaming';

/** A thumbnail link lives this long; the monitor asks for the grid again every few seconds anyway. */
export const THUMB_LINK_SECONDS = 120;
/** A frame is grabbed at most this often per stream, however many staff watch the grid. */
export const THUMB_MAX_AGE_MS = 5_000;
const VARIANT = 'live-thumb';

/** The signed path of a stream's thumbnail for one staff member (the route binds it to their session). */
export function thumbnailUrl(ctx: Pick<Ctx, 'config' | 'now'>, streamId: string, viewerId: string): string {
  const exp = Math.floor(ctx.now().getTime() / 1000) + THUMB_LINK_SECONDS;
  const sig = signature(ctx.config.secretKey, { mediaId: streamId, variant: VARIANT, exp, viewerId });
  return `/api/admin/live-monitor/thumbnails/${streamId}/${exp}.${viewerId}.${sig}.jpg`;
}

export function verifyThumbToken(ctx: Pick<Ctx, 'config' | 'now'>, streamId: string, token: string) {
  const [expRaw, viewerId, sig] = token.split('.');
  const exp = Number(expRaw);
  if (!Number.isSafeInteger(exp) || exp <= 0 || !viewerId || !sig) return null;
  const ok = verify(
    ctx.config.secretKey,
    { mediaId: streamId, variant: VARIANT, exp, viewerId },
    sig,
    ctx.now().getTime(),
  );
  return ok === 'ok' ? viewerId : null;
}

/** The newest segment the stream's ffmpeg finished (the last one listed in its playlist), or null. */
export function latestSegment(dir: string): string | null {
  const playlist = fs.readFileSync(path.join(dir, 'index.m3u8'), { encoding: 'utf8', flag: 'r' });
  const segments = playlist.split('\n').filter((l) => /^seg_\d+\.ts$/.test(l.trim()));
  const last = segments.at(-1)?.trim();
  return last ? path.join(dir, last) : null;
}

const inFlight = new Map<string, Promise<string | null>>();

/**
 * A JPEG of the stream a few seconds ago: the first frame of its newest HLS segment, 320 px wide,
 * grabbed by ffmpeg at most every THUMB_MAX_AGE_MS, kept in the stream's HLS folder (removed with it
 * when the stream ends; the HLS route serves playlists and segments only, never this file). Null
 * when there is no segment yet (Agora, a stream still starting).
 */
export async function grabThumbnail(ctx: Pick<Ctx, 'config'>, streamId: string): Promise<string | null> {
  const dir = hlsDir(ctx, streamId);
  const out = path.join(dir, 'monitor-thumb.jpg');
  const fresh = await fs.promises.stat(out).catch(() => null);
  if (fresh && Date.now() - fresh.mtimeMs < THUMB_MAX_AGE_MS) return out;
  const running = inFlight.get(streamId);
  if (running) return running;
  const job = (async () => {
    let segment: string | null = null;
    try {
      segment = latestSegment(dir);
    } catch {
      return fresh ? out : null;
    }
    if (!segment) return fresh ? out : null;
    const tmp = `${out}.${process.pid}.tmp.jpg`;
    const args = ['-y', '-v', 'error', '-i', segment, '-frames:v', '1', '-vf', 'scale=320:-2', '-q:v', '6', tmp];
    await run(ffmpegPaths(ctx.config.FFMPEG_PATH).ffmpeg, args, { timeoutMs: 15_000 });
    await fs.promises.rename(tmp, out);
    return out;
  })()
    .catch(() => (fresh ? out : null))
    .finally(() => inFlight.delete(streamId));
  inFlight.set(streamId, job);
  return job;
}
