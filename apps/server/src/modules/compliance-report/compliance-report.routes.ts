import { complianceReportQuerySchema, complianceReportSchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { sendCsv } from '../../lib/csv-reply';
import { adminActor } from '../admin';
import { complianceReport, complianceReportCsv } from './compliance-report.service';

/** The monthly acquirer report (admin): JSON for the page, CSV for the acquirer. */
export default async function complianceReportRoutes(app: App) {
  app.get(
    '/admin/compliance/report',
    {
      config: { access: 'admin' as const },
      schema: {
        tags: ['admin'],
        summary:
          'Monthly compliance report for the acquirer (admin): review, complaints, removals, hash matches, NCMEC reports, leak cases, chargeback ratio per processor; ?format=csv downloads it',
        querystring: complianceReportQuerySchema,
        response: { 200: z.union([complianceReportSchema, z.string()]) },
      },
    },
    async (req, reply) => {
      adminActor(req);
      const month = req.query.month ?? app.ctx.now().toISOString().slice(0, 7);
      const report = await complianceReport(app.ctx, month);
      if (req.query.format === 'csv') return sendCsv(reply, `compliance-${month}.csv`, complianceReportCsv(report));
      return report;
    },
  );
}
