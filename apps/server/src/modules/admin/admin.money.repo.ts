import type { adminChargeQuerySchema } from '@marquee/shared';
import { and, asc, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { users, type WalletChargeRow, walletCharges } from '../../db/schema';

export type { WalletChargeRow };

/** Username of several accounts, by id (the charges page names fan and creator). */
export async function usernames(db: Executor, ids: string[]) {
  const people = ids.length
    ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids))
    : [];
  return new Map(people.map((p) => [p.id, p]));
}

/** One page of wallet charges across the site, with the admin filters. */
export async function searchCharges(db: Executor, q: z.infer<typeof adminChargeQuerySchema>) {
  const conds: SQL[] = [];
  if (q.type) conds.push(eq(walletCharges.type, q.type));
  if (q.status) conds.push(eq(walletCharges.status, q.status));
  if (q.userId) conds.push(eq(walletCharges.userId, q.userId));
  if (q.creatorId) conds.push(eq(walletCharges.creatorId, q.creatorId));
  if (q.fromDate) conds.push(gte(walletCharges.createdAt, q.fromDate));
  if (q.toDate) conds.push(lte(walletCharges.createdAt, q.toDate));
  const where = conds.length ? and(...conds) : undefined;
  const col = q.sortBy === 'paid' ? walletCharges.paidCents : walletCharges.createdAt;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(walletCharges)
      .where(where)
      .orderBy(q.sort === 'asc' ? asc(col) : desc(col), desc(walletCharges.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(walletCharges).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function findCharge(db: Executor, id: string) {
  const [row] = await db.select().from(walletCharges).where(eq(walletCharges.id, id));
  return row;
}

/** Earnings and platform revenue per creator for a period (rows as PostgreSQL answers them). */
export async function revenueRows(db: Executor, fromDate: Date | undefined, toDate: Date | undefined) {
  const res = await db.execute(sql`
        select e.creator_id, u.username, count(*)::int as charges,
          coalesce(sum(e.gross_cents) filter (where e.status = 'paid'), 0)::bigint as gross,
          coalesce(sum(e.commission_cents) filter (where e.status = 'paid'), 0)::bigint as commission,
          coalesce(sum(e.net_cents) filter (where e.status = 'paid'), 0)::bigint as net,
          coalesce(sum(e.gross_cents) filter (where e.status <> 'paid'), 0)::bigint as refunded
        from earnings e left join users u on u.id = e.creator_id
        where (${fromDate?.toISOString() ?? null}::timestamptz is null or e.created_at >= ${fromDate?.toISOString() ?? null}::timestamptz)
          and (${toDate?.toISOString() ?? null}::timestamptz is null or e.created_at <= ${toDate?.toISOString() ?? null}::timestamptz)
        group by e.creator_id, u.username
        order by gross desc`);
  return (res as unknown as { rows: Array<Record<string, string | number | null>> }).rows;
}
