import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type NotificationRow, notificationPreferences, notifications, users } from '../../db/schema';

export type NewNotification = Omit<typeof notifications.$inferInsert, 'createdAt' | 'readAt'>;

export async function insertNotifications(db: Executor, rows: NewNotification[]): Promise<NotificationRow[]> {
  if (rows.length === 0) return [];
  return db.insert(notifications).values(rows).returning();
}

export async function listNotifications(
  db: Executor,
  userId: string,
  opts: { unreadOnly: boolean; limit: number; offset: number },
) {
  const where = opts.unreadOnly
    ? and(eq(notifications.userId, userId), isNull(notifications.readAt))
    : eq(notifications.userId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total };
}

/** Unread counts for many users in one query. */
export async function unreadCounts(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, userIds), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  return new Map(userIds.map((id) => [id, rows.find((r) => r.userId === id)?.n ?? 0]));
}

export async function markRead(db: Executor, userId: string, id?: string) {
  const conds = [eq(notifications.userId, userId), isNull(notifications.readAt)];
  if (id) conds.push(eq(notifications.id, id));
  return db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(...conds))
    .returning({ id: notifications.id });
}

export async function ownsNotification(db: Executor, userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .limit(1);
  return Boolean(row);
}

export async function deleteNotification(db: Executor, userId: string, id: string) {
  return db
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
}

/** Each user's preference for a kind, with the address and language to tell them in (one query). */
export async function preferencesFor(db: Executor, userIds: string[], kind: string) {
  if (userIds.length === 0) return [];
  return db
    .select({
      userId: users.id,
      email: users.email,
      locale: users.locale,
      inApp: notificationPreferences.inApp,
      mail: notificationPreferences.email,
    })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, kind)),
    )
    .where(inArray(users.id, userIds));
}

export async function readPreferences(db: Executor, userId: string) {
  return db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(
  db: Executor,
  userId: string,
  prefs: Array<{ kind: string; inApp: boolean; email: boolean }>,
) {
  for (const p of prefs) {
    await db
      .insert(notificationPreferences)
      .values({ userId, ...p })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { inApp: p.inApp, email: p.email },
      });
  }
}
