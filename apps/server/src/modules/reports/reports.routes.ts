import {
  idParamsSchema,
  reportBodySchema,
  reportResolveBodySchema,
  reportSchema,
  reportSearchQuerySchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { isUuid } from '../../db/ids';
import { notFound } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { fileReport, type ReportRow, reportQueue, resolveReport } from './reports.service';

const tags = ['reports'];

const present = (r: ReportRow) => ({
  _id: r.id,
  reporterId: r.reporterId,
  targetType: r.targetType,
  targetId: r.targetId,
  creatorId: r.creatorId,
  reason: r.reason,
  description: r.description,
  status: r.status,
  resolutionNote: r.resolutionNote,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export default async function reportsRoutes(app: App) {
  app.post(
    '/reports',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Report a creator or content; one report per reporter and target (a repeat updates it: 200, new: 201)',
        body: reportBodySchema,
        response: { 200: reportSchema, 201: reportSchema },
      },
    },
    async (req, reply) => {
      const { row, created } = await fileReport(app.ctx, userOf(req).id, req.body);
      return reply.status(created ? 201 : 200).send(present(row));
    },
  );

  app.get(
    '/reports/search',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary: 'Staff queue of reports, newest first',
        querystring: reportSearchQuerySchema,
        response: { 200: z.object({ data: z.array(reportSchema), total: z.number().int() }) },
      },
    },
    async (req) => {
      const { rows, total } = await reportQueue(app.ctx, req.query);
      return { data: rows.map(present), total };
    },
  );

  app.put(
    '/reports/:id',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary: 'Resolve or dismiss a report (moderators and admins)',
        params: idParamsSchema,
        body: reportResolveBodySchema,
        response: { 200: reportSchema },
      },
    },
    async (req) => {
      if (!isUuid(req.params.id)) throw notFound('Report');
      const row = await resolveReport(app.ctx, userOf(req).id, req.params.id, req.body.status, req.body.note ?? null);
      return present(row);
    },
  );
}
