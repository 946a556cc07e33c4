import path from 'node:path';
import type { Ctx } from '../../lib/context';
import { hmac, safeEqual } from '../../lib/secret';

/** A signed playlist URL lives this long; the player asks GET /streaming/join/{id} again for a fresh one. */
export const HLS_TOKEN_SECONDS = 10 * 60;

const payload = (streamId: string, viewerId: string, exp: number) => `stream-hls\n${streamId}\n${viewerId}\n${exp}`;

/**
 * The token is a path segment (`/api/streaming/hls/<stream>/<token>/index.m3u8`) so the
 * playlist's relative segment URIs carry it too: every request is checked.
 */
export function signHls(secret: string, streamId: string, viewerId: string | null, exp: number): string {
  const v = viewerId ?? '';
  return `${exp}.${v || '-'}.${hmac(secret, payload(streamId, v, exp))}`;
}

export function verifyHls(
  secret: string,
  streamId: string,
  token: string,
  nowMs: number,
): { ok: true; viewerId: string | null } | { ok: false; reason: 'invalid' | 'expired' } {
  const [expRaw, viewerRaw, sig] = token.split('.');
  const exp = Number(expRaw);
  if (!Number.isSafeInteger(exp) || !viewerRaw || !sig) return { ok: false, reason: 'invalid' };
  const viewerId = viewerRaw === '-' ? '' : viewerRaw;
  if (!safeEqual(hmac(secret, payload(streamId, viewerId, exp)), sig)) return { ok: false, reason: 'invalid' };
  if (exp * 1000 < nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, viewerId: viewerId || null };
}

export function hlsPlayback(ctx: Pick<Ctx, 'config' | 'now'>, streamId: string, viewerId: string | null) {
  const exp = Math.floor(ctx.now().getTime() / 1000) + HLS_TOKEN_SECONDS;
  const token = signHls(ctx.config.secretKey, streamId, viewerId, exp);
  return {
    url: `/api/streaming/hls/${streamId}/${token}/index.m3u8`,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

/** Where the built-in provider writes a stream's HLS output. */
export function hlsDir(ctx: Pick<Ctx, 'config'>, streamId: string): string {
  return path.join(ctx.config.dataDir, 'live', streamId);
}
