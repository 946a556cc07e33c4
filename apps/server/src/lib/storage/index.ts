import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './storage';

export * from './storage';

const cache = new WeakMap<Config, Storage>();

/** The storage driver for this configuration: S3 when S3_BUCKET is set, else local disk under DATA_DIR/media. */
export function storageFor(config: Config): Storage {
  let s = cache.get(config);
  if (!s) {
    s = config.S3_BUCKET
      ? createS3Storage({
          endpoint: config.S3_ENDPOINT,
          region: config.S3_REGION,
          bucket: config.S3_BUCKET,
          accessKeyId: config.S3_ACCESS_KEY_ID,
          secretAccessKey: config.S3_SECRET_ACCESS_KEY,
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
        })
      : createLocalStorage(config.mediaDir);
    cache.set(config, s);
  }
  return s;
}
