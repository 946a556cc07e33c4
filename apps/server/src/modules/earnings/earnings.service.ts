import { type EarningStats, fromCents } from '@marquee/shared';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { earnings, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { balanceOf, earningsAccount, reserveAccount } from '../ledger';
import { position } from '../payouts';
import { userSummaries } from '../users';
import { presentUserSummary } from '../wallet';

interface Range {
  fromDate?: Date;
  toDate?: Date;
}

function where(creatorId: string, r: Range, extra: SQL[] = []) {
  const conds: SQL[] = [eq(earnings.creatorId, creatorId), ...extra];
  if (r.fromDate) conds.push(gte(earnings.createdAt, r.fromDate));
  if (r.toDate) conds.push(lte(earnings.createdAt, r.toDate));
  return and(...conds)!;
}

const n = (v: unknown) => Number(v ?? 0);

/**
 * GET /performer/earning/stats: totals (gross, commission, net) for the range,
 * by source and by day, plus the money position from the ledger: paid out,
 * pending (reserved by payout requests) and available.
 */
export async function earningStats(ctx: Ctx, creatorId: string, r: Range): Promise<EarningStats> {
  const paid = where(creatorId, r, [eq(earnings.status, 'paid')]);
  const sums = {
    gross: sql<string>`coalesce(sum(${earnings.grossCents}), 0)`,
    commission: sql<string>`coalesce(sum(${earnings.commissionCents}), 0)`,
    net: sql<string>`coalesce(sum(${earnings.netCents}), 0)`,
    count: sql<number>`count(*)::int`,
  };
  const day = sql<string>`to_char(date_trunc('day', ${earnings.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const [[totals], bySource, byDay, available, pending, paidOutRows] = await Promise.all([
    ctx.db.select(sums).from(earnings).where(paid),
    ctx.db
      .select({ source: earnings.source, ...sums })
      .from(earnings)
      .where(paid)
      .groupBy(earnings.source)
      .orderBy(desc(sums.net)),
    ctx.db.select({ date: day, gross: sums.gross, net: sums.net }).from(earnings).where(paid).groupBy(day).orderBy(day),
    balanceOf(ctx.db, earningsAccount(creatorId)),
    balanceOf(ctx.db, reserveAccount(creatorId)),
    ctx.db
      .select({ total: sql<string>`coalesce(-sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(and(eq(ledgerAccounts.key, `reserve:${creatorId}`), eq(ledgerTransactions.kind, 'payout'))),
  ]);
  const paidOut = n(paidOutRows[0]?.total);
  // what may be requested: the earnings less what is still on hold (payouts/payouts.service.ts)
  const pos = await position(ctx.db, creatorId, await ctx.settings.all(), ctx.now(), {
    earnings: available,
    reserve: pending,
  });
  const t = (x: { gross: string; commission: string; net: string; count: number }) => ({
    gross: fromCents(n(x.gross)),
    commission: fromCents(n(x.commission)),
    net: fromCents(n(x.net)),
    count: x.count,
  });
  return {
    totals: t(totals),
    bySource: bySource.map((s) => ({ source: s.source, ...t(s) })),
    byDay: byDay.map((d) => ({ date: d.date, gross: fromCents(n(d.gross)), net: fromCents(n(d.net)) })),
    totalEarned: fromCents(available + pending + paidOut),
    paidOut: fromCents(paidOut),
    pending: fromCents(pending),
    available: fromCents(pos.availableCents),
  };
}

export async function searchEarnings(
  ctx: Ctx,
  creatorId: string,
  q: {
    page: number;
    pageSize: number;
    sortBy: 'createdAt' | 'updatedAt' | 'net';
    sort: 'asc' | 'desc';
    source?: string;
    fromDate?: Date;
    toDate?: Date;
  },
) {
  const w = where(creatorId, q, q.source ? [eq(earnings.source, q.source)] : []);
  const col = q.sortBy === 'net' ? earnings.netCents : earnings.createdAt;
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(earnings)
      .where(w)
      .orderBy(q.sort === 'asc' ? col : desc(col), desc(earnings.id))
      .offset((q.page - 1) * q.pageSize)
      .limit(q.pageSize),
    ctx.db.select({ total: sql<number>`count(*)::int` }).from(earnings).where(w),
  ]);
  const people = await userSummaries(
    ctx.db,
    rows.flatMap((r) => (r.fanId ? [r.fanId] : [])),
  );
  return {
    data: rows.map((e) => ({
      _id: e.id,
      source: e.source,
      gross: fromCents(e.grossCents),
      commission: fromCents(e.commissionCents),
      net: fromCents(e.netCents),
      status: e.status,
      fan: presentUserSummary(e.fanId ? people.get(e.fanId) : undefined),
      createdAt: e.createdAt.toISOString(),
    })),
    total,
  };
}
