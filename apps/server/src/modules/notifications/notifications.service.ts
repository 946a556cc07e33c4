import { NOTIFICATION_KINDS, type NotificationKind } from '@marquee/shared';
import { newId } from '../../db/ids';
import type { Ctx } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { enqueuePush } from '../push/push.service';
import { presentNotification } from './notifications.presenter';
import {
  deleteNotification,
  insertNotifications,
  listNotifications,
  markRead,
  ownsNotification,
  preferencesFor,
  readPreferences,
  unreadCounts,
  upsertPreferences,
} from './notifications.repo';

export interface NotifyInput {
  kind: NotificationKind;
  title: string;
  body?: string;
  link?: string;
  actorId?: string;
  data?: Record<string, unknown>;
}

/**
 * Tells users something happened: an in-app notification (pushed in realtime with
 * the new unread total) and, for kinds the user wants mailed, an e-mail. Call it
 * after the transaction that caused it has committed. Respects per-kind preferences.
 */
export async function notify(ctx: Ctx, userIds: string | string[], input: NotifyInput): Promise<number> {
  const ids = [...new Set(Array.isArray(userIds) ? userIds : [userIds])];
  const prefs = await preferencesFor(ctx.db, ids, input.kind);
  const emailDefault = NOTIFICATION_KINDS[input.kind].emailByDefault;
  const inAppUsers = prefs.filter((p) => p.inApp ?? true).map((p) => p.userId);
  const rows = await insertNotifications(
    ctx.db,
    inAppUsers.map((userId) => ({
      id: newId(),
      userId,
      kind: input.kind,
      title: input.title,
      body: input.body ?? null,
      link: input.link ?? null,
      actorId: input.actorId ?? null,
      data: input.data ?? null,
    })),
  );
  const counts = await unreadCounts(ctx.db, inAppUsers);
  for (const row of rows) {
    ctx.realtime.toUser(row.userId, 'notification/new', presentNotification(row));
    ctx.realtime.toUser(row.userId, 'notification/unread', { total: counts.get(row.userId) ?? 0 });
  }
  // Web Push to the devices that chose this kind's category (docs/pwa.md), in the job queue.
  await enqueuePush(ctx, ids, input);
  const mailTo = prefs.filter((p) => (p.mail ?? emailDefault) && p.email);
  if (mailTo.length > 0) {
    const siteName = await ctx.settings.get('siteName');
    const base = ctx.config.PUBLIC_URL ?? '';
    for (const p of mailTo) {
      await ctx.mail
        .send({
          to: p.email!,
          subject: `[${siteName}] ${input.title}`,
          text: [input.body, input.link ? `${base}${input.link}` : ''].filter(Boolean).join('\n\n'),
          template: `notification:${input.kind}`,
        })
        .catch((err) => ctx.log.error({ err }, 'notification mail failed'));
    }
  }
  return rows.length;
}

export async function listForUser(ctx: Ctx, userId: string, q: { page: number; pageSize: number; unread?: boolean }) {
  const { rows, total } = await listNotifications(ctx.db, userId, {
    unreadOnly: Boolean(q.unread),
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  return { data: rows.map(presentNotification), total };
}

export async function unreadTotal(ctx: Ctx, userId: string): Promise<number> {
  return (await unreadCounts(ctx.db, [userId])).get(userId) ?? 0;
}

export async function readOne(ctx: Ctx, userId: string, id: string) {
  const marked = await markRead(ctx.db, userId, id);
  // A foreign (or unknown) id is 404 like everywhere else; an own, already read one is fine.
  if (marked.length === 0 && !(await ownsNotification(ctx.db, userId, id))) throw notFound('Notification');
  return pushUnread(ctx, userId);
}

export async function readAll(ctx: Ctx, userId: string) {
  await markRead(ctx.db, userId);
  return pushUnread(ctx, userId);
}

export async function remove(ctx: Ctx, userId: string, id: string) {
  const deleted = await deleteNotification(ctx.db, userId, id);
  if (deleted.length === 0) throw notFound('Notification');
  return pushUnread(ctx, userId);
}

async function pushUnread(ctx: Ctx, userId: string) {
  const total = await unreadTotal(ctx, userId);
  ctx.realtime.toUser(userId, 'notification/unread', { total });
  return { total };
}

export async function getPreferences(ctx: Ctx, userId: string) {
  const stored = new Map((await readPreferences(ctx.db, userId)).map((p) => [p.kind, p]));
  return (Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).map((kind) => ({
    kind,
    label: NOTIFICATION_KINDS[kind].label,
    inApp: stored.get(kind)?.inApp ?? true,
    email: stored.get(kind)?.email ?? NOTIFICATION_KINDS[kind].emailByDefault,
  }));
}

export async function setPreferences(
  ctx: Ctx,
  userId: string,
  prefs: Array<{ kind: NotificationKind; inApp: boolean; email: boolean }>,
) {
  await upsertPreferences(ctx.db, userId, prefs);
  return getPreferences(ctx, userId);
}
