import { chargebackSummaryQuerySchema, chargebackSummarySchema, fromCents } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../../app-type';
import { chargebackAlerts, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import {
  clearChargebackHold,
  creatorRatios,
  gatewayRatios,
  heldAccounts,
  monthOf,
  previousMonth,
} from '../payments/chargebacks';
import { adminActor, adminPreHandler, inAdminTx, security } from './admin.common';

const tags = ['admin'];

export default async function adminChargebacksRoutes(app: App) {
  const ctx = app.ctx;

  async function rows(month: string) {
    const ratios = await gatewayRatios(ctx.db, month);
    const alerts = await ctx.db
      .select({ gateway: chargebackAlerts.gateway })
      .from(chargebackAlerts)
      .where(eq(chargebackAlerts.month, month));
    return [...ratios]
      .map(([gateway, r]) => ({ gateway, ...r, alerted: alerts.some((a) => a.gateway === gateway) }))
      .sort((a, b) => a.gateway.localeCompare(b.gateway));
  }

  app.get(
    '/admin/chargebacks',
    {
      preHandler: adminPreHandler,
      schema: {
        tags,
        security,
        summary:
          'Admin: chargeback ratio per processor (this month and the previous), the creators drawing most chargebacks, the accounts on hold, the alert threshold and fees',
        querystring: chargebackSummaryQuerySchema,
        response: { 200: chargebackSummarySchema },
      },
    },
    async (req) => {
      adminActor(req);
      const month = req.query.month ?? monthOf(ctx.now());
      const s = await ctx.settings.all();
      const previous = previousMonth(month);
      return {
        month,
        previousMonth: previous,
        thresholdPercent: s.chargebackAlertPercent,
        fees: Object.fromEntries(Object.entries(s.chargebackFeeCents).map(([g, c]) => [g, fromCents(c ?? 0)])),
        gateways: await rows(month),
        previous: await rows(previous),
        creators: await creatorRatios(ctx.db, month),
        held: await heldAccounts(ctx.db),
      };
    },
  );

  app.delete(
    '/admin/users/:id/chargeback-hold',
    {
      preHandler: adminPreHandler,
      schema: {
        tags,
        security,
        summary: 'Admin: clear the hold a chargeback put on an account (purchases allowed again); audit-logged',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: z.object({ cleared: z.boolean() }) },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      const [u] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, req.params.id)));
      if (!u) throw notFound('User');
      return inAdminTx(ctx, actor, async (_txCtx, tx, record) => {
        const out = await clearChargebackHold(tx, req.params.id);
        if (out.cleared)
          await record({ action: 'user.chargeback_hold_cleared', targetType: 'user', targetId: req.params.id });
        return out;
      });
    },
  );
}
