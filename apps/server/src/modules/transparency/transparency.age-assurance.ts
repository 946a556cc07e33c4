import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

export interface AgeAssuranceFigure {
  provider: string;
  outcome: string;
  count: number;
}

/**
 * Age-assurance checks by provider and outcome for the transparency figures (issue 27 item 1 is
 * built in parallel). This is the one place that reads them: it counts `age_assurance_checks`
 * (`provider`, `outcome`, `created_at`) when that table exists, and answers no rows (shown as 0)
 * until then. The age-assurance module replaces the query here if its table differs
 * (docs/compliance.md "Transparency figures").
 */
export async function ageAssuranceFigures(
  db: Executor,
  range: { from: Date; to: Date },
): Promise<AgeAssuranceFigure[]> {
  const exists = (await db.execute(
    sql`select to_regclass('public.age_assurance_checks') is not null as ok`,
  )) as unknown as {
    rows: Array<{ ok: boolean }>;
  };
  if (!exists.rows[0]?.ok) return [];
  const res = (await db.execute(
    sql`select provider, outcome, count(*) as count from age_assurance_checks
         where created_at >= ${range.from.toISOString()}::timestamptz and created_at < ${range.to.toISOString()}::timestamptz
         group by 1, 2 order by 1, 2`,
  )) as unknown as { rows: Array<{ provider: string; outcome: string; count: string | number }> };
  return res.rows.map((r) => ({ provider: String(r.provider), outcome: String(r.outcome), count: Number(r.count) }));
}
