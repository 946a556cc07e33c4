import { decisionSchema, listQuerySchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rate-limit';
import { decisionFromLink, decisionLinkParams } from './decisions.link';
import { appealsOf } from './decisions.repo';
import { myDecisions, presentDecision } from './decisions.service';

const tags = ['decisions'];

export default async function decisionsRoutes(app: App) {
  app.get(
    '/decision-links/:token',
    {
      // Public: the signed link of the statement mail is the credential (a suspended account cannot sign in).
      config: { rateLimit: authRateLimit(app) },
      schema: {
        tags,
        summary:
          'Anyone holding the signed link of a statement-of-reasons mail: the statement and whether it can still be appealed (404 forged, 410 after six months)',
        params: decisionLinkParams,
        response: { 200: decisionSchema },
      },
    },
    async (req) => {
      const d = await decisionFromLink(app.ctx, req.params.token);
      const [appeal] = await appealsOf(app.ctx.db, [d.id]);
      return presentDecision(d, appeal ?? null, app.ctx.now());
    },
  );

  app.get(
    '/decisions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Decisions about my account and content: each restriction with its statement of reasons (facts, ground, automated or not) and how to appeal (EU DSA Art. 17)',
        querystring: listQuerySchema.pick({ page: true, pageSize: true }),
        response: { 200: z.object({ data: z.array(decisionSchema), more: z.boolean() }) },
      },
    },
    async (req) => myDecisions(app.ctx, userOf(req).id, req.query.page, req.query.pageSize),
  );
}
