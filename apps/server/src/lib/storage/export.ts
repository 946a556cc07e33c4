import path from 'node:path';
import type { Config } from '../../config';
import { storageFor } from './index';
import { createLocalStorage } from './local';

export interface MediaExportResult {
  local: { files: number; bytes: number };
  /** The local files found in the bucket with the same size after the export. */
  bucket: { files: number; bytes: number };
  uploaded: number;
  skipped: number;
  /** Local keys absent from the bucket, or there with another size. */
  missing: string[];
}

const TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.pdf': 'application/pdf',
};

/**
 * Copies DATA_DIR/media into the configured bucket under the same keys (4 uploads at a time),
 * skipping what is already there with the same size, then lists the bucket to check every file.
 * The served content type comes from the media row at download time; the stored one is a hint.
 */
export async function exportMedia(config: Config, log: (line: string) => void = () => {}): Promise<MediaExportResult> {
  const local = createLocalStorage(config.mediaDir);
  const bucket = storageFor(config);
  if (bucket.kind !== 's3') throw new Error('media:export needs S3_BUCKET');
  const files: Array<{ key: string; size: number }> = [];
  for await (const f of local.list()) files.push(f);
  const before = await sizes(bucket.list());
  let uploaded = 0;
  let skipped = 0;
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const f = files[next++];
      if (before.get(f.key) === f.size) {
        skipped++;
        continue;
      }
      const type = TYPES[path.extname(f.key).toLowerCase()] ?? 'application/octet-stream';
      await bucket.putStream(f.key, await local.read(f.key), type, f.size);
      uploaded++;
      if (uploaded % 100 === 0) log(`  ${uploaded} uploaded`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));

  const after = await sizes(bucket.list());
  const missing = files.filter((f) => after.get(f.key) !== f.size).map((f) => f.key);
  const present = files.filter((f) => after.get(f.key) === f.size);
  return {
    local: { files: files.length, bytes: files.reduce((n, f) => n + f.size, 0) },
    bucket: { files: present.length, bytes: present.reduce((n, f) => n + f.size, 0) },
    uploaded,
    skipped,
    missing,
  };
}

async function sizes(list: AsyncIterable<{ key: string; size: number }>): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for await (const o of list) out.set(o.key, o.size);
  return out;
}
