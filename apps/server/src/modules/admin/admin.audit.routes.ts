import { auditEntrySchema, auditQuerySchema, listResponseSchema } from '@marquee/shared';
import type { App } from '../../app-type';
import { searchAudit } from '../audit';
import { userSummaries } from '../users';
import { adminActor } from './admin.common';

export default async function adminAuditRoutes(app: App) {
  app.get(
    '/admin/audit',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Admin: the audit log of every admin action (who, when, what, before and after), newest first',
        querystring: auditQuerySchema,
        response: { 200: listResponseSchema(auditEntrySchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const { rows, total } = await searchAudit(app.ctx.db, req.query);
      const actorIds = [...new Set(rows.map((r) => r.actorId).filter((x): x is string => !!x))];
      const byId = await userSummaries(app.ctx.db, actorIds);
      return {
        data: rows.map((r) => {
          const a = r.actorId ? byId.get(r.actorId) : undefined;
          return {
            _id: r.id,
            actor: a ? { _id: a.id, username: a.username } : null,
            action: r.action,
            targetType: r.targetType,
            targetId: r.targetId,
            before: r.before,
            after: r.after,
            reason: r.reason,
            ip: r.ip,
            createdAt: r.createdAt.toISOString(),
          };
        }),
        total: Number(total),
      };
    },
  );
}
