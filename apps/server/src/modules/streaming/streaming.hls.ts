import path from 'node:path';
import type { Ctx } from '../../context';
import { signature, verify } from '../../lib/media/signing';

/** A signed playlist URL lives this long; the player asks GET /streaming/join/{id} again for a fresh one. */
export const HLS_TOKEN_SECONDS = 10 * 60;

/** The "variant" a live stream's links are signed for, with the stored-media signer (lib/media/signing.ts). */
const LIVE_VARIANT = 'live-hls';

/**
 * The token is a path segment (`/api/streaming/hls/<stream>/<exp>.<viewer|->.<sig>/index.m3u8`) so
 * the playlist's relative segment URIs carry it: every request is checked. The signature is the
 * stored media's (id, variant, expiry, viewer); the route also binds it to the viewer's session.
 */
export function signHls(secret: string, streamId: string, viewerId: string | null, exp: number): string {
  return `${exp}.${viewerId ?? '-'}.${signature(secret, { mediaId: streamId, variant: LIVE_VARIANT, exp, viewerId })}`;
}

export function verifyHls(
  secret: string,
  streamId: string,
  token: string,
  nowMs: number,
): { ok: true; viewerId: string | null } | { ok: false; reason: 'invalid' | 'expired' } {
  const [expRaw, viewerRaw, sig] = token.split('.');
  const exp = Number(expRaw);
  if (!Number.isSafeInteger(exp) || exp <= 0 || !viewerRaw || !sig) return { ok: false, reason: 'invalid' };
  const viewerId = viewerRaw === '-' ? null : viewerRaw;
  const result = verify(secret, { mediaId: streamId, variant: LIVE_VARIANT, exp, viewerId }, sig, nowMs);
  return result === 'ok' ? { ok: true, viewerId } : { ok: false, reason: result };
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
