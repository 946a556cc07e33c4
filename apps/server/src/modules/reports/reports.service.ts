import type { Ctx } from '../../context';
import type { ReportRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { resolveCreator } from '../profiles';
import { reactionTarget } from '../reactions';
import { streamOwner } from '../streaming';
import { type NewReport, searchReports, updateReportStatus, upsertReport } from './reports.repo';

export interface ReportInput {
  targetType: string;
  targetId: string;
  reason: string;
  description: string;
}

/**
 * Files a report for the admin queue, once per reporter and target (a repeat
 * updates it). The target must exist when its module can tell (creators, and
 * content types registered with reactions).
 */
export async function fileReport(ctx: Pick<Ctx, 'db' | 'settings' | 'now'>, reporterId: string, input: ReportInput) {
  let creatorId: string | null = null;
  if (input.targetType === 'performer') {
    creatorId = (await resolveCreator(ctx, input.targetId)).id;
  } else if (input.targetType === 'stream') {
    creatorId = await streamOwner(ctx, input.targetId);
    if (!creatorId) throw notFound('Reported item');
  } else {
    const target = reactionTarget(input.targetType);
    if (target) {
      creatorId = (await target.owners(ctx, [input.targetId])).get(input.targetId) ?? null;
      if (!creatorId) throw notFound('Reported item');
    }
  }
  const report: NewReport = { reporterId, creatorId, ...input };
  return upsertReport(ctx.db, report);
}

export async function reportQueue(
  ctx: Pick<Ctx, 'db'>,
  q: { status?: ReportRow['status']; targetType?: string; page: number; pageSize: number },
) {
  return searchReports(ctx.db, q, { limit: q.pageSize, offset: (q.page - 1) * q.pageSize });
}

export async function resolveReport(
  ctx: Pick<Ctx, 'db' | 'now'>,
  adminId: string,
  id: string,
  status: 'dismissed' | 'resolved',
  note: string | null,
) {
  const row = await updateReportStatus(ctx.db, id, status, note, adminId, ctx.now());
  if (!row) throw notFound('Report');
  return row;
}

/** The row the queue and the routes present. */
export type { ReportRow } from '../../db/schema';
