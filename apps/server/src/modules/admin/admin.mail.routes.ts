import {
  type AdminMail,
  adminMailQuerySchema,
  adminMailSchema,
  idParamsSchema,
  listResponseSchema,
} from '@marquee/shared';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { App } from '../../app-type';
import { isUuid } from '../../db/ids';
import { mailOutbox } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { adminActor, security } from './admin.common';

const tags = ['admin'];

const present = (m: typeof mailOutbox.$inferSelect): AdminMail => ({
  _id: m.id,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  template: m.template,
  status: m.status,
  error: m.error,
  createdAt: m.createdAt.toISOString(),
  sentAt: m.sentAt?.toISOString() ?? null,
});

/**
 * The mail outbox (lib/mail.ts writes every outgoing mail there): without SMTP
 * this is where verification and recovery links are read on a fresh install.
 */
export default async function adminMailRoutes(app: App) {
  app.get(
    '/admin/mail',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Admin: outgoing mail, newest first (search by recipient or subject)',
        querystring: adminMailQuerySchema,
        response: { 200: listResponseSchema(adminMailSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const q = req.query;
      const conds: SQL[] = [];
      if (q.status) conds.push(eq(mailOutbox.status, q.status));
      if (q.q) {
        const like = `%${q.q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
        conds.push(or(ilike(mailOutbox.to, like), ilike(mailOutbox.subject, like))!);
      }
      const where = conds.length ? and(...conds) : undefined;
      const db = app.ctx.db;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(mailOutbox)
          .where(where)
          .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ total: count() }).from(mailOutbox).where(where),
      ]);
      return { data: rows.map(present), total: Number(total) };
    },
  );

  app.get(
    '/admin/mail/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Admin: one outgoing mail',
        params: idParamsSchema,
        response: { 200: adminMailSchema },
      },
    },
    async (req) => {
      adminActor(req);
      const [row] = isUuid(req.params.id)
        ? await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, req.params.id)).limit(1)
        : [];
      if (!row) throw notFound('Mail');
      return present(row);
    },
  );
}
