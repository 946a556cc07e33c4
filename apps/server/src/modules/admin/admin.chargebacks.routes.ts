import { chargebackSummaryQuerySchema, chargebackSummarySchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { notFound } from '../../lib/errors';
import { accountExists, chargebackSummary, clearChargebackHold, monthOf } from '../payments';
import { adminActor, inAdminTx } from './admin.common';

const tags = ['admin'];

export default async function adminChargebacksRoutes(app: App) {
  const ctx = app.ctx;
  app.get(
    '/admin/chargebacks',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary:
          'Admin: chargeback ratio per processor (this month and the previous), the creators drawing most chargebacks, the accounts on hold, the alert threshold and fees',
        querystring: chargebackSummaryQuerySchema,
        response: { 200: chargebackSummarySchema },
      },
    },
    async (req) => {
      adminActor(req);
      return chargebackSummary(ctx, req.query.month ?? monthOf(ctx.now()));
    },
  );

  app.delete(
    '/admin/users/:id/chargeback-hold',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary: 'Admin: clear the hold a chargeback put on an account (purchases allowed again); audit-logged',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: z.object({ cleared: z.boolean() }) },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      if (!(await accountExists(ctx.db, req.params.id))) throw notFound('User');
      return inAdminTx(ctx, actor, async (_txCtx, tx, record) => {
        const out = await clearChargebackHold(app.ctx, tx, req.params.id);
        if (out.cleared)
          await record({ action: 'user.chargeback_hold_cleared', targetType: 'user', targetId: req.params.id });
        return out;
      });
    },
  );
}
