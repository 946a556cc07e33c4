import { and, count, gte, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ageAssurances } from '../../db/schema';

export interface AgeAssuranceFigure {
  provider: string;
  outcome: string;
  count: number;
}

/**
 * Age-assurance checks (fans and visitors, issue 27 item 1) started in the period, by provider and
 * outcome (`pending`, `assured`, `failed`, `expired`).
 */
export async function ageAssuranceFigures(
  db: Executor,
  range: { from: Date; to: Date },
): Promise<AgeAssuranceFigure[]> {
  const rows = await db
    .select({ provider: ageAssurances.provider, outcome: ageAssurances.status, count: count() })
    .from(ageAssurances)
    .where(and(gte(ageAssurances.createdAt, range.from), lt(ageAssurances.createdAt, range.to)))
    .groupBy(ageAssurances.provider, ageAssurances.status)
    .orderBy(ageAssurances.provider, ageAssurances.status);
  return rows.map((r) => ({ provider: r.provider, outcome: r.outcome, count: Number(r.count) }));
}
