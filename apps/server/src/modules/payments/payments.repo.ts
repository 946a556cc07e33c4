import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { gatewayAccounts, type PaymentRow, paymentCards, payments, webhookEvents } from '../../db/schema';
import { processorAmount } from './currency';

/** A new payment; what the processor charges is recorded with it (currency.ts) unless the caller says. */
export async function insertPayment(tx: Executor, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const charged = processorAmount(row.currency ?? 'USD', row.chargedCents);
  const [r] = await tx
    .insert(payments)
    .values({ ...charged, ...row })
    .returning();
  return r;
}

export async function findPayment(db: Executor, id: string) {
  const [r] = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
  return r ?? null;
}

export async function findPaymentByKey(db: Executor, userId: string, key: string) {
  const [r] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)))
    .limit(1);
  return r ?? null;
}

export async function lockPayment(tx: Executor, id: string) {
  const [r] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return r ?? null;
}

export async function findPaymentByExternal(db: Executor, gateway: string, externalId: string) {
  const [r] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway as 'sandbox'), eq(payments.externalId, externalId)));
  return r ?? null;
}

export async function lockPaymentByExternal(tx: Executor, gateway: string, externalId: string) {
  const [r] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway as 'sandbox'), eq(payments.externalId, externalId)))
    .for('update');
  return r ?? null;
}

export async function updatePayment(tx: Executor, id: string, set: Partial<typeof payments.$inferInsert>) {
  const [r] = await tx
    .update(payments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(payments.id, id))
    .returning();
  return r;
}

/** Records a gateway event id; false when it was seen before (a duplicate delivery). */
export async function recordEvent(
  tx: Executor,
  gateway: string,
  eventId: string,
  type: string,
  payload: unknown,
): Promise<string | null> {
  const [r] = await tx
    .insert(webhookEvents)
    .values({ id: newId(), gateway, eventId, type, payload })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return r?.id ?? null;
}

export async function setEventResult(tx: Executor, id: string, result: string, paymentId?: string) {
  await tx
    .update(webhookEvents)
    .set({ result, paymentId: paymentId ?? null })
    .where(eq(webhookEvents.id, id));
}

export async function searchPayments(
  db: Executor,
  userId: string,
  f: { status?: string },
  page: { offset: number; limit: number; sortBy: string; sort: 'asc' | 'desc' },
) {
  const conds: SQL[] = [eq(payments.userId, userId)];
  if (f.status) conds.push(eq(payments.status, f.status as 'created'));
  const where = and(...conds);
  const col =
    page.sortBy === 'amount'
      ? payments.amountCents
      : page.sortBy === 'updatedAt'
        ? payments.updatedAt
        : payments.createdAt;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(page.sort === 'asc' ? col : desc(col), desc(payments.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(payments).where(where),
  ]);
  return { rows, total };
}

export async function listCards(db: Executor, userId: string) {
  return db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.userId, userId))
    .orderBy(desc(paymentCards.isDefault), desc(paymentCards.createdAt));
}

export async function findCard(db: Executor, userId: string, id: string) {
  const [r] = await db
    .select()
    .from(paymentCards)
    .where(and(eq(paymentCards.id, id), eq(paymentCards.userId, userId)))
    .limit(1);
  return r ?? null;
}

export async function gatewayAccount(db: Executor, userId: string, gateway: string, kind: 'customer' | 'connect') {
  const [r] = await db
    .select()
    .from(gatewayAccounts)
    .where(
      and(eq(gatewayAccounts.userId, userId), eq(gatewayAccounts.gateway, gateway), eq(gatewayAccounts.kind, kind)),
    )
    .limit(1);
  return r ?? null;
}

/** The first payment of a gateway's recurring agreement (CCBill subscription id): keyed by it, or naming it as `recurringId`. */
export async function findPaymentByRecurringId(db: Executor, gateway: string, recurringId: string) {
  const [r] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.gateway, gateway as 'sandbox'),
        sql`(${payments.externalId} = ${recurringId} or ${payments.metadata}->>'recurringId' = ${recurringId})`,
      ),
    )
    .orderBy(payments.createdAt)
    .limit(1);
  return r ?? null;
}
