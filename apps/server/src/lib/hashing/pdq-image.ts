import sharp from 'sharp';
import { type PdqResult, pdqFromPixels } from './pdq';

/**
 * Decoded side for hashing: like the Python reference (`img.thumbnail((512, 512))`), large images
 * are shrunk to fit 512×512 first, which keeps hashing a phone photo in the tens of milliseconds
 * (JPEG shrink-on-load) and changes the hash by a few bits at most: PDQ's own blur averages
 * blocks of side/64 pixels anyway.
 */
const HASH_SIDE = 512;

/** PDQ of an image file or buffer as people see it (EXIF orientation applied, alpha dropped). */
export async function pdqOfImage(input: string | Buffer): Promise<PdqResult> {
  const { data, info } = await sharp(input, { failOn: 'none', limitInputPixels: 100_000_000 })
    .rotate()
    .resize(HASH_SIDE, HASH_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return pdqFromPixels(data, info.width, info.height, info.channels);
}
