import crypto from 'node:crypto';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type OrderRow, orders } from '../../db/schema';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Short, unique, human-readable: 'MQ-7K2P9XQD' (no 0/O, 1/I to misread). */
export function newOrderNumber(): string {
  const bytes = crypto.randomBytes(8);
  return `MQ-${Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

export async function insertOrder(
  tx: Executor,
  o: Omit<typeof orders.$inferInsert, 'id' | 'orderNumber'>,
): Promise<OrderRow> {
  const [row] = await tx
    .insert(orders)
    .values({ id: newId(), orderNumber: newOrderNumber(), ...o })
    .returning();
  return row;
}

export async function findOrder(db: Executor, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).limit(1);
  return row ?? null;
}

export async function lockOrder(tx: Executor, id: string) {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  return row ?? null;
}

export async function updateOrder(tx: Executor, id: string, set: Partial<typeof orders.$inferInsert>) {
  const [row] = await tx
    .update(orders)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

export async function searchOrders(
  db: Executor,
  by: { userId?: string; creatorId?: string; deliveryStatus?: string; q?: string },
  page: { offset: number; limit: number; sortBy: 'createdAt' | 'updatedAt'; sort: 'asc' | 'desc' },
) {
  const conds: SQL[] = [];
  if (by.userId) conds.push(eq(orders.userId, by.userId));
  if (by.creatorId) conds.push(eq(orders.creatorId, by.creatorId));
  if (by.deliveryStatus) conds.push(eq(orders.deliveryStatus, by.deliveryStatus as 'processing'));
  if (by.q) {
    const like = `%${by.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(orders.orderNumber, like), ilike(orders.title, like))!);
  }
  const where = and(...conds);
  const col = page.sortBy === 'updatedAt' ? orders.updatedAt : orders.createdAt;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(col) : desc(col), desc(orders.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  return { rows, total };
}
