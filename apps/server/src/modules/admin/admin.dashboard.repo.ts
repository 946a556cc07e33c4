import { type Dashboard, fromCents, periodDays, periodStart } from '@marquee/shared';
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';

type Rows<T> = { rows: T[] };
async function rows<T>(db: Executor, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as Rows<T>).rows;
}

/**
 * Read-only figures across modules for the dashboard, in a handful of
 * aggregate queries (a reporting read model; no module's rows are written here).
 */
export async function dashboard(ctx: Ctx, days: number): Promise<Dashboard> {
  const at = ctx.now();
  const from = periodStart(days, at);
  const fromIso = from.toISOString();
  const atIso = at.toISOString();
  const db = ctx.db;
  const [[counts], revenue, signups, jobErrors] = await Promise.all([
    rows<Record<string, string | number>>(
      db,
      sql`select
        (select count(*) from users)::int as users,
        (select count(*) from users where role = 'performer')::int as creators,
        (select count(*) from performers where last_active_at > ${fromIso}::timestamptz)::int as active_creators,
        (select count(*) from subscriptions where status in ('active', 'cancelled')
           and current_period_end > ${atIso}::timestamptz)::int as active_subscriptions,
        (select count(*) from reports where status = 'open')::int as open_reports,
        (select count(*) from performers where verification_status = 'pending')::int as pending_verifications`,
    ),
    rows<{ day: string; gross: string; commission: string; net: string }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
          sum(gross_cents)::bigint as gross, sum(commission_cents)::bigint as commission, sum(net_cents)::bigint as net
        from earnings where status = 'paid' and created_at >= ${fromIso}::timestamptz
        group by 1`,
    ),
    rows<{ day: string; n: number }>(
      db,
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*)::int as n
        from users where created_at >= ${fromIso}::timestamptz group by 1`,
    ),
    recentJobErrors(db),
  ]);
  const rev = new Map(revenue.map((r) => [r.day, r]));
  const sign = new Map(signups.map((r) => [r.day, r.n]));
  const series: Dashboard['days'] = [];
  const totals = { gross: 0, commission: 0, net: 0 };
  for (const day of periodDays(days, at)) {
    const r = rev.get(day);
    const g = Number(r?.gross ?? 0);
    const c = Number(r?.commission ?? 0);
    const n = Number(r?.net ?? 0);
    totals.gross += g;
    totals.commission += c;
    totals.net += n;
    series.push({
      date: day,
      signups: sign.get(day) ?? 0,
      gross: fromCents(g),
      commission: fromCents(c),
      net: fromCents(n),
    });
  }
  return {
    totals: {
      users: Number(counts.users),
      creators: Number(counts.creators),
      activeCreators: Number(counts.active_creators),
      activeSubscriptions: Number(counts.active_subscriptions),
      openReports: Number(counts.open_reports),
      pendingVerifications: Number(counts.pending_verifications),
      gross: fromCents(totals.gross),
      commission: fromCents(totals.commission),
      net: fromCents(totals.net),
    },
    days: series,
    jobErrors,
  };
}

/** The last failed background jobs (pg-boss keeps them in its own schema; absent until jobs have started). */
async function recentJobErrors(db: Executor): Promise<Dashboard['jobErrors']> {
  try {
    const found = await rows<{ name: string; output: unknown; at: Date | string }>(
      db,
      sql`select name, output, coalesce(completed_on, created_on) as at from pgboss.job
          where state = 'failed' order by coalesce(completed_on, created_on) desc limit 10`,
    );
    return found.map((r) => {
      const out = r.output as { message?: string } | string | null;
      const error = typeof out === 'string' ? out : (out?.message ?? JSON.stringify(out ?? ''));
      return { name: r.name, error: error.slice(0, 500), at: new Date(r.at).toISOString() };
    });
  } catch {
    return [];
  }
}
