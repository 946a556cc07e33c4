import {
  earningSchema,
  earningSearchQuerySchema,
  earningStatsQuerySchema,
  earningStatsSchema,
  listResponseSchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { earningStats, searchEarnings } from './earnings.service';

export default async function earningsRoutes(app: App) {
  const ctx = app.ctx;
  app.get(
    '/performer/earning/stats',
    {
      config: { access: 'performer' },
      schema: {
        tags: ['earnings'],
        summary:
          "The creator's earnings: totals, by source and by day (gross, commission, net), paid out, pending and available",
        querystring: earningStatsQuerySchema,
        response: { 200: earningStatsSchema },
      },
    },
    async (req) => earningStats(ctx, userOf(req).id, req.query),
  );
  app.get(
    '/performer/earning/search',
    {
      config: { access: 'performer' },
      schema: {
        tags: ['earnings'],
        summary: "The creator's individual earnings, filterable by source and dates",
        querystring: earningSearchQuerySchema,
        response: { 200: listResponseSchema(earningSchema) },
      },
    },
    async (req) => searchEarnings(ctx, userOf(req).id, req.query),
  );
}
