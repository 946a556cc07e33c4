import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { App } from '../../app';
import { AppError } from '../../lib/errors';

export default async function healthRoutes(app: App) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database readiness: 200 once migrations ran',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      try {
        await app.ctx.db.execute(sql`select 1 from settings limit 1`);
      } catch {
        throw new AppError(503, 'Database not ready', 'NOT_READY');
      }
      return { status: 'ok' as const, database: app.ctx.database.kind };
    },
  );
}
