import type { PushPayload as SentPushPayload } from '@marquee/shared/push';

/**
 * A push message as the service worker may receive it: what the server sends (packages/shared
 * `pushPayloadSchema`), or only a title when the message is not that JSON.
 */
export type PushPayload = Pick<SentPushPayload, 'title'> & Partial<SentPushPayload>;

export function pushNotificationOptions(p: PushPayload): NotificationOptions {
  return {
    body: p.body ?? undefined,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-96.png',
    tag: p.tag,
    data: { link: p.link ?? '/', kind: p.kind },
  };
}
