import {
  adminAppealQuerySchema,
  adminAppealSchema,
  appealBodySchema,
  appealDecisionBodySchema,
  decisionSchema,
  listResponseSchema,
  uuidParamsSchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { adminActor } from '../admin';
import { appealQueue, decideAppeal, fileAppeal } from './appeals.service';

const tags = ['appeals'];

export default async function appealsRoutes(app: App) {
  app.post(
    '/decisions/:id/appeal',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Appeal a decision about my account or content, within six months (EU DSA Art. 20); another moderator decides',
        params: uuidParamsSchema,
        body: appealBodySchema,
        response: { 201: decisionSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await fileAppeal(app.ctx, userOf(req).id, req.params.id, req.body.text)),
  );

  app.get(
    '/admin/appeals',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: appeals against moderation decisions (open ones oldest first)',
        querystring: adminAppealQuerySchema,
        response: { 200: listResponseSchema(adminAppealSchema) },
      },
    },
    async (req) => appealQueue(app.ctx, req.query),
  );

  app.post(
    '/admin/appeals/:id/decide',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Admin: uphold or reverse an appealed decision; not the admin who took it (403 APPEAL_SAME_MODERATOR). A reversal restores the content, lifts the suspension or the hold',
        params: uuidParamsSchema,
        body: appealDecisionBodySchema,
        response: { 200: adminAppealSchema },
      },
    },
    async (req) => decideAppeal(app.ctx, adminActor(req), req.params.id, req.body.outcome, req.body.reply),
  );
}
