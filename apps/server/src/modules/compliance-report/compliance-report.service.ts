import type { ComplianceReport } from '@marquee/shared';
import { and, count, gte, inArray, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { auditLog, complaints, hashMatches, leakCases, reviewItems } from '../../db/schema';
import { toCsv } from '../admin';
import { gatewayRatios, monthRange } from '../payments';

type Range = { from: Date; to: Date };
const within = (col: PgColumn, r: Range) => and(gte(col, r.from), lt(col, r.to));

async function countOf(db: Executor, table: PgTable, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** Distinct items taken down in the month (an item hidden at once, then removed by decision, counts once). */
async function removedItems(db: Executor, r: Range) {
  const [row] = await db
    .select({ n: sql<number>`count(distinct (${auditLog.targetType} || ':' || ${auditLog.targetId}))` })
    .from(auditLog)
    .where(and(inArray(auditLog.action, ['content.takedown']), within(auditLog.createdAt, r)));
  return Number(row?.n ?? 0);
}

/** Review before publication in the month: what was decided, why rejected, how long it took. */
async function reviewFigures(db: Executor, r: Range) {
  const [submitted, decided, pending] = await Promise.all([
    countOf(db, reviewItems, within(reviewItems.submittedAt, r)),
    db
      .select({
        state: reviewItems.state,
        reason: reviewItems.reasonCode,
        minutes: sql<number>`extract(epoch from (${reviewItems.decidedAt} - ${reviewItems.submittedAt})) / 60`,
      })
      .from(reviewItems)
      .where(and(isNotNull(reviewItems.decidedAt), within(reviewItems.decidedAt, r))),
    countOf(
      db,
      reviewItems,
      and(
        lt(reviewItems.submittedAt, r.to),
        sql`(${reviewItems.decidedAt} is null or ${reviewItems.decidedAt} >= ${r.to.toISOString()}::timestamptz)`,
      ),
    ),
  ]);
  const rejected = decided.filter((d) => d.state === 'rejected');
  const byReason: Record<string, number> = {};
  for (const d of rejected) byReason[d.reason ?? 'other'] = (byReason[d.reason ?? 'other'] ?? 0) + 1;
  const times = decided
    .filter((d) => d.state === 'approved' || d.state === 'rejected')
    .map((d) => Number(d.minutes))
    .sort((a, b) => a - b);
  const at = (q: number) =>
    times.length ? Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!) : null;
  return {
    submitted,
    approved: decided.filter((d) => d.state === 'approved').length,
    rejected: rejected.length,
    rejectedByReason: byReason,
    escalated: decided.filter((d) => d.state === 'escalated').length,
    pendingAtMonthEnd: pending,
    medianMinutesToReview: at(0.5),
    p90MinutesToReview: at(0.9),
  };
}

/** Complaints received and resolved in the month, and whether within their business-day clock. */
async function complaintFigures(db: Executor, r: Range) {
  const [received, resolved, overdue] = await Promise.all([
    db.select({ kind: complaints.kind }).from(complaints).where(within(complaints.createdAt, r)),
    db
      .select({ decision: complaints.decision, decidedAt: complaints.decidedAt, dueAt: complaints.dueAt })
      .from(complaints)
      .where(and(isNotNull(complaints.decidedAt), within(complaints.decidedAt, r))),
    countOf(
      db,
      complaints,
      and(
        lte(complaints.dueAt, r.to),
        lt(complaints.createdAt, r.to),
        sql`(${complaints.decidedAt} is null or ${complaints.decidedAt} >= ${r.to.toISOString()}::timestamptz)`,
      ),
    ),
  ]);
  const byKind: Record<string, number> = {};
  for (const c of received) byKind[c.kind] = (byKind[c.kind] ?? 0) + 1;
  return {
    received: received.length,
    receivedByKind: byKind,
    resolved: resolved.length,
    resolvedWithinDue: resolved.filter((c) => c.decidedAt! <= c.dueAt).length,
    removedAfterComplaint: resolved.filter((c) => c.decision === 'removed').length,
    openOverdueAtMonthEnd: overdue,
  };
}

/**
 * The monthly report for the acquirer (Mastercard Security Rules §9.4.1 asks adult merchants for
 * monthly reports): review, complaints, removals, known-abuse hash matches, NCMEC reports, leak
 * cases and the chargeback ratio per processor. Every figure is counted from the records the
 * features keep; nothing is estimated.
 */
export async function complianceReport(ctx: Pick<Ctx, 'db' | 'now'>, month: string): Promise<ComplianceReport> {
  const r = monthRange(month);
  const db = ctx.db;
  const [review, complaintStats, removals, matches, sent, leaks, ratios] = await Promise.all([
    reviewFigures(db, r),
    complaintFigures(db, r),
    removedItems(db, r),
    countOf(db, hashMatches, within(hashMatches.createdAt, r)),
    countOf(db, hashMatches, and(isNotNull(hashMatches.sentAt), within(hashMatches.sentAt, r))),
    countOf(db, leakCases, within(leakCases.createdAt, r)),
    gatewayRatios(db, month),
  ]);
  return {
    month,
    generatedAt: ctx.now().toISOString(),
    review,
    complaints: complaintStats,
    removals,
    hashMatches: matches,
    ncmecReportsSent: sent,
    leakCases: leaks,
    chargebacks: [...ratios]
      .map(([gateway, x]) => ({ gateway, ...x }))
      .sort((a, b) => a.gateway.localeCompare(b.gateway)),
  };
}

/** The report as CSV: one row per figure (section, figure, value), for the acquirer's spreadsheet. */
export function complianceReportCsv(report: ComplianceReport): string {
  const rows: Array<[string, string, string | number | null]> = [
    ['report', 'month', report.month],
    ['report', 'generated at', report.generatedAt],
    ['review', 'uploads submitted', report.review.submitted],
    ['review', 'approved', report.review.approved],
    ['review', 'rejected', report.review.rejected],
    ...Object.entries(report.review.rejectedByReason).map(
      ([reason, n]) => ['review', `rejected: ${reason}`, n] as [string, string, number],
    ),
    ['review', 'escalated', report.review.escalated],
    ['review', 'waiting at month end', report.review.pendingAtMonthEnd],
    ['review', 'median minutes to review', report.review.medianMinutesToReview],
    ['review', '90th percentile minutes to review', report.review.p90MinutesToReview],
    ['complaints', 'received', report.complaints.received],
    ...Object.entries(report.complaints.receivedByKind).map(
      ([kind, n]) => ['complaints', `received: ${kind}`, n] as [string, string, number],
    ),
    ['complaints', 'resolved', report.complaints.resolved],
    ['complaints', 'resolved within 7 business days', report.complaints.resolvedWithinDue],
    ['complaints', 'content removed after a complaint', report.complaints.removedAfterComplaint],
    ['complaints', 'open and overdue at month end', report.complaints.openOverdueAtMonthEnd],
    ['removals', 'items taken down', report.removals],
    ['hash matching', 'uploads blocked by a hash match', report.hashMatches],
    ['hash matching', 'NCMEC CyberTipline reports sent', report.ncmecReportsSent],
    ['leaks', 'leak cases opened', report.leakCases],
    ...report.chargebacks.flatMap((c) => [
      ['chargebacks', `${c.gateway}: sales`, c.sales] as [string, string, number],
      ['chargebacks', `${c.gateway}: chargebacks`, c.chargebacks] as [string, string, number],
      ['chargebacks', `${c.gateway}: ratio %`, c.percent] as [string, string, number],
    ]),
  ];
  return toCsv(['section', 'figure', 'value'], rows);
}
