import { and, asc, desc, eq, gte, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { entitlements, users, type WalletChargeRow, walletCharges } from '../../db/schema';

/** Locks the fan's row (the wallet) for the rest of the transaction and returns the balance in cents. */
export async function lockWallet(tx: Executor, userId: string): Promise<number | null> {
  const [row] = await tx.select({ balance: users.balance }).from(users).where(eq(users.id, userId)).for('update');
  return row ? row.balance : null;
}

export async function walletBalance(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ balance: users.balance }).from(users).where(eq(users.id, userId));
  return row?.balance ?? 0;
}

export async function findChargeByKey(tx: Executor, userId: string, key: string) {
  const [row] = await tx
    .select()
    .from(walletCharges)
    .where(and(eq(walletCharges.userId, userId), eq(walletCharges.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

export async function findCharge(tx: Executor, id: string) {
  const [row] = await tx.select().from(walletCharges).where(eq(walletCharges.id, id)).limit(1);
  return row ?? null;
}

export async function lockCharge(tx: Executor, id: string) {
  const [row] = await tx.select().from(walletCharges).where(eq(walletCharges.id, id)).for('update');
  return row ?? null;
}

export async function insertCharge(tx: Executor, row: typeof walletCharges.$inferInsert): Promise<WalletChargeRow> {
  const [r] = await tx.insert(walletCharges).values(row).returning();
  return r;
}

export async function setChargeStatus(tx: Executor, id: string, status: 'refunded' | 'chargeback', at: Date) {
  await tx.update(walletCharges).set({ status, refundedAt: at }).where(eq(walletCharges.id, id));
}

export interface ChargeFilter {
  userId: string;
  type?: string;
  performerId?: string;
  status?: string;
  fromDate?: Date;
  toDate?: Date;
}

function chargeWhere(f: ChargeFilter): SQL {
  const conds: SQL[] = [eq(walletCharges.userId, f.userId)];
  if (f.type) conds.push(eq(walletCharges.type, f.type));
  if (f.performerId) conds.push(eq(walletCharges.creatorId, f.performerId));
  if (f.status) conds.push(eq(walletCharges.status, f.status as 'paid'));
  if (f.fromDate) conds.push(gte(walletCharges.createdAt, f.fromDate));
  if (f.toDate) conds.push(lte(walletCharges.createdAt, f.toDate));
  return and(...conds)!;
}

export async function searchCharges(
  db: Executor,
  f: ChargeFilter,
  page: { offset: number; limit: number; sortBy: 'createdAt' | 'updatedAt' | 'paid'; sort: 'asc' | 'desc' },
) {
  const where = chargeWhere(f);
  const col = page.sortBy === 'paid' ? walletCharges.paidCents : walletCharges.createdAt;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(walletCharges)
      .where(where)
      .orderBy(page.sort === 'asc' ? asc(col) : desc(col), desc(walletCharges.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(walletCharges).where(where),
  ]);
  return { rows, total };
}

/** Bought and rented scenarios with the current access expiry (one query). */
export async function searchMyScenarios(db: Executor, userId: string, offset: number, limit: number) {
  const where = and(
    eq(walletCharges.userId, userId),
    eq(walletCharges.type, 'scenario'),
    eq(walletCharges.status, 'paid'),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ charge: walletCharges, expiresAt: entitlements.expiresAt, revokedAt: entitlements.revokedAt })
      .from(walletCharges)
      .leftJoin(
        entitlements,
        and(
          eq(entitlements.userId, walletCharges.userId),
          eq(entitlements.objectType, walletCharges.objectType),
          eq(entitlements.objectId, walletCharges.objectId),
        ),
      )
      .where(where)
      .orderBy(desc(walletCharges.createdAt))
      .offset(offset)
      .limit(limit),
    db.select({ total: sql<number>`count(*)::int` }).from(walletCharges).where(where),
  ]);
  return { rows, total };
}

/**
 * What the platform has funded of coupon discounts on a creator's sales not
 * refunded (issue 23 item 13): a sale splits paid + funded into net + commission,
 * so the funded part is net + commission − paid (shipping cancels out).
 */
export async function platformFundedCents(tx: Executor, creatorId: string): Promise<number> {
  const [row] = await tx
    .select({
      cents: sql<string>`coalesce(sum(${walletCharges.netCents} + ${walletCharges.commissionCents} - ${walletCharges.paidCents}), 0)`,
    })
    .from(walletCharges)
    .where(
      and(
        eq(walletCharges.creatorId, creatorId),
        isNotNull(walletCharges.couponId),
        ne(walletCharges.status, 'refunded'),
      ),
    );
  return Number(row?.cents ?? 0);
}
