import {
  type AdminReport,
  adminReportQuerySchema,
  adminReportSchema,
  idParamsSchema,
  listResponseSchema,
  reportResolutionBodySchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import type { Ctx } from '../../context';
import { isUuid } from '../../db/ids';
import { badRequest, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { tellNotifierNoAction } from '../decisions';
import { type ReportRow, reportQueue, resolveReport } from '../reports';
import { userStates } from '../users';
import { inAdminTx, staffActor } from './admin.common';
import {
  type Moderated,
  type ModerationTarget,
  moderate,
  moderatorFor,
  tellCreatorAboutModeration,
} from './admin.content.service';
import { setUserStatus } from './admin.users.service';

const tags = ['admin'];

/** The queue page with reporter, creator and the reported item inline: one query per kind, never per row. */
async function presentReports(ctx: Ctx, rows: ReportRow[]): Promise<AdminReport[]> {
  const userIds = [
    ...new Set(rows.flatMap((r) => [r.reporterId, r.creatorId, r.targetType === 'performer' ? r.targetId : null])),
  ].filter((x): x is string => !!x);
  const byId = await userStates(ctx.db, userIds);
  const targets = new Map<string, ModerationTarget>();
  const byType = new Map<string, string[]>();
  for (const r of rows) byType.set(r.targetType, [...(byType.get(r.targetType) ?? []), r.targetId]);
  for (const [type, ids] of byType) {
    const m = moderatorFor(type);
    if (!m) continue;
    for (const [id, t] of await m.load(ctx.db, ids)) targets.set(`${type}:${id}`, t);
  }
  return rows.map((r) => {
    const creator = r.creatorId ? byId.get(r.creatorId) : undefined;
    const reporter = byId.get(r.reporterId);
    let target: AdminReport['target'] = null;
    const t = targets.get(`${r.targetType}:${r.targetId}`);
    if (t) target = { title: t.title, text: t.text, takenDown: t.takenDown, link: t.link };
    else if (r.targetType === 'performer') {
      const p = byId.get(r.targetId);
      if (p)
        target = {
          title: p.name || p.username || 'Creator',
          text: '',
          takenDown: p.status === 'suspended',
          link: `/${p.username ?? p.id}`,
        };
    }
    return {
      _id: r.id,
      targetType: r.targetType,
      targetId: r.targetId,
      reason: r.reason,
      description: r.description,
      status: r.status,
      resolutionNote: r.resolutionNote,
      reporter: reporter ? { _id: reporter.id, username: reporter.username } : null,
      creator: creator
        ? { _id: creator.id, username: creator.username, name: creator.name, status: creator.status }
        : null,
      target,
      createdAt: r.createdAt.toISOString(),
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
    };
  });
}

/** A report as the notice a decision answers. */
const noticeOf = (r: ReportRow) => ({
  type: 'report' as const,
  id: r.id,
  receivedAt: r.createdAt,
  notifierId: r.reporterId,
});

export default async function adminReportsRoutes(app: App) {
  app.get(
    '/admin/reports',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary: 'Admin: the reports queue, newest first, with the reported item inline',
        querystring: adminReportQuerySchema,
        response: { 200: listResponseSchema(adminReportSchema) },
      },
    },
    async (req) => {
      staffActor(req);
      const { rows, total } = await reportQueue(app.ctx, {
        status: req.query.status,
        targetType: req.query.targetType,
        page: req.query.page,
        pageSize: req.query.pageSize,
      });
      return { data: await presentReports(app.ctx, rows), total };
    },
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary:
          "Admin: resolve a report by dismissing it, taking the reported item down, or suspending the creator's account",
        params: idParamsSchema,
        body: reportResolutionBodySchema,
        response: { 200: adminReportSchema },
      },
    },
    async (req) => {
      const actor = staffActor(req);
      const { action, note, ground } = req.body;
      if (!isUuid(req.params.id)) throw notFound('Report');
      const reason = note || `Reported: ${action}`;
      let takenDown: Moderated | null = null;
      let suspendId: string | null = null;
      const row = await inAdminTx(app.ctx, actor, async (txCtx, tx, record) => {
        const current = await resolveReport(
          txCtx,
          actor.user.id,
          req.params.id,
          action === 'dismiss' ? 'dismissed' : 'resolved',
          note ?? null,
        );
        if (action === 'takedown') {
          if (current.targetType === 'performer')
            throw badRequest(msg('error.admin.creatorNotTakenDown'), 'NOT_MODERATABLE');
          takenDown = await moderate(app.ctx, actor, current.targetType, current.targetId, true, reason, {
            tx,
            record,
            ground,
            notice: noticeOf(current),
          });
        }
        if (action === 'suspend') {
          suspendId = current.targetType === 'performer' ? current.targetId : current.creatorId;
          if (!suspendId) throw badRequest(msg('error.admin.reportNoAccount'), 'NO_ACCOUNT');
        }
        await record({
          action: `report.${action}`,
          targetType: 'report',
          targetId: current.id,
          after: { status: current.status, action },
          reason: note ?? null,
        });
        return current;
      });
      // Suspension is its own audited use case (it ends every session of the account).
      if (suspendId)
        await setUserStatus(app.ctx, actor, suspendId, 'suspended', `Report ${row.id}: ${reason}`, {
          ground,
          notice: noticeOf(row),
        });
      if (takenDown) await tellCreatorAboutModeration(app.ctx, actor.user.id, takenDown, true, reason);
      // The notifier is told the outcome (DSA Art. 16(5)); a restriction's statement tells them through the decision.
      if (action === 'dismiss' && row.reporterId)
        await tellNotifierNoAction(app.ctx, row.reporterId, `${row.targetType} ${row.targetId}`);
      return (await presentReports(app.ctx, [row]))[0];
    },
  );
}
