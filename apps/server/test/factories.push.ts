import crypto from 'node:crypto';
import type { App } from '../src/app';
import { newId } from '../src/db/ids';
import { upsertSubscription } from '../src/modules/push/push.repo';

/** A device with push on (through the repository, as POST /push/subscriptions does). */
export function buildPushSubscription(
  app: App,
  userId: string,
  overrides: Partial<Parameters<typeof upsertSubscription>[1]> = {},
) {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return upsertSubscription(app.ctx.db, {
    id: newId(),
    userId,
    endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: crypto.randomBytes(16).toString('base64url'),
    categories: ['messages'],
    deviceName: null,
    ...overrides,
  });
}
