import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { MediaFile, MediaKind } from '@marquee/shared';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import { AppError, badRequest, tooLarge, unprocessable, unsupportedMedia } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { publicMediaUrl } from '../../lib/media/cdn';
import { MAX_IMAGE_PIXELS } from '../../lib/media/image';
import { KIND_LABEL, SNIFF_BYTES, type Sniffed, sniff } from '../../lib/media/sniff';
import { storageFor } from '../../lib/storage';
import { deleteMedia, presentMedia, uploadFiles } from '../media';

const MB = 1024 * 1024;
/** Public profile media (avatars, covers, welcome videos) is served from here by users.routes. */
export const PROFILE_MEDIA_ROUTE = '/api/profile-media';

export type ProfileImageKind = 'avatars' | 'covers';
const IMAGE_SIZES: Record<ProfileImageKind, { width: number; height: number; fit: 'cover' | 'inside' }> = {
  avatars: { width: 512, height: 512, fit: 'cover' },
  covers: { width: 1600, height: 600, fit: 'cover' },
};

export interface ReceivedFile {
  tmpFile: string;
  size: number;
  originalName: string;
  sniffed: Sniffed;
  field: string;
  fields: Record<string, string>;
}

/** A stored profile key (or a full URL someone else stored) to the URL a browser loads. */
export function profileMediaUrl(key: string | null | undefined): string | null {
  if (!key) return null;
  if (/^https?:\/\//.test(key) || key.startsWith('/')) return key;
  const mediaId = mediaIdOfKey(key);
  if (mediaId) return publicMediaUrl(`${PROFILE_MEDIA_ROUTE}/media/${mediaId}`);
  return publicMediaUrl(`${PROFILE_MEDIA_ROUTE}/${key}`);
}

const tmpDir = (ctx: Ctx) => path.join(ctx.config.dataDir, 'tmp', 'uploads');

/**
 * Streams the files of a multipart request to temporary files, each checked by
 * its first bytes and counted against `maxBytes`. Text fields are collected.
 */
export async function receiveFiles(
  ctx: Ctx,
  req: FastifyRequest,
  opts: { kinds: MediaKind[]; maxBytes: number; maxFiles: number },
): Promise<{ files: Omit<ReceivedFile, 'fields'>[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest(msg('error.users.notMultipart'), 'NOT_MULTIPART');
  await fsp.mkdir(tmpDir(ctx), { recursive: true });
  const files: Omit<ReceivedFile, 'fields'>[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes + 1, files: opts.maxFiles + 1 } })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (files.length >= opts.maxFiles)
        throw badRequest(`At most ${opts.maxFiles} file(s) per upload`, 'TOO_MANY_FILES');
      const originalName = (part.filename ?? 'file').split(/[\\/]/).pop()!.slice(0, 200);
      const chunks: Buffer[] = [];
      let size = 0;
      let sniffed: Sniffed | null = null;
      const tmpFile = path.join(tmpDir(ctx), newId());
      const ws = fs.createWriteStream(tmpFile);
      try {
        for await (const chunk of part.file as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > opts.maxBytes)
            throw tooLarge(`"${originalName}" is larger than the ${Math.round(opts.maxBytes / MB)} MB limit`);
          if (!sniffed) {
            chunks.push(chunk);
            const head = Buffer.concat(chunks);
            if (head.length < SNIFF_BYTES) continue;
            sniffed = await sniff(head, opts.kinds);
            if (!sniffed)
              throw unsupportedMedia(`"${originalName}" is not ${opts.kinds.map((k) => KIND_LABEL[k]).join(' or ')}`);
            if (!ws.write(head)) await once(ws, 'drain');
            continue;
          }
          if (!ws.write(chunk)) await once(ws, 'drain');
        }
        if (part.file.truncated)
          throw tooLarge(`"${originalName}" is larger than the ${Math.round(opts.maxBytes / MB)} MB limit`);
        if (!sniffed) {
          const head = Buffer.concat(chunks);
          if (head.length === 0) throw badRequest(`"${originalName}" is empty`, 'EMPTY_FILE');
          sniffed = await sniff(head, opts.kinds);
          if (!sniffed)
            throw unsupportedMedia(`"${originalName}" is not ${opts.kinds.map((k) => KIND_LABEL[k]).join(' or ')}`);
          ws.write(head);
        }
        ws.end();
        await once(ws, 'finish');
      } catch (err) {
        ws.destroy();
        await fsp.rm(tmpFile, { force: true });
        throw err;
      }
      files.push({ tmpFile, size, originalName, sniffed, field: part.fieldname });
    }
  } catch (err) {
    for (const f of files) await fsp.rm(f.tmpFile, { force: true });
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(`The file is larger than the ${Math.round(opts.maxBytes / MB)} MB limit`);
    if (code.startsWith('FST_')) throw badRequest((err as Error).message, 'BAD_MULTIPART');
    throw err;
  }
  return { files, fields };
}

/**
 * Stores an avatar or cover: the image is rotated, stripped of metadata,
 * cropped to its shape and written as WebP through the storage driver.
 * Returns the storage key (kept in users.avatar_path / cover_path).
 * The one place to switch when profile images move to the media pipeline.
 */
export async function storeProfileImage(
  ctx: Ctx,
  userId: string,
  kind: ProfileImageKind,
  req: FastifyRequest,
): Promise<string> {
  const maxBytes = (await ctx.settings.get('maxPhotoSizeMb')) * MB;
  const { files } = await receiveFiles(ctx, req, { kinds: ['photo'], maxBytes, maxFiles: 1 });
  const file = files[0];
  if (!file) throw badRequest(msg('error.noFile'), 'NO_FILE');
  const out = `${file.tmpFile}.webp`;
  try {
    const size = IMAGE_SIZES[kind];
    try {
      await sharp(file.tmpFile, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize({ width: size.width, height: size.height, fit: size.fit, withoutEnlargement: kind === 'covers' })
        .webp({ quality: 82 })
        .toFile(out);
    } catch {
      throw unprocessable(`"${file.originalName}" could not be read as an image`, 'UNREADABLE_IMAGE');
    }
    const key = `profile/${kind}/${userId}-${newId()}.webp`;
    await storageFor(ctx.config).putFile(key, out, 'image/webp');
    return key;
  } finally {
    await fsp.rm(file.tmpFile, { force: true });
    await fsp.rm(out, { force: true });
  }
}

/** Welcome videos live in the media pipeline; the profile keeps `media:<id>`. */
const MEDIA_KEY = 'media:';
export const mediaIdOfKey = (key: string | null | undefined): string | null =>
  key?.startsWith(MEDIA_KEY) ? key.slice(MEDIA_KEY.length) : null;

/**
 * Stores a creator's welcome video through the media pipeline: transcoded to a
 * web-playable MP4 with a poster, metadata (phone location) stripped, public.
 */
export async function storeWelcomeVideo(
  ctx: Ctx,
  userId: string,
  req: FastifyRequest,
): Promise<{ key: string; media: MediaFile }> {
  const { media } = await uploadFiles(ctx, req, {
    ownerId: userId,
    kinds: ['video'],
    maxFiles: 1,
    visibility: 'public',
  });
  const row = media[0];
  if (!row) throw badRequest(msg('error.noFile'), 'NO_FILE');
  return { key: `${MEDIA_KEY}${row.id}`, media: presentMedia(ctx, row, { unlocked: true, viewerId: userId }) };
}

/** Removes a replaced profile file; ignores keys that are not ours (seeded URLs). */
export async function deleteProfileMedia(ctx: Ctx, key: string | null | undefined) {
  const mediaId = mediaIdOfKey(key);
  if (mediaId) return deleteMedia(ctx, mediaId).catch(() => {});
  if (!key?.startsWith('profile/')) return;
  await storageFor(ctx.config)
    .delete(key)
    .catch(() => {});
}

export function contentTypeOf(key: string): string {
  const ext = path.extname(key).slice(1).toLowerCase();
  return (
    {
      webp: 'image/webp',
      jpg: 'image/jpeg',
      png: 'image/png',
      mp4: 'video/mp4',
      mov: 'video/quicktime',
      webm: 'video/webm',
    }[ext] ?? 'application/octet-stream'
  );
}
