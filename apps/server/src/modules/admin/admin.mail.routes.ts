import {
  type AdminMail,
  adminMailQuerySchema,
  adminMailSchema,
  idParamsSchema,
  listResponseSchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import { notFound } from '../../lib/errors';
import { adminActor } from './admin.common';
import { findMail, type MailRow, searchMail } from './admin.mail.repo';

const tags = ['admin'];

const present = (m: MailRow): AdminMail => ({
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
        summary: 'Admin: outgoing mail, newest first (search by recipient or subject)',
        querystring: adminMailQuerySchema,
        response: { 200: listResponseSchema(adminMailSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const { rows, total } = await searchMail(app.ctx.db, req.query);
      return { data: rows.map(present), total };
    },
  );

  app.get(
    '/admin/mail/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: one outgoing mail',
        params: idParamsSchema,
        response: { 200: adminMailSchema },
      },
    },
    async (req) => {
      adminActor(req);
      const row = await findMail(app.ctx.db, req.params.id);
      if (!row) throw notFound('Mail');
      return present(row);
    },
  );
}
