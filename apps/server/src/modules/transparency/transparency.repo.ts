import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The transparency figures' queries (EU DSA Art. 15, 24). Each reads one table over [from, to)
 * through an index on its time column (complaints_created_idx, reports_status_created_idx,
 * moderation_decisions_created_idx, decision_appeals_created_idx).
 */
type Range = { from: Date; to: Date };
type Rows<T> = { rows: T[] };

const iso = (d: Date) => d.toISOString();

async function rows<T>(db: Executor, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as Rows<T>).rows;
}

export type CountRow = { key: string; count: number };
const counted = (r: Array<{ key: string; count: string | number }>): CountRow[] =>
  r.map((x) => ({ key: x.key, count: Number(x.count) }));

/** Notices received: complaints by kind, reports by what they name. */
export async function noticesByType(db: Executor, { from, to }: Range): Promise<CountRow[]> {
  return counted(
    await rows(
      db,
      sql`select 'complaint:' || kind as key, count(*) as count from complaints
           where created_at >= ${iso(from)}::timestamptz and created_at < ${iso(to)}::timestamptz group by kind
          union all
          select 'report:' || target_type as key, count(*) as count from reports
           where created_at >= ${iso(from)}::timestamptz and created_at < ${iso(to)}::timestamptz group by target_type
          order by key`,
    ),
  );
}

/** Decisions taken in the range, grouped by one column (ground or kind). */
export async function decisionsBy(db: Executor, column: 'ground' | 'kind', { from, to }: Range): Promise<CountRow[]> {
  return counted(
    await rows(
      db,
      sql`select ${sql.identifier(column)} as key, count(*) as count from moderation_decisions
           where created_at >= ${iso(from)}::timestamptz and created_at < ${iso(to)}::timestamptz
           group by 1 order by 1`,
    ),
  );
}

export async function decisionTotals(db: Executor, { from, to }: Range) {
  const [r] = await rows<{ automated: string | number; median: string | number | null }>(
    db,
    sql`select count(*) filter (where automated) as automated,
               percentile_cont(0.5) within group (order by extract(epoch from created_at - notice_received_at))
                 filter (where notice_received_at is not null) as median
          from moderation_decisions
         where created_at >= ${iso(from)}::timestamptz and created_at < ${iso(to)}::timestamptz`,
  );
  return { automated: Number(r?.automated ?? 0), medianSeconds: r?.median == null ? null : Number(r.median) };
}

/** Appeals received in the range (and where they stand), and those decided in it. */
export async function appealFigures(db: Executor, { from, to }: Range) {
  const [r] = await rows<Record<'received' | 'open' | 'upheld' | 'reversed', string | number> & { median: unknown }>(
    db,
    sql`select
          count(*) filter (where created_at >= ${iso(from)}::timestamptz and created_at < ${iso(to)}::timestamptz) as received,
          count(*) filter (where state = 'open' and created_at >= ${iso(from)}::timestamptz and created_at < ${iso(to)}::timestamptz) as open,
          count(*) filter (where state = 'upheld' and decided_at >= ${iso(from)}::timestamptz and decided_at < ${iso(to)}::timestamptz) as upheld,
          count(*) filter (where state = 'reversed' and decided_at >= ${iso(from)}::timestamptz and decided_at < ${iso(to)}::timestamptz) as reversed,
          percentile_cont(0.5) within group (order by extract(epoch from decided_at - created_at))
            filter (where decided_at >= ${iso(from)}::timestamptz and decided_at < ${iso(to)}::timestamptz) as median
        from decision_appeals
       where created_at < ${iso(to)}::timestamptz and (created_at >= ${iso(from)}::timestamptz or decided_at >= ${iso(from)}::timestamptz)`,
  );
  return {
    received: Number(r?.received ?? 0),
    open: Number(r?.open ?? 0),
    upheld: Number(r?.upheld ?? 0),
    reversed: Number(r?.reversed ?? 0),
    medianSeconds: r?.median == null ? null : Number(r.median),
  };
}
