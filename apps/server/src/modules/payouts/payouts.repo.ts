import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import {
  earnings,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  type PayoutRequestRow,
  payoutRequestEvents,
  payoutRequests,
  payoutSettings,
  users,
} from '../../db/schema';

export type RequestStatus = PayoutRequestRow['status'];
export type Method = PayoutRequestRow['method'];

export async function findSettings(db: Executor, userId: string) {
  const [row] = await db.select().from(payoutSettings).where(eq(payoutSettings.userId, userId)).limit(1);
  return row ?? null;
}

export async function upsertSettings(
  db: Executor,
  userId: string,
  set: Partial<{ bankSealed: string | null; paypalSealed: string | null }>,
  at: Date,
) {
  const [row] = await db
    .insert(payoutSettings)
    .values({ userId, ...set, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: payoutSettings.userId, set: { ...set, updatedAt: at } })
    .returning();
  return row;
}

/** Inserts the request unless the creator already has an open one (the partial unique index decides): null then. */
export async function insertRequest(db: Executor, values: typeof payoutRequests.$inferInsert) {
  const [row] = await db.insert(payoutRequests).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function lockRequest(db: Executor, id: string) {
  const [row] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, id)).limit(1).for('update');
  return row ?? null;
}

export async function findRequest(db: Executor, id: string) {
  const [row] = await db.select().from(payoutRequests).where(eq(payoutRequests.id, id)).limit(1);
  return row ?? null;
}

export async function findOpenRequest(db: Executor, creatorId: string) {
  const [row] = await db
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.creatorId, creatorId), inArray(payoutRequests.status, ['pending', 'approved'])))
    .limit(1);
  return row ?? null;
}

export async function updateRequest(db: Executor, id: string, set: Partial<typeof payoutRequests.$inferInsert>) {
  const [row] = await db.update(payoutRequests).set(set).where(eq(payoutRequests.id, id)).returning();
  return row;
}

export function insertEvent(
  db: Executor,
  e: {
    requestId: string;
    action: string;
    status: RequestStatus;
    actorId: string | null;
    by: 'creator' | 'admin';
    note?: string | null;
    at: Date;
  },
) {
  return db.insert(payoutRequestEvents).values({
    id: newId(),
    requestId: e.requestId,
    action: e.action,
    status: e.status,
    actorId: e.actorId,
    by: e.by,
    note: e.note ?? null,
    createdAt: e.at,
  });
}

export async function eventsOf(db: Executor, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  return db
    .select()
    .from(payoutRequestEvents)
    .where(inArray(payoutRequestEvents.requestId, requestIds))
    .orderBy(asc(payoutRequestEvents.createdAt), asc(payoutRequestEvents.id));
}

export async function people(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, { _id: string; username: string; name: string }>();
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, { _id: r.id, username: r.username ?? '', name: r.name ?? '' }]));
}

export interface RequestQuery {
  page: number;
  pageSize: number;
  sortBy: 'createdAt' | 'updatedAt' | 'amount';
  sort: 'asc' | 'desc';
  status?: RequestStatus;
  paymentAccountType?: Method;
  performerId?: string;
  fromDate?: Date;
  toDate?: Date;
}

export async function searchRequests(db: Executor, q: RequestQuery) {
  const conds: SQL[] = [];
  if (q.performerId) conds.push(eq(payoutRequests.creatorId, q.performerId));
  if (q.status) conds.push(eq(payoutRequests.status, q.status));
  if (q.paymentAccountType) conds.push(eq(payoutRequests.method, q.paymentAccountType));
  if (q.fromDate) conds.push(gte(payoutRequests.createdAt, q.fromDate));
  if (q.toDate) conds.push(lte(payoutRequests.createdAt, q.toDate));
  const where = conds.length ? and(...conds) : undefined;
  const col =
    q.sortBy === 'amount'
      ? payoutRequests.amountCents
      : q.sortBy === 'createdAt'
        ? payoutRequests.createdAt
        : payoutRequests.updatedAt;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(payoutRequests)
      .where(where)
      .orderBy(q.sort === 'asc' ? asc(col) : desc(col), desc(payoutRequests.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(payoutRequests).where(where),
  ]);
  return { rows, total };
}

const n = (v: unknown) => Number(v ?? 0);

/** Net of the creator's earnings still inside the hold window (not refunded). */
export async function heldCents(db: Executor, creatorId: string, since: Date) {
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${earnings.netCents}), 0)` })
    .from(earnings)
    .where(and(eq(earnings.creatorId, creatorId), eq(earnings.status, 'paid'), gte(earnings.createdAt, since)));
  return n(r?.total);
}

export async function earnedCents(db: Executor, creatorId: string, from?: Date, to?: Date) {
  const conds: SQL[] = [eq(earnings.creatorId, creatorId), eq(earnings.status, 'paid')];
  if (from) conds.push(gte(earnings.createdAt, from));
  if (to) conds.push(lte(earnings.createdAt, to));
  const [r] = await db
    .select({ total: sql<string>`coalesce(sum(${earnings.netCents}), 0)` })
    .from(earnings)
    .where(and(...conds));
  return n(r?.total);
}

/** What left the creator's reserve as `payout` transactions (money actually paid out). */
export async function paidOutCents(db: Executor, creatorId: string, from?: Date, to?: Date) {
  const conds: SQL[] = [eq(ledgerAccounts.key, `reserve:${creatorId}`), eq(ledgerTransactions.kind, 'payout')];
  if (from) conds.push(gte(ledgerTransactions.createdAt, from));
  if (to) conds.push(lte(ledgerTransactions.createdAt, to));
  const [r] = await db
    .select({ total: sql<string>`coalesce(-sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(and(...conds));
  return n(r?.total);
}

/** Earnings rows of a month (statement). */
export function earningsBetween(db: Executor, creatorId: string, from: Date, to: Date) {
  return db
    .select()
    .from(earnings)
    .where(and(eq(earnings.creatorId, creatorId), gte(earnings.createdAt, from), lte(earnings.createdAt, to)))
    .orderBy(asc(earnings.createdAt));
}

/** Refunds and chargebacks that moved the creator's earnings in a month (statement). */
export function reversalsBetween(db: Executor, creatorId: string, from: Date, to: Date) {
  return db
    .select({
      amount: ledgerEntries.amount,
      kind: ledgerTransactions.kind,
      memo: ledgerTransactions.memo,
      createdAt: ledgerTransactions.createdAt,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerAccounts.key, `earnings:${creatorId}`),
        inArray(ledgerTransactions.kind, ['refund', 'chargeback']),
        gte(ledgerTransactions.createdAt, from),
        lte(ledgerTransactions.createdAt, to),
      ),
    )
    .orderBy(asc(ledgerTransactions.createdAt));
}

export function paidBetween(db: Executor, creatorId: string, from: Date, to: Date) {
  return db
    .select()
    .from(payoutRequests)
    .where(
      and(
        eq(payoutRequests.creatorId, creatorId),
        eq(payoutRequests.status, 'paid'),
        gte(payoutRequests.paidAt, from),
        lte(payoutRequests.paidAt, to),
      ),
    )
    .orderBy(asc(payoutRequests.paidAt));
}
