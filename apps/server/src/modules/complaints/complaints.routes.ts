import {
  complaintBodySchema,
  complaintDecisionBodySchema,
  complaintListQuerySchema,
  complaintReceiptSchema,
  complaintSchema,
  idParamsSchema,
  listResponseSchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import { isUuid } from '../../db/ids';
import { notFound } from '../../lib/errors';
import { requestLocale } from '../../lib/i18n';
import { authRateLimit } from '../../plugins/rate-limit';
import { staffActor } from '../admin';
import { complaintDetail, complaintQueue, decideComplaint, fileComplaint } from './complaints.service';

const tags = ['complaints'];

export default async function complaintsRoutes(app: App) {
  app.post(
    '/complaints',
    {
      config: { rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary:
          'File a complaint or removal request (no account needed): a depicted person who did not consent, illegal content, or copyright. Answers the case number and the due date (7 business days).',
        body: complaintBodySchema,
        response: { 201: complaintReceiptSchema },
      },
    },
    async (req, reply) => {
      const { row, contentHidden } = await fileComplaint(app.ctx, req.body, {
        ip: req.ip ?? null,
        userId: req.user?.id ?? null,
        locale: requestLocale(req),
      });
      return reply.status(201).send({ caseNumber: row.caseNumber, dueAt: row.dueAt.toISOString(), contentHidden });
    },
  );

  app.get(
    '/admin/complaints',
    {
      config: { access: 'moderator' as const },
      schema: {
        tags,
        summary: 'Complaints queue (admin): open cases by due date, with their clock',
        querystring: complaintListQuerySchema,
        response: { 200: listResponseSchema(complaintSchema) },
      },
    },
    async (req) => complaintQueue(app.ctx, req.query),
  );

  app.get(
    '/admin/complaints/:id',
    {
      config: { access: 'moderator' as const },
      schema: {
        tags,
        summary: 'One complaint (admin)',
        params: idParamsSchema,
        response: { 200: complaintSchema },
      },
    },
    async (req) => {
      if (!isUuid(req.params.id)) throw notFound('Complaint');
      return complaintDetail(app.ctx, req.params.id);
    },
  );

  app.post(
    '/admin/complaints/:id/decision',
    {
      config: { access: 'moderator' as const },
      schema: {
        tags,
        summary:
          'Decide a complaint (admin): "removed" takes the named items down, "no_action" restores what the complaint hid; the reporter gets the reply by mail',
        params: idParamsSchema,
        body: complaintDecisionBodySchema,
        response: { 200: complaintSchema },
      },
    },
    async (req) => {
      if (!isUuid(req.params.id)) throw notFound('Complaint');
      return decideComplaint(app.ctx, staffActor(req), req.params.id, req.body.decision, req.body.reply);
    },
  );
}
