import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import type { MediaKind, MediaStatusPayload, MediaVisibility } from '@marquee/shared';
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import type { MediaRow, MediaVariant, NewMediaRow } from '../../db/schema';
import { AppError, badRequest, notFound, tooLarge, unprocessable, unsupportedMedia } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { ffmpegPaths, type Probe, probe } from '../../lib/media/ffmpeg';
import { ImageError, processImage } from '../../lib/media/image';
import { KIND_LABEL, SNIFF_BYTES, type Sniffed, sniff } from '../../lib/media/sniff';
import { publicOrigin } from '../../lib/public-origin';
import { storageFor } from '../../lib/storage';
import { keepMediaHashes, screenUploads } from '../compliance-hashes';
import { enqueueProcessing } from './media.jobs';
import { type VideoLimits, videoLimitsFor, videoRefusal } from './media.limits';
import {
  deleteMediaRow,
  findMedia,
  findMediaMany,
  findOwnerRole,
  findWatermarkProfile,
  insertMedia,
} from './media.repo';

export { presentMedia } from './media.presenter';
export type { MediaRow };

const MB = 1024 * 1024;
export const MEDIA_DEFAULT_MAX_FILES = 20;

export interface UploadOptions {
  ownerId: string;
  kinds: MediaKind[];
  /** Accepted file field names (others: 400). Default: any. */
  fieldNames?: string[];
  maxFiles?: number;
  visibility?: MediaVisibility;
  /** Make a short teaser clip of videos (shown to fans without access). */
  teaser?: boolean;
  /** Watermark text; default: the owner's profile URL when their watermark setting is on. null = none. */
  watermark?: string | null;
}

interface Received {
  id: string;
  field: string;
  originalName: string;
  sniffed: Sniffed;
  tmpFile: string;
  size: number;
}

/** The name a person gave the file, made harmless (no path, no control characters), for display only. */
export function safeOriginalName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) > 31 && c.charCodeAt(0) !== 127 && !'<>:"|?*'.includes(c))
    .join('')
    .replace(/^\.+/, '')
    .trim();
  return clean.slice(0, 200) || 'file';
}

export function sizeLimits(s: {
  maxPhotoSizeMb: number;
  maxVideoSizeMb: number;
  maxAudioSizeMb: number;
  maxDocumentSizeMb: number;
}): Record<MediaKind, number> {
  return {
    photo: s.maxPhotoSizeMb * MB,
    video: s.maxVideoSizeMb * MB,
    audio: s.maxAudioSizeMb * MB,
    document: s.maxDocumentSizeMb * MB,
  };
}

const tmpDirOf = (ctx: Ctx) => path.join(ctx.config.dataDir, 'tmp', 'uploads');
const keyOf = (ownerId: string, mediaId: string, name: string) => `${ownerId}/${mediaId}/${name}`;
const tooBig = (name: string, kind: MediaKind, limit: number) =>
  tooLarge(
    `"${name}" is larger than the ${Math.round(limit / MB)} MB limit for ${kind === 'document' ? 'documents' : `${kind}s`}`,
  );

/**
 * Streams one file part to a temporary file: sniffs its first bytes (415 for a
 * type not accepted here) and counts bytes against the kind's limit (413),
 * never holding more than one chunk plus the sniffed head in memory.
 */
async function receiveFile(
  part: MultipartFile,
  tmpDir: string,
  kinds: MediaKind[],
  limits: Record<MediaKind, number>,
): Promise<Received> {
  const originalName = safeOriginalName(part.filename);
  const it = part.file[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let headLen = 0;
  let done = false;
  while (headLen < SNIFF_BYTES) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    head.push(r.value as Buffer);
    headLen += (r.value as Buffer).length;
  }
  const headBuf = Buffer.concat(head);
  if (headLen === 0) throw badRequest(`"${originalName}" is empty`, 'EMPTY_FILE');
  const sniffed = await sniff(headBuf, kinds);
  if (!sniffed) {
    throw unsupportedMedia(`"${originalName}" is not ${kinds.map((k) => KIND_LABEL[k]).join(' or ')}`);
  }
  const limit = limits[sniffed.kind];
  const id = newId();
  const tmpFile = path.join(tmpDir, `${id}.${sniffed.ext}`);
  const ws = fs.createWriteStream(tmpFile);
  let size = 0;
  try {
    const write = async (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) throw tooBig(originalName, sniffed.kind, limit);
      if (!ws.write(chunk)) await once(ws, 'drain');
    };
    await write(headBuf);
    while (!done) {
      const r = await it.next();
      if (r.done) break;
      await write(r.value as Buffer);
    }
    if (part.file.truncated) throw tooBig(originalName, sniffed.kind, limit);
    ws.end();
    await once(ws, 'finish');
  } catch (err) {
    ws.destroy();
    if (!ws.closed) await once(ws, 'close').catch(() => {});
    await fsp.rm(tmpFile, { force: true });
    await it.return?.();
    throw err;
  }
  return { id, field: part.fieldname, originalName, sniffed, tmpFile, size };
}

function mapMultipartError(err: unknown, kinds: MediaKind[], limits: Record<MediaKind, number>): unknown {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code ?? '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    const max = Math.max(...kinds.map((k) => limits[k]));
    return tooLarge(`The file is larger than the ${Math.round(max / MB)} MB limit`);
  }
  if (code === 'FST_FILES_LIMIT') return badRequest(msg('error.media.tooManyFiles'), 'TOO_MANY_FILES');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return badRequest(msg('error.media.notMultipart'), 'NOT_MULTIPART');
  if (code.startsWith('FST_')) return badRequest((err as Error).message, 'BAD_MULTIPART');
  return err;
}

async function watermarkText(ctx: Ctx, req: FastifyRequest, ownerId: string): Promise<string | null> {
  const profile = await findWatermarkProfile(ctx.db, ownerId);
  if (!profile?.watermarkEnabled || !profile.username) return null;
  return `${publicOrigin(ctx.config, req)}/${profile.username}`;
}

/**
 * Consumes a multipart request: every file is streamed to storage, checked by
 * content and size, and gets a media row. Photos are processed at once (ready
 * when this returns; bombs 413, unreadable 422); videos and audio are queued
 * (status 'processing'); documents are stored as they are. Returns the rows and
 * the form's text fields.
 */
export async function uploadFiles(
  ctx: Ctx,
  req: FastifyRequest,
  opts: UploadOptions,
): Promise<{ media: MediaRow[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest(msg('error.media.notMultipart'), 'NOT_MULTIPART');
  const settings = await ctx.settings.all();
  const limits = sizeLimits(settings);
  const maxFiles = opts.maxFiles ?? MEDIA_DEFAULT_MAX_FILES;
  const tmpDir = tmpDirOf(ctx);
  await fsp.mkdir(tmpDir, { recursive: true });
  const received: Received[] = [];
  const fields: Record<string, string> = {};
  const tmpFiles: string[] = [];
  const storedPrefixes: string[] = [];
  const storage = storageFor(ctx.config);
  try {
    const maxBytes = Math.max(...opts.kinds.map((k) => limits[k]));
    for await (const part of req.parts({ limits: { fileSize: maxBytes + 1, files: maxFiles + 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (opts.fieldNames && !opts.fieldNames.includes(part.fieldname)) {
        throw badRequest(
          `Unexpected file field "${part.fieldname}"; send the file as ${opts.fieldNames.join(' or ')}`,
          'UNEXPECTED_FILE_FIELD',
        );
      }
      if (received.length >= maxFiles) {
        throw badRequest(
          maxFiles === 1 ? 'Send one file at a time' : `At most ${maxFiles} files per upload`,
          'TOO_MANY_FILES',
        );
      }
      const r = await receiveFile(part, tmpDir, opts.kinds, limits);
      tmpFiles.push(r.tmpFile);
      received.push(r);
    }
    if (received.length === 0) throw badRequest(msg('error.noFile'), 'NO_FILE');
    const probes = await probeVideos(
      ctx,
      received,
      videoLimitsFor(settings, await findOwnerRole(ctx.db, opts.ownerId)),
    );

    // Known-abuse hash matching (docs/compliance.md): a match blocks the upload here, before anything is stored.
    const hashes = await screenUploads(
      ctx,
      req,
      opts.ownerId,
      received.map((r) => ({
        id: r.id,
        tmpFile: r.tmpFile,
        kind: r.sniffed.kind,
        mime: r.sniffed.mime,
        ext: r.sniffed.ext,
        size: r.size,
        originalName: r.originalName,
        duration: probes.get(r.id)?.duration,
      })),
    );

    const visibility = opts.visibility ?? 'protected';
    const watermark =
      visibility === 'public'
        ? null
        : opts.watermark !== undefined
          ? opts.watermark
          : await watermarkText(ctx, req, opts.ownerId);
    const rows: NewMediaRow[] = [];
    for (const r of received) {
      const base = {
        id: r.id,
        ownerId: opts.ownerId,
        kind: r.sniffed.kind,
        visibility,
        originalName: r.originalName,
        mimeType: r.sniffed.mime,
        size: r.size,
      };
      const prefix = `${opts.ownerId}/${r.id}/`;
      storedPrefixes.push(prefix);
      if (r.sniffed.kind === 'photo') {
        const variants = await storePhoto(ctx, r, opts.ownerId, watermark);
        rows.push({
          ...base,
          status: 'ready',
          progress: 100,
          width: variants.width,
          height: variants.height,
          variants: variants.variants,
          options: { watermark, viewerMark: Boolean(watermark) },
        });
      } else {
        const key = keyOf(opts.ownerId, r.id, `original.${r.sniffed.ext}`);
        await storage.putFile(key, r.tmpFile, r.sniffed.mime);
        const variants: Record<string, MediaVariant> = { original: { key, mime: r.sniffed.mime, size: r.size } };
        const isDoc = r.sniffed.kind === 'document';
        const probed = probes.get(r.id);
        rows.push({
          ...base,
          // Known from the probe before processing: the job's timeout and expiry are set from it.
          duration: probed?.duration ?? null,
          status: isDoc ? 'ready' : 'processing',
          progress: isDoc ? 100 : 0,
          variants,
          // A per-viewer mark on video too, with the creator's watermark setting (issue 17, item 3).
          options: {
            teaser: Boolean(opts.teaser),
            watermark,
            viewerMark: Boolean(watermark) && r.sniffed.kind === 'video',
            // The job starts from it: one ffprobe run per video.
            ...(probed ? { probe: probed } : {}),
          },
        });
      }
    }
    const media = await insertMedia(ctx.db, rows);
    await keepMediaHashes(ctx, hashes);
    const order = new Map(received.map((r, i) => [r.id, i]));
    media.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
    for (const m of media) if (m.status === 'processing') await enqueueProcessing(ctx, m.id, m.duration);
    return { media, fields };
  } catch (err) {
    for (const p of storedPrefixes) await storage.delete(p).catch(() => {});
    throw mapMultipartError(err, opts.kinds, limits);
  } finally {
    for (const f of tmpFiles) await fsp.rm(f, { force: true }).catch(() => {});
  }
}

/**
 * Probes every video before anything is stored or queued and refuses one over the limits
 * (issue 23 item 4): what it would cost to process is known from its header. A file ffprobe
 * cannot read goes on to the job, which probes it again, fails it the same way and says so on
 * its status.
 */
async function probeVideos(ctx: Ctx, received: Received[], limits: VideoLimits): Promise<Map<string, Probe>> {
  const probes = new Map<string, Probe>();
  const { ffprobe } = ffmpegPaths(ctx.config.FFMPEG_PATH);
  for (const r of received) {
    if (r.sniffed.kind !== 'video') continue;
    const p = await probe(ffprobe, r.tmpFile).catch(() => null);
    if (!p?.hasVideo || !(p.duration > 0)) continue;
    const refusal = videoRefusal(r.originalName, p, limits);
    if (refusal) throw refusal;
    probes.set(r.id, p);
  }
  return probes;
}

const HEIC_MIMES = new Set(['image/heic', 'image/heif']);
const heicUnsupported = (name: string) =>
  new AppError(
    415,
    `"${name}" is an HEIC photo, which this server cannot read: send it as JPEG (on an iPhone, Settings › Camera › Formats › Most Compatible, or share it as JPEG)`,
    'HEIC_UNSUPPORTED',
  );

/** Photo renditions are made during the upload (tens of ms) so the creator sees them at once. */
async function storePhoto(ctx: Ctx, r: Received, ownerId: string, watermark: string | null) {
  const storage = storageFor(ctx.config);
  const outBase = r.tmpFile.replace(/\.[^.]+$/, '');
  let img: Awaited<ReturnType<typeof processImage>>;
  try {
    img = await processImage(r.tmpFile, outBase, { watermark });
  } catch (err) {
    if (err instanceof ImageError && err.reason === 'too_large') throw tooLarge(err.message);
    // iPhone HEIC is HEVC-coded; sharp's bundled libheif decodes only AV1 (AVIF), so say what to do instead.
    if (err instanceof ImageError && HEIC_MIMES.has(r.sniffed.mime)) throw heicUnsupported(r.originalName);
    if (err instanceof ImageError && err.reason === 'bad_shape')
      throw unprocessable(`"${r.originalName}": ${err.message}`, 'IMAGE_SHAPE');
    if (err instanceof ImageError) throw unprocessable(`"${r.originalName}": ${err.message}`, 'UNREADABLE_IMAGE');
    throw err;
  }
  const variants: Record<string, MediaVariant> = {};
  const outputs = { full: img.full, blur: img.blur, ...img.thumbs };
  try {
    for (const [name, o] of Object.entries(outputs)) {
      const key = keyOf(ownerId, r.id, `${name}${path.extname(o.file)}`);
      const stored = await storage.putFile(key, o.file, o.mime);
      variants[name] = { key, mime: o.mime, size: stored.size, width: o.width, height: o.height };
    }
  } finally {
    for (const o of Object.values(outputs)) await fsp.rm(o.file, { force: true }).catch(() => {});
  }
  return { width: img.width, height: img.height, variants };
}

export async function getMedia(ctx: Ctx, id: string): Promise<MediaRow | null> {
  return findMedia(ctx.db, id);
}

/** One query for a page of items' media. */
export async function getMediaMany(ctx: Ctx, ids: string[]): Promise<MediaRow[]> {
  return findMediaMany(ctx.db, ids);
}

/** Deletes the row and every stored byte of it. Authorization is the caller's (owner of the content). */
export async function deleteMedia(ctx: Ctx, id: string): Promise<void> {
  const row = await deleteMediaRow(ctx.db, id);
  if (!row) return;
  await storageFor(ctx.config)
    .delete(`${row.ownerId}/${row.id}/`)
    .catch((err) => ctx.log.warn({ err, mediaId: id }, 'media bytes not deleted'));
}

/** Status for the owner (and admins). Others get 404: a file's existence is not theirs to know. */
export async function mediaStatus(
  ctx: Ctx,
  id: string,
  viewerId: string | null,
  opts: { isAdmin?: boolean } = {},
): Promise<MediaStatusPayload> {
  const m = await findMedia(ctx.db, id);
  if (!m || (!opts.isAdmin && m.ownerId !== viewerId)) throw notFound('File');
  return toStatus(m);
}

export function toStatus(m: MediaRow): MediaStatusPayload {
  return {
    _id: m.id,
    status: m.status,
    progress: m.status === 'ready' ? 100 : m.progress,
    ...(m.error ? { error: m.error } : {}),
  };
}
