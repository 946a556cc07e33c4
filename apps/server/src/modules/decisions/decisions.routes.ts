import { decisionSchema, listQuerySchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { myDecisions } from './decisions.service';

const tags = ['decisions'];

export default async function decisionsRoutes(app: App) {
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
