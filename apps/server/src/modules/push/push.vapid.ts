import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Config } from '../../config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const cache = new WeakMap<Config, VapidKeys>();

/**
 * The VAPID key pair that signs every push (RFC 8292). From VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY,
 * else made once and kept in DATA_DIR/vapid.json (like the secret key): browsers bind their
 * subscriptions to the public key, so it must survive restarts.
 */
export function vapidKeys(config: Config): VapidKeys {
  const cached = cache.get(config);
  if (cached) return cached;
  const subject = config.VAPID_SUBJECT ?? `mailto:${config.ADMIN_EMAIL}`;
  let pair: { publicKey: string; privateKey: string };
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    pair = { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  } else {
    const file = path.join(config.dataDir, 'vapid.json');
    try {
      pair = JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      pair = webpush.generateVAPIDKeys();
      fs.mkdirSync(config.dataDir, { recursive: true });
      // wx: when two processes race on a fresh DATA_DIR, the first file wins and both read it.
      try {
        fs.writeFileSync(file, JSON.stringify(pair), { mode: 0o600, flag: 'wx' });
      } catch {
        pair = JSON.parse(fs.readFileSync(file, 'utf8'));
      }
    }
  }
  const keys = { ...pair, subject };
  cache.set(config, keys);
  return keys;
}
