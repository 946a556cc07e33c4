import { adminGatewaysSchema, connectionTestSchema, gatewayNameSchema, paymentSchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { notFound } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { failoverFor, failoverPayment } from './failover';
import { adminGateways, testGateway } from './gateways.admin';
import { canSeePayment } from './payments.policy';
import { findPayment } from './payments.repo';
import { presentPayment } from './payments.service';

const idParams = z.object({ id: z.string().uuid() });

/**
 * The fan's result page and failover, and the console's gateway section (docs/payments.md,
 * "Gateways in the console", "Failover"). The order and purposes themselves are site settings
 * (`paymentGateways`, PUT /admin/settings).
 */
export default async function gatewaysRoutes(app: App) {
  const ctx = app.ctx;

  app.get(
    '/payment/transactions/:id/result',
    {
      schema: {
        tags: ['payments'],
        summary:
          'One of my payments as the result page shows it: its state and, after a soft decline or a checkout that did not open, the next processor to try (nextGateway)',
        params: idParams,
        response: { 200: paymentSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const p = await findPayment(ctx.db, req.params.id);
      if (!p || !canSeePayment(user, p)) throw notFound('Payment');
      return { ...presentPayment(p), nextGateway: failoverFor(ctx, await ctx.settings.all(), p) };
    },
  );

  app.post(
    '/payment/transactions/:id/failover',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Failover: the same purchase as a fresh payment at another processor offered for its purpose; answers it with its checkout URL',
        params: idParams,
        body: z.object({ gateway: gatewayNameSchema }),
        response: { 200: paymentSchema },
      },
    },
    async (req) => presentPayment(await failoverPayment(ctx, userOf(req).id, req.params.id, req.body.gateway)),
  );

  app.get(
    '/admin/payments/gateways',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'payments'],
        summary:
          'Admin: each gateway, whether it is configured (what is missing), its place and purposes in the site list, and approval rates per processor and month',
        response: { 200: adminGatewaysSchema },
      },
    },
    async (req) => {
      userOf(req);
      return adminGateways(ctx);
    },
  );

  app.post(
    '/admin/payments/gateways/:gateway/test',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin', 'payments'],
        summary:
          "Admin: test a gateway's connection (a harmless call where the processor offers one, else a local check of the settings); never moves money",
        params: z.object({ gateway: gatewayNameSchema }),
        response: { 200: connectionTestSchema },
      },
    },
    async (req) => {
      userOf(req);
      return testGateway(ctx, req.params.gateway);
    },
  );
}
