import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { MediaRow } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { AppError, forbidden, notFound } from '../../lib/errors';
import { stampViewer } from '../../lib/media/image';
import { expiryFor, signedPath, URL_TTL_SECONDS, verify } from '../../lib/media/signing';
import { storageFor } from '../../lib/storage';
import { findMedia } from './media.repo';

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
  if (result === 'invalid') throw forbidden('This link is not valid');
  if (result === 'expired') throw forbidden('This link has expired; reload the page to get a new one');
  const m = await findMedia(ctx.db, id);
  if (!m) throw notFound('File');
  if (q.exp === 0 && m.visibility !== 'public') throw forbidden('This link is not valid');
  const v = m.variants[variant];
  if (!v) throw notFound('File');
  const isHls = variant === 'hls';
  if (isHls ? !HLS_FILE.test(rest) : rest !== '') throw notFound('File');
  const key = isHls ? `${v.key}${rest}` : v.key;
  const mime = isHls ? (rest.endsWith('.ts') ? 'video/mp2t' : 'application/vnd.apple.mpegurl') : v.mime;

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

  if (storage.presign) {
    const url = await storage.presign(key, {
      expiresInSeconds: remaining || 3600,
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
