import { hmac, safeEqual } from '../secret';

/**
 * Validity of a signed URL, by kind. Links are also bound to the viewer's session (media.files.ts),
 * so this only bounds how long a link outlives a lost entitlement. Video and audio links last as
 * long as photos: the web player asks for fresh links when one expires mid-playback and resumes
 * where it was (apps/web VideoPlayer), so a film does not need a 4-hour link (issue 17, item 3).
 */
export const URL_TTL_SECONDS = { photo: 15 * 60, document: 15 * 60, video: 15 * 60, audio: 15 * 60 } as const;
/** Expiries are rounded up to this step so a page re-rendered within it keeps the same URLs (browser cache hits). */
const BUCKET_SECONDS = 5 * 60;

export interface SignInput {
  mediaId: string;
  /** The variant name, or for HLS the folder ('hls'): one signature covers its playlist and segments. */
  variant: string;
  /** Unix seconds; 0 = never (public media only). */
  exp: number;
  viewerId?: string | null;
}

const payload = (i: SignInput) => `${i.mediaId}\n${i.variant}\n${i.exp}\n${i.viewerId ?? ''}`;

export function signature(secret: string, input: SignInput): string {
  return hmac(secret, payload(input));
}

export function expiryFor(nowMs: number, ttlSeconds: number): number {
  const at = Math.floor(nowMs / 1000) + ttlSeconds;
  return Math.ceil(at / BUCKET_SECONDS) * BUCKET_SECONDS;
}

/** `/api/media/file/<id>/<variant>?exp=…&sig=…[&v=viewer]` */
export function signedPath(secret: string, input: SignInput, file = input.variant): string {
  const q = new URLSearchParams({ exp: String(input.exp), sig: signature(secret, input) });
  if (input.viewerId) q.set('v', input.viewerId);
  return `/api/media/file/${input.mediaId}/${file}?${q.toString()}`;
}

export function verify(secret: string, input: SignInput, sig: string, nowMs: number): 'ok' | 'expired' | 'invalid' {
  if (!safeEqual(signature(secret, input), sig)) return 'invalid';
  if (input.exp !== 0 && input.exp * 1000 < nowMs) return 'expired';
  return 'ok';
}
