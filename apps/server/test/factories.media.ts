import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MediaKind, MediaVisibility } from '@marquee/shared';
import sharp from 'sharp';
import type { App } from '../src/app';
import { newId } from '../src/db/ids';
import type { MediaRow, MediaVariant } from '../src/db/schema';
import { processImage } from '../src/lib/media/image';
import { storageFor } from '../src/lib/storage';
import { insertMedia } from '../src/modules/media/media.repo';
import { ffmpegSync } from './ffmpeg';

export interface MultipartFilePart {
  field?: string;
  filename: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data payload for app.inject: `app.inject({ method: 'POST', url, ...multipartBody([...]) })`. */
export function multipartBody(files: MultipartFilePart[], fields: Record<string, string> = {}) {
  const boundary = `----marquee${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real JPEG made by sharp (a colour gradient-ish pattern so thumbnails are not blank). */
export async function makeJpeg(
  width = 800,
  height = 600,
  opts: { exif?: Record<string, Record<string, string>>; orientation?: number } = {},
) {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 120 } } }).composite([
    {
      input: Buffer.from(
        `<svg width="${width}" height="${height}"><rect x="0" y="0" width="${width / 2}" height="${height / 2}" fill="#0a8"/></svg>`,
      ),
    },
  ]);
  if (opts.exif || opts.orientation)
    img = img.withMetadata({
      ...(opts.orientation ? { orientation: opts.orientation } : {}),
      ...(opts.exif ? { exif: opts.exif } : {}),
    });
  return img.jpeg().toBuffer();
}

const cache = new Map<string, Buffer>();
/** A real clip made by ffmpeg (cached per process): 'mp4' (H.264/AAC), 'mov', or 'mp3'. Long clips: tiny size, low fps. */
export function makeClip(
  format: 'mp4' | 'mov' | 'mp3',
  seconds = 2,
  size = '320x240',
  { fps = 25, audio: withAudio = true }: { fps?: number; audio?: boolean } = {},
): Buffer {
  const key = `${format}:${seconds}:${size}:${fps}:${withAudio}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-clip-'));
  const out = path.join(dir, `clip.${format}`);
  const video = ['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${fps}:duration=${seconds}`];
  const audio = ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`];
  const args =
    format === 'mp3'
      ? ['-hide_banner', '-loglevel', 'error', '-y', ...audio, '-c:a', 'libmp3lame', '-b:a', '64k', out]
      : [
          '-hide_banner',
          '-loglevel',
          'error',
          '-y',
          ...video,
          ...(withAudio ? audio : []),
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-pix_fmt',
          'yuv420p',
          ...(withAudio ? ['-c:a', 'aac', '-shortest'] : []),
          // Like a phone: where it was filmed.
          ...(format === 'mov' ? ['-metadata', 'location=+48.8584+002.2945/'] : []),
          out,
        ];
  ffmpegSync(args);
  const buf = fs.readFileSync(out);
  fs.rmSync(dir, { recursive: true, force: true });
  cache.set(key, buf);
  return buf;
}

export interface BuildMediaOptions {
  kind?: MediaKind;
  status?: 'ready' | 'processing' | 'error';
  visibility?: MediaVisibility;
  width?: number;
  height?: number;
}

async function put(app: App, key: string, file: string, mime: string): Promise<MediaVariant> {
  const size = fs.statSync(file).size;
  await storageFor(app.ctx.config).putFile(key, file, mime);
  return { key, mime, size };
}

/**
 * A media row with real stored files, without an HTTP upload. Photos go through the
 * real image pipeline; a ready video gets a real MP4 and poster images; audio a real clip.
 */
export async function buildMedia(app: App, ownerId: string, opts: BuildMediaOptions = {}): Promise<MediaRow> {
  const kind = opts.kind ?? 'photo';
  const status = opts.status ?? 'ready';
  const id = newId();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-media-'));
  const prefix = `${ownerId}/${id}`;
  const variants: Record<string, MediaVariant> = {};
  let width: number | null = null;
  let height: number | null = null;
  let duration: number | null = null;
  let mimeType = 'image/jpeg';
  try {
    if (kind === 'photo') {
      const src = path.join(dir, 'src.jpg');
      fs.writeFileSync(src, await makeJpeg(opts.width ?? 800, opts.height ?? 600));
      const img = await processImage(src, path.join(dir, 'out'));
      for (const [name, o] of Object.entries({ full: img.full, blur: img.blur, ...img.thumbs })) {
        variants[name] = {
          ...(await put(app, `${prefix}/${name}${path.extname(o.file)}`, o.file, o.mime)),
          width: o.width,
          height: o.height,
        };
      }
      width = img.width;
      height = img.height;
    } else if (kind === 'video' || kind === 'audio') {
      const clip = makeClip(kind === 'video' ? 'mp4' : 'mp3');
      const f = path.join(dir, kind === 'video' ? 'video.mp4' : 'audio.mp3');
      fs.writeFileSync(f, clip);
      mimeType = kind === 'video' ? 'video/mp4' : 'audio/mpeg';
      duration = 2;
      if (status === 'ready' && kind === 'video') {
        width = 320;
        height = 240;
        variants.mp4 = await put(app, `${prefix}/video.mp4`, f, 'video/mp4');
        const poster = await makeJpeg(320, 240);
        for (const name of ['poster', 'thumb', 'blur', 'thumb-0', 'thumb-1', 'thumb-2']) {
          const pf = path.join(dir, `${name}.jpg`);
          fs.writeFileSync(pf, name === 'blur' ? await sharp(poster).blur(10).jpeg().toBuffer() : poster);
          variants[name] = await put(app, `${prefix}/${name}.jpg`, pf, 'image/jpeg');
        }
      } else if (status === 'ready') {
        mimeType = 'audio/mpeg';
        variants.audio = await put(app, `${prefix}/audio.mp3`, f, 'audio/mpeg');
      } else {
        variants.original = await put(app, `${prefix}/original${path.extname(f)}`, f, mimeType);
      }
    } else {
      mimeType = 'application/pdf';
      const f = path.join(dir, 'doc.pdf');
      fs.writeFileSync(f, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      variants.original = await put(app, `${prefix}/original.pdf`, f, mimeType);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const size = Object.values(variants).reduce((s, v) => s + (v.size ?? 0), 0);
  const [row] = await insertMedia(app.ctx.db, [
    {
      id,
      ownerId,
      kind,
      visibility: opts.visibility ?? 'protected',
      originalName: `${kind}-${id.slice(-6)}`,
      mimeType,
      size,
      width,
      height,
      duration,
      status,
      progress: status === 'ready' ? 100 : 0,
      error: status === 'error' ? 'Processing failed: test fixture' : null,
      variants,
    },
  ]);
  return row;
}
