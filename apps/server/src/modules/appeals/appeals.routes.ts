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
import { authRateLimit } from '../../plugins/rate-limit';
import { adminActor, staffActor } from '../admin';
import { decisionFromLink, decisionLinkParams } from '../decisions';
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

  app.post(
    '/decision-links/:token/appeal',
    {
      // Public: the signed link of the statement mail is the credential, so a suspended account can appeal.
      config: { rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary:
          'Appeal through the signed link of a statement-of-reasons mail, without signing in (a suspended account cannot): as POST /decisions/{id}/appeal for the affected account',
        params: decisionLinkParams,
        body: appealBodySchema,
        response: { 201: decisionSchema },
      },
    },
    async (req, reply) => {
      const d = await decisionFromLink(app.ctx, req.params.token);
      return reply.status(201).send(await fileAppeal(app.ctx, d.userId!, d.id, req.body.text));
    },
  );

  app.get(
    '/admin/appeals',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary: 'Staff (moderators and admins): appeals against moderation decisions (open ones oldest first)',
        querystring: adminAppealQuerySchema,
        response: { 200: listResponseSchema(adminAppealSchema) },
      },
    },
    async (req) => appealQueue(app.ctx, req.query),
  );

  app.post(
    '/admin/appeals/:id/decide',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary:
          'Staff (moderators and admins): uphold or reverse an appealed decision; not the person who took it (403 APPEAL_SAME_MODERATOR). A reversal restores the content, lifts the suspension or the hold; a moderator cannot reverse the suspension of a staff account (403)',
        params: uuidParamsSchema,
        body: appealDecisionBodySchema,
        response: { 200: adminAppealSchema },
      },
    },
    async (req) => decideAppeal(app.ctx, staffActor(req), req.params.id, req.body.outcome, req.body.reply),
  );
}
