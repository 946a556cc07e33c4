import { type Locale, NOTIFICATION_KINDS, type NotificationKind } from '@marquee/shared';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import { notFound } from '../../lib/errors';
import { localeOf, renderText, type Text } from '../../lib/i18n';
import { enqueuePush } from '../push';
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
  /**
   * A catalogue message (`msg('notify.live', { name })`), written in each recipient's language;
   * a plain string (user-written text such as a comment or a reason) is passed on as it is.
   */
  title: Text;
  body?: Text;
  link?: string;
  actorId?: string;
  data?: Record<string, unknown>;
}

type Recipient = Awaited<ReturnType<typeof preferencesFor>>[number];
type Rendered = { title: string; body: string | null };

/** Title and body in each language among the recipients, each rendered once. */
function renderPerLocale(input: NotifyInput, recipients: Recipient[]): Map<Locale, Rendered> {
  const texts = new Map<Locale, Rendered>();
  for (const locale of new Set(recipients.map((r) => localeOf(r.locale)))) {
    const body = input.body === undefined ? null : renderText(locale, input.body);
    texts.set(locale, { title: renderText(locale, input.title), body });
  }
  return texts;
}

/**
 * Tells users something happened: an in-app notification (pushed in realtime with
 * the new unread total), a Web Push and, for kinds the user wants mailed, an e-mail,
 * each in the user's language (docs/i18n.md). Call it after the transaction that
 * caused it has committed. Respects per-kind preferences.
 */
export async function notify(ctx: Ctx, userIds: string | string[], input: NotifyInput): Promise<number> {
  const ids = [...new Set(Array.isArray(userIds) ? userIds : [userIds])];
  const prefs = await preferencesFor(ctx.db, ids, input.kind);
  const texts = renderPerLocale(input, prefs);
  const textOf = (p: Recipient) => texts.get(localeOf(p.locale))!;
  const inApp = prefs.filter((p) => p.inApp ?? true);
  const rows = await insertNotifications(
    ctx.db,
    inApp.map((p) => ({
      id: newId(),
      userId: p.userId,
      kind: input.kind,
      ...textOf(p),
      link: input.link ?? null,
      actorId: input.actorId ?? null,
      data: input.data ?? null,
    })),
  );
  const inAppIds = inApp.map((p) => p.userId);
  const counts = await unreadCounts(ctx.db, inAppIds);
  for (const row of rows) {
    ctx.realtime.toUser(row.userId, 'notification/new', presentNotification(row));
    ctx.realtime.toUser(row.userId, 'notification/unread', { total: counts.get(row.userId) ?? 0 });
  }
  // Web Push to the devices that chose this kind's category (docs/pwa.md), in the job queue.
  await enqueuePush(
    ctx,
    [...texts].map(([locale, text]) => ({
      userIds: prefs.filter((p) => localeOf(p.locale) === locale).map((p) => p.userId),
      notice: { ...input, ...text },
    })),
  );
  const emailDefault = NOTIFICATION_KINDS[input.kind].emailByDefault;
  await mailAll(
    ctx,
    input,
    prefs.filter((p) => (p.mail ?? emailDefault) && p.email).map((p) => ({ to: p.email!, ...textOf(p) })),
  );
  return rows.length;
}

async function mailAll(ctx: Ctx, input: NotifyInput, mails: Array<{ to: string } & Rendered>) {
  if (mails.length === 0) return;
  const siteName = await ctx.settings.get('siteName');
  const link = input.link ? `${ctx.config.PUBLIC_URL ?? ''}${input.link}` : '';
  for (const m of mails) {
    await ctx.mail
      .send({
        to: m.to,
        subject: `[${siteName}] ${m.title}`,
        text: [m.body, link].filter(Boolean).join('\n\n'),
        template: `notification:${input.kind}`,
      })
      .catch((err) => ctx.log.error({ err }, 'notification mail failed'));
  }
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

/** The kinds a user can receive: a fan gets none of the creator-only ones (earnings, payouts, verification). */
export function kindsFor(role: string): NotificationKind[] {
  return (Object.keys(NOTIFICATION_KINDS) as NotificationKind[]).filter(
    (kind) => role !== 'user' || !('creatorsOnly' in NOTIFICATION_KINDS[kind]),
  );
}

export async function getPreferences(ctx: Ctx, user: { id: string; role: string }) {
  const stored = new Map((await readPreferences(ctx.db, user.id)).map((p) => [p.kind, p]));
  return kindsFor(user.role).map((kind) => ({
    kind,
    label: NOTIFICATION_KINDS[kind].label,
    inApp: stored.get(kind)?.inApp ?? true,
    email: stored.get(kind)?.email ?? NOTIFICATION_KINDS[kind].emailByDefault,
  }));
}

export async function setPreferences(
  ctx: Ctx,
  user: { id: string; role: string },
  prefs: Array<{ kind: NotificationKind; inApp: boolean; email: boolean }>,
) {
  await upsertPreferences(ctx.db, user.id, prefs);
  return getPreferences(ctx, user);
}
