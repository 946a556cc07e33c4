import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { type PushSubscriptionRow, pushSubscriptions } from '../../db/schema';

export type NewPushSubscription = Omit<
  typeof pushSubscriptions.$inferInsert,
  'createdAt' | 'failureCount' | 'lastSuccessAt'
>;

/** One row per endpoint: a device that signs in as someone else now belongs to them. */
export async function upsertSubscription(db: Executor, row: NewPushSubscription): Promise<PushSubscriptionRow> {
  const [saved] = await db
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: row.userId,
        p256dh: row.p256dh,
        auth: row.auth,
        categories: row.categories,
        deviceName: row.deviceName,
        failureCount: 0,
      },
    })
    .returning();
  return saved;
}

export function listForUser(db: Executor, userId: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.createdAt);
}

export async function findOwned(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
  return row ?? null;
}

export async function setCategories(db: Executor, userId: string, id: string, categories: string[]) {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ categories })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteOwned(db: Executor, userId: string, id: string) {
  return db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
}

/** Whether any of these users has a device that wants this category (one indexed query). */
export async function anyWants(db: Executor, userIds: string[], category: string): Promise<boolean> {
  if (userIds.length === 0) return false;
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(inArray(pushSubscriptions.userId, userIds), sql`${pushSubscriptions.categories} ? ${category}`))
    .limit(1);
  return Boolean(row);
}

export function devicesWanting(db: Executor, userIds: string[], category: string) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(inArray(pushSubscriptions.userId, userIds), sql`${pushSubscriptions.categories} ? ${category}`));
}

export function deleteById(db: Executor, id: string) {
  return db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

export function markDelivered(db: Executor, id: string) {
  return db
    .update(pushSubscriptions)
    .set({ failureCount: 0, lastSuccessAt: sql`now()` })
    .where(eq(pushSubscriptions.id, id));
}

export function markFailed(db: Executor, id: string) {
  return db
    .update(pushSubscriptions)
    .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
    .where(eq(pushSubscriptions.id, id));
}
