import { dashboardQuerySchema, dashboardSchema } from '@marquee/shared';
import type { App } from '../../app-type';
import { adminActor } from './admin.common';
import { dashboard } from './admin.dashboard.repo';

export default async function adminDashboardRoutes(app: App) {
  app.get(
    '/admin/dashboard',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Admin: sign-ups, active creators and subscriptions, revenue (gross, commission, net) by day, open reports, pending verifications, failed jobs',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardSchema },
      },
    },
    async (req) => {
      adminActor(req);
      return dashboard(app.ctx, req.query.days);
    },
  );
}
