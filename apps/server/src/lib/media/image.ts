import fs from 'node:fs/promises';
import sharp from 'sharp';

/** Decompression-bomb guard: images above this many pixels are refused before decoding. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/**
 * The long side of a photo may be at most this many times its short side. A 1×1,000,000 strip
 * is a valid PNG, but scaled to FULL_MAX_SIDE its short side rounds to 0 pixels (sharp: "Expected
 * positive integer for width"); 50:1 keeps a 1-pixel short side in every rendition and the
 * widest phone panoramas (about 10:1).
 */
export const MAX_ASPECT_RATIO = 50;
/** Thumbnail widths (px) of every photo; the presenter lists them small to large. */
export const THUMB_SIZES = { sm: 240, md: 640, lg: 1280 } as const;
/** Longest side of the full-size rendition shown to entitled viewers. */
export const FULL_MAX_SIDE = 4096;

sharp.cache(false);
sharp.concurrency(1);

export class ImageError extends Error {
  constructor(
    message: string,
    public readonly reason: 'unreadable' | 'too_large' | 'bad_shape',
  ) {
    super(message);
  }
}

export interface ImageOutput {
  file: string;
  mime: string;
  width: number;
  height: number;
  size: number;
}

export interface ProcessedImage {
  width: number;
  height: number;
  full: ImageOutput;
  thumbs: Record<keyof typeof THUMB_SIZES, ImageOutput>;
  blur: ImageOutput;
}

/** Reads only the header: dimensions and whether the image is a decompression bomb. */
export async function inspectImage(
  input: string,
): Promise<{ width: number; height: number; format?: string; hasAlpha: boolean; orientation: number }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError('The image could not be read: the file is damaged or not a supported image', 'unreadable');
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (!width || !height) throw new ImageError('The image could not be read: it has no dimensions', 'unreadable');
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageError(
      `The image is ${width}×${height} pixels; images may have at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`,
      'too_large',
    );
  }
  const shape = shapeProblem(width, height);
  if (shape) throw new ImageError(shape, 'bad_shape');
  return { width, height, format: meta.format, hasAlpha: Boolean(meta.hasAlpha), orientation: meta.orientation ?? 1 };
}

/** Why a picture of these dimensions cannot be shown (too narrow or too flat), or null. */
export function shapeProblem(width: number, height: number, what: 'image' | 'video' = 'image'): string | null {
  if (Math.max(width, height) <= MAX_ASPECT_RATIO * Math.min(width, height)) return null;
  const which = width < height ? 'too narrow for its height' : 'too flat for its width';
  return `The ${what} is ${width}×${height} pixels, ${which}; the long side may be at most ${MAX_ASPECT_RATIO} times the short side`;
}

/** An SVG text stamp (the creator's profile URL or a viewer mark) sized to the image. */
export function textOverlay(
  text: string,
  width: number,
  height: number,
  opts: { corner?: 'br' | 'center' } = {},
): Buffer {
  const size = Math.max(12, Math.round(Math.min(width, height) / 28));
  const safe = text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const center = opts.corner === 'center';
  const x = center ? width / 2 : width - size;
  const y = center ? height / 2 : height - size;
  const anchor = center ? 'middle' : 'end';
  return Buffer.from(
    `<svg width="${width}" height="${height}" xmlns="http://www.w3.org/2000/svg">` +
      `<text x="${x}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="${size}" text-anchor="${anchor}" ` +
      `fill="white" fill-opacity="${center ? 0.25 : 0.7}" stroke="black" stroke-opacity="${center ? 0.2 : 0.5}" stroke-width="${Math.max(1, size / 16)}">${safe}</text></svg>`,
  );
}

/**
 * Every rendition of a photo: EXIF orientation applied, then ALL metadata
 * dropped (sharp writes none unless asked; GPS never survives), a full-size
 * JPEG/PNG (watermarked when asked), thumbnails and a heavily blurred preview
 * for locked content. Output files are `${outBase}.<name>.<ext>`.
 */
export async function processImage(
  input: string,
  outBase: string,
  opts: { watermark?: string | null } = {},
): Promise<ProcessedImage> {
  try {
    return await renderImage(input, outBase, opts);
  } catch (err) {
    // Leave no half-written rendition behind.
    const names = ['full.jpg', 'full.png', 'blur.webp', ...Object.keys(THUMB_SIZES).map((n) => `${n}.webp`)];
    await Promise.all(names.map((n) => fs.rm(`${outBase}.${n}`, { force: true })));
    throw err;
  }
}

async function renderImage(
  input: string,
  outBase: string,
  opts: { watermark?: string | null },
): Promise<ProcessedImage> {
  const meta = await inspectImage(input);
  const base = () => sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
  const swap = meta.orientation >= 5;
  const oriented = {
    width: swap ? meta.height : meta.width,
    height: swap ? meta.width : meta.height,
    hasAlpha: meta.hasAlpha,
  };
  const scale = Math.min(1, FULL_MAX_SIDE / Math.max(oriented.width, oriented.height));
  const fw = Math.round(oriented.width * scale);
  const fh = Math.round(oriented.height * scale);
  const useAlpha = oriented.hasAlpha;
  const fullFile = `${outBase}.full.${useAlpha ? 'png' : 'jpg'}`;
  let full = base().resize({ width: fw, height: fh, fit: 'inside', withoutEnlargement: true });
  if (opts.watermark) full = full.composite([{ input: textOverlay(opts.watermark, fw, fh) }]);
  let fullInfo: sharp.OutputInfo;
  try {
    fullInfo = await (useAlpha ? full.png() : full.jpeg({ quality: 88 })).toFile(fullFile);
  } catch {
    throw new ImageError('The image could not be read: the file is damaged or not a supported image', 'unreadable');
  }

  // Thumbnails come from the full rendition (already rotated, stripped, watermarked): one decode of the original.
  const thumbs = {} as ProcessedImage['thumbs'];
  for (const [name, w] of Object.entries(THUMB_SIZES) as Array<[keyof typeof THUMB_SIZES, number]>) {
    const file = `${outBase}.${name}.webp`;
    const info = await sharp(fullFile)
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: 80 })
      .toFile(file);
    thumbs[name] = { file, mime: 'image/webp', width: info.width, height: info.height, size: info.size };
  }
  const blurFile = `${outBase}.blur.webp`;
  const blurInfo = await sharp(thumbs.sm.file)
    .resize({ width: 64 })
    .blur(6)
    .resize({ width: 480 })
    .webp({ quality: 50 })
    .toFile(blurFile);
  return {
    width: fullInfo.width,
    height: fullInfo.height,
    full: {
      file: fullFile,
      mime: useAlpha ? 'image/png' : 'image/jpeg',
      width: fullInfo.width,
      height: fullInfo.height,
      size: fullInfo.size,
    },
    thumbs,
    blur: { file: blurFile, mime: 'image/webp', width: blurInfo.width, height: blurInfo.height, size: blurInfo.size },
  };
}

/** Stamps a viewer mark across an image (per-viewer tracing of paid images). */
export async function stampViewer(input: Buffer | string, mark: string): Promise<Buffer> {
  const img = sharp(input);
  const { width = 0, height = 0, format } = await img.metadata();
  const out = img.composite([{ input: textOverlay(mark, width, height, { corner: 'center' }) }]);
  return (format === 'png' ? out.png() : format === 'webp' ? out.webp() : out.jpeg({ quality: 88 })).toBuffer();
}
