import type { Readable } from 'node:stream';
import { TOKEN_COOKIE } from '@marquee/shared/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import type { MediaRow } from '../../db/schema';
import { AppError, appError, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { stampViewer } from '../../lib/media/image';
import { expiryFor, signedPath, URL_TTL_SECONDS, verify } from '../../lib/media/signing';
import { markRendition } from '../../lib/media/viewer-mark';
import { storageFor } from '../../lib/storage';
import { type AuthUser, resolveToken } from '../auth';
import { findMedia } from './media.repo';

/** Lifetime of an S3/CDN presigned URL for protected media, by kind (seconds). */
export const PRESIGN_TTL_SECONDS = { photo: 60, document: 60, video: 300, audio: 300 } as const;

/** The presented name of the per-viewer marked stream (variants `mark-a` and `mark-b`). */
export const MARKED_VARIANT = 'mark';

/** Where a file of the marked stream comes from: the playlist of A, each segment from A or B. */
function markedSource(ctx: Ctx, m: MediaRow, viewerId: string | undefined, rest: string) {
  const a = m.variants['mark-a'];
  const b = m.variants['mark-b'];
  if (!a || !b || !viewerId) return undefined;
  const seg = /^seg_(\d{1,6})\.ts$/.exec(rest);
  if (!seg) return a;
  return markRendition(ctx.config.secretKey, viewerId, Number(seg[1])) === 'b' ? b : a;
}

function markBandwidth(m: MediaRow): number {
  const mp4 = m.variants.mp4;
  return mp4?.size && m.duration ? Math.round((mp4.size * 8) / m.duration) : 2_000_000;
}

const HLS_FILE = /^(master|index)\.m3u8$|^seg_\d{1,6}\.ts$/;

export interface FileQuery {
  exp: number;
  sig: string;
  v?: string;
}

const rangeNotSatisfiable = (size: number) =>
  new AppError(416, `The requested range is outside the file (${size} bytes)`, 'RANGE_NOT_SATISFIABLE');

/** Parses one `bytes=a-b` range; multi-range requests are answered with the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return null;
  let start: number;
  let end: number;
  if (m[1] === '' && m[2] === '') return 'invalid';
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'invalid';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

/**
 * Serves `/api/media/file/<id>/<variant>[/<hls file>]` for a valid signature:
 * 403 when tampered or expired, Range/206, private caching for protected media,
 * long public caching for public media; in S3 mode a redirect to a presigned URL
 * that expires with ours. HLS playlists are rewritten so each segment carries the signature.
 */
export async function serveFile(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  id: string,
  pathRest: string,
  q: FileQuery,
) {
  const [variant, ...restParts] = pathRest.split('/');
  const rest = restParts.join('/');
  const result = verify(
    ctx.config.secretKey,
    { mediaId: id, variant, exp: q.exp, viewerId: q.v ?? null },
    q.sig,
    ctx.now().getTime(),
  );
  if (result === 'invalid') throw forbidden(msg('error.linkInvalid'));
  if (result === 'expired') throw forbidden(msg('error.media.linkExpired'));
  await assertLinkViewer(ctx, req, q.v);
  const m = await findMedia(ctx.db, id);
  if (!m) throw notFound('File');
  if (q.exp === 0 && m.visibility !== 'public') throw forbidden(msg('error.linkInvalid'));
  const isHls = variant === 'hls' || variant === MARKED_VARIANT;
  if (isHls ? !HLS_FILE.test(rest) : rest !== '') throw notFound('File');
  // The per-viewer marked stream: each segment from rendition A or B by the viewer's code.
  const v = variant === MARKED_VARIANT ? markedSource(ctx, m, q.v, rest) : m.variants[variant];
  if (!v) throw notFound('File');
  const key = isHls ? `${v.key}${rest}` : v.key;
  const mime = isHls ? (rest.endsWith('.ts') ? 'video/mp2t' : 'application/vnd.apple.mpegurl') : v.mime;
  if (variant === MARKED_VARIANT && rest === 'master.m3u8') {
    reply.header('cache-control', 'private, no-store');
    const signed = new URLSearchParams({ exp: String(q.exp), sig: q.sig, v: q.v! }).toString();
    return reply
      .type(mime)
      .send(`#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=${markBandwidth(m)}\nindex.m3u8?${signed}\n`);
  }

  const remaining = q.exp === 0 ? 0 : Math.max(1, q.exp - Math.floor(ctx.now().getTime() / 1000));
  const cache =
    m.visibility === 'public' ? 'public, max-age=31536000, immutable' : `private, max-age=${Math.min(remaining, 3600)}`;
  reply.header('cache-control', cache);
  reply.header('x-content-type-options', 'nosniff');
  reply.header('cross-origin-resource-policy', 'same-site');
  const disposition =
    m.kind === 'document' ? `attachment; filename="${m.originalName.replace(/[^\w.\- ]/g, '_')}"` : 'inline';
  reply.header('content-disposition', disposition);

  const storage = storageFor(ctx.config);
  if (isHls && rest.endsWith('.m3u8')) {
    const body = await readAll(await storage.read(key).catch(() => Promise.reject(notFound('File'))));
    const signed = new URLSearchParams({ exp: String(q.exp), sig: q.sig, ...(q.v ? { v: q.v } : {}) }).toString();
    const text = body
      .toString('utf8')
      .split('\n')
      .map((line) => (line && !line.startsWith('#') ? `${line.trim()}?${signed}` : line))
      .join('\n');
    return reply.type(mime).send(text);
  }

  // A per-viewer mark on paid photos: a leaked copy names who leaked it.
  if (m.kind === 'photo' && variant === 'full' && q.v && q.v !== m.ownerId && m.options.viewerMark) {
    const original = await readAll(await storage.read(key));
    return reply.type(mime).send(await stampViewer(original, `${q.v.slice(-12)}`));
  }

  // Public media behind a CDN: the bytes themselves (cached public, immutable), not a redirect the CDN cannot keep.
  const throughCdn = q.exp === 0 && Boolean(ctx.config.MEDIA_CDN_URL);
  if (storage.presign && !throughCdn) {
    // The presigned URL cannot check a session, so it lives only as long as the browser needs to
    // start the request (photos, documents) or a few minutes of range requests (video, audio); the
    // player asks us again for a new one. Public media may be cached for an hour.
    const presignTtl = m.visibility === 'public' ? 3600 : Math.min(remaining, PRESIGN_TTL_SECONDS[m.kind]);
    const url = await storage.presign(key, {
      expiresInSeconds: presignTtl,
      contentType: mime,
      disposition,
    });
    return reply.header('cache-control', 'private, no-store').redirect(url, 302);
  }

  const st = await storage.stat(key);
  if (!st) throw notFound('File');
  reply.header('accept-ranges', 'bytes');
  reply.type(mime);
  const range = parseRange(req.headers.range, st.size);
  if (range === 'invalid') {
    reply.header('content-range', `bytes */${st.size}`);
    throw rangeNotSatisfiable(st.size);
  }
  if (range) {
    reply.code(206);
    reply.header('content-range', `bytes ${range.start}-${range.end}/${st.size}`);
    reply.header('content-length', range.end - range.start + 1);
    return reply.send(await storage.read(key, range));
  }
  reply.header('content-length', st.size);
  return reply.send(await storage.read(key));
}

/** Sessions seen by the file routes, briefly remembered: a page of thumbnails asks once, not once per image. */
const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 10_000;
const sessionCache = new Map<string, { user: AuthUser | null; until: number }>();

/**
 * Who asks for the file: the bearer session (API clients), else the `token` cookie that the
 * browser sends with <img>, <video> and hls.js requests (same site only: SameSite=Lax keeps it
 * off other sites' pages, so a hot-linked copy has no viewer).
 */
async function requester(ctx: Ctx, req: FastifyRequest): Promise<AuthUser | null> {
  if (req.user) return req.user;
  const token = req.cookies?.[TOKEN_COOKIE];
  if (!token) return null;
  const nowMs = Date.now();
  const hit = sessionCache.get(token);
  if (hit && hit.until > nowMs) return hit.user;
  const user = await resolveToken(ctx.db, token);
  if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
  sessionCache.set(token, { user, until: nowMs + SESSION_CACHE_MS });
  return user;
}

/**
 * A link issued to a viewer works only in that viewer's session (issue 17, item 3): a buyer's URL
 * posted elsewhere is refused to everyone else, signed in or not. Stored media and live playback
 * (streaming.hls.routes.ts, issue 23 item 16) both check here. Returns who asks (null: nobody).
 */
export async function assertLinkViewer(
  ctx: Ctx,
  req: FastifyRequest,
  viewerId: string | null | undefined,
): Promise<AuthUser | null> {
  const who = await requester(ctx, req);
  if (viewerId && who?.id !== viewerId) {
    throw appError(403, 'MEDIA_OTHER_VIEWER', msg('error.media.otherViewer'));
  }
  return who;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** A signed path for one variant of a row (tests, emails, admin tools). */
export function signedVariantPath(ctx: Ctx, m: MediaRow, variant: string, viewerId?: string | null) {
  const exp = m.visibility === 'public' ? 0 : expiryFor(ctx.now().getTime(), URL_TTL_SECONDS[m.kind]);
  return signedPath(ctx.config.secretKey, { mediaId: m.id, variant, exp, viewerId });
}
