/**
 * `npm run media:export [-- --data-dir DIR]`: uploads every file under DATA_DIR/media to the bucket
 * configured by S3_* with the same key (what the S3 driver reads), skipping objects already there
 * with the same size, so it can run again after a last sync. Then counts files and bytes on both
 * sides and checks every local file is in the bucket with its size. Exits 1 on any difference.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { exportMedia } from '../lib/storage/export';

// `npm run` from the repository root runs this in apps/server: relative paths are the caller's.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
const config = loadConfig({ ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) });
if (!config.S3_BUCKET) {
  console.error(
    'media:export needs the bucket: set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).',
  );
  process.exit(2);
}
console.log(`exporting ${config.mediaDir} to the bucket ${config.S3_BUCKET}`);
const result = await exportMedia(config, (line) => console.log(line));
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`\n  local:  ${result.local.files} files, ${mb(result.local.bytes)}`);
console.log(
  `  bucket: ${result.bucket.files} of them, ${mb(result.bucket.bytes)} (${result.uploaded} uploaded now, ${result.skipped} already there)`,
);
if (result.missing.length) {
  console.log(`\n${result.missing.length} file(s) missing or different in the bucket:`);
  for (const k of result.missing.slice(0, 20)) console.log(`  ${k}`);
  process.exit(1);
}
console.log(
  `\nevery file is in the bucket. Start Marquee with the S3_* settings; ${path.relative(process.cwd(), config.mediaDir) || config.mediaDir} can be archived.`,
);
process.exit(0);
