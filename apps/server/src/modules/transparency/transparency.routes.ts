import { transparencyQuerySchema, transparencySchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { sendCsv } from '../../lib/csv-reply';
import { transparencyCsv, transparencyFigures } from './transparency.service';

const tags = ['transparency'];

/** Public transparency figures per half-year (EU DSA Art. 15, 24): the page's JSON, and the export. */
export default async function transparencyRoutes(app: App) {
  app.get(
    '/transparency',
    {
      schema: {
        tags,
        summary:
          'Transparency figures for a half-year (public): notices by type, actions by ground, median time to decision, appeals and reversals, age-assurance checks; ?format=csv downloads them',
        querystring: transparencyQuerySchema,
        response: { 200: z.union([transparencySchema, z.string()]) },
      },
    },
    async (req, reply) => {
      const figures = await transparencyFigures(app.ctx, req.query.period);
      if (req.query.format === 'csv')
        return sendCsv(reply, `transparency-${figures.period}.csv`, transparencyCsv(figures));
      if (req.query.format === 'json')
        reply.header('content-disposition', `attachment; filename="transparency-${figures.period}.json"`);
      return figures;
    },
  );
}
