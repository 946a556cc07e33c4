import type { Notification } from '@marquee/shared';
import type { NotificationRow } from '../../db/schema';

export function presentNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    actorId: row.actorId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
