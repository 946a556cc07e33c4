/** What the server puts in a Web Push message (apps/server/src/modules/push). */
export interface PushPayload {
  title: string;
  body?: string | null;
  link?: string | null;
  kind?: string;
  /** One notification per tag: a newer message replaces the older one of the same thread. */
  tag?: string;
}

export function pushNotificationOptions(p: PushPayload): NotificationOptions {
  return {
    body: p.body ?? undefined,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-96.png',
    tag: p.tag,
    data: { link: p.link ?? '/', kind: p.kind },
  };
}
