import type { Transparency } from '@marquee/shared';
import type { Ctx } from '../../context';
import { ageAssuranceFigures } from './transparency.age-assurance';
import { appealFigures, decisionsBy, decisionTotals, noticesByType } from './transparency.repo';

/**
 * Transparency figures per half-year (EU DSA Art. 15 and 24): notices by type, actions by ground
 * and kind, automated actions, median time from notice to decision, appeals and reversals,
 * age-assurance checks. Public: `/transparency` and its CSV/JSON export.
 */

/** `2026-H2` → [2026-07-01, 2027-01-01) UTC. */
export function halfYearRange(period: string): { from: Date; to: Date } {
  const year = Number(period.slice(0, 4));
  const second = period.endsWith('H2');
  return {
    from: new Date(Date.UTC(year, second ? 6 : 0, 1)),
    to: new Date(Date.UTC(second ? year + 1 : year, second ? 0 : 6, 1)),
  };
}

export const halfYearOf = (d: Date) => `${d.getUTCFullYear()}-H${d.getUTCMonth() < 6 ? 1 : 2}`;

/** The current half-year and the five before it, newest first. */
export function recentHalfYears(now: Date, n = 6): string[] {
  const out: string[] = [];
  let y = now.getUTCFullYear();
  let h = now.getUTCMonth() < 6 ? 1 : 2;
  for (let i = 0; i < n; i++) {
    out.push(`${y}-H${h}`);
    if (h === 2) h = 1;
    else {
      h = 2;
      y -= 1;
    }
  }
  return out;
}

const hours = (seconds: number | null) => (seconds === null ? null : Math.round((seconds / 3600) * 10) / 10);

export async function transparencyFigures(ctx: Pick<Ctx, 'db' | 'now'>, period?: string): Promise<Transparency> {
  const p = period ?? halfYearOf(ctx.now());
  const range = halfYearRange(p);
  const [notices, byGround, byKind, totals, appeals, ageAssurance] = await Promise.all([
    noticesByType(ctx.db, range),
    decisionsBy(ctx.db, 'ground', range),
    decisionsBy(ctx.db, 'kind', range),
    decisionTotals(ctx.db, range),
    appealFigures(ctx.db, range),
    ageAssuranceFigures(ctx.db, range),
  ]);
  return {
    period: p,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    periods: recentHalfYears(ctx.now()),
    notices,
    actionsByGround: byGround,
    actionsByKind: byKind,
    automatedActions: totals.automated,
    medianHoursToDecision: hours(totals.medianSeconds),
    appeals: {
      received: appeals.received,
      upheld: appeals.upheld,
      reversed: appeals.reversed,
      open: appeals.open,
      medianHoursToDecision: hours(appeals.medianSeconds),
    },
    ageAssurance,
  };
}

/** The export as CSV: `section,key,value`, one figure a line. */
export function transparencyCsv(t: Transparency): string {
  const lines: Array<[string, string, string | number]> = [
    ['period', 'from', t.from],
    ['period', 'to', t.to],
    ...t.notices.map((r): [string, string, number] => ['notices', r.key, r.count]),
    ...t.actionsByGround.map((r): [string, string, number] => ['actions_by_ground', r.key, r.count]),
    ...t.actionsByKind.map((r): [string, string, number] => ['actions_by_kind', r.key, r.count]),
    ['actions', 'automated', t.automatedActions],
    ['actions', 'median_hours_notice_to_decision', t.medianHoursToDecision ?? ''],
    ['appeals', 'received', t.appeals.received],
    ['appeals', 'upheld', t.appeals.upheld],
    ['appeals', 'reversed', t.appeals.reversed],
    ['appeals', 'open', t.appeals.open],
    ['appeals', 'median_hours_to_decision', t.appeals.medianHoursToDecision ?? ''],
    ...t.ageAssurance.map((r): [string, string, number] => ['age_assurance', `${r.provider}:${r.outcome}`, r.count]),
  ];
  return ['section,figure,value', ...lines.map((l) => l.join(','))].join('\r\n') + '\r\n';
}
