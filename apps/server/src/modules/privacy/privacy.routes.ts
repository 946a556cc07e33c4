import { adminPrivacyBodySchema, dataExportSchema, eraseAccountBodySchema, eraseResultSchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import * as privacy from './privacy.service';

const tags = ['privacy'];
const idParams = z.object({ id: z.string().uuid() });
const exportList = z.object({ data: z.array(dataExportSchema) });

export default async function privacyRoutes(app: App) {
  const ctx = app.ctx;

  app.post(
    '/privacy/exports',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Prepares a ZIP of all my data (a background job); the link works for 7 days',
        response: { 200: dataExportSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      return privacy.presentExport(ctx, await privacy.requestExport(ctx, user.id, { actorId: user.id }));
    },
  );
  app.get(
    '/privacy/exports',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My data exports with their progress and links',
        response: { 200: exportList },
      },
    },
    async (req) => ({
      data: (await privacy.exportsFor(ctx, userOf(req).id)).map((r) => privacy.presentExport(ctx, r)),
    }),
  );
  app.get(
    '/privacy/exports/:id/download',
    {
      schema: {
        tags,
        summary: 'Downloads an export through its signed link (no session needed; 410 once expired)',
        params: idParams,
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().max(200) }),
      },
    },
    async (req, reply) => {
      const file = await privacy.openDownload(ctx, req.params.id, req.query);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="${file.name}"`);
      reply.header('cache-control', 'private, no-store');
      if (file.size) reply.header('content-length', String(file.size));
      return reply.send(file.stream);
    },
  );
  app.post(
    '/privacy/erase',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Deletes my account and personal data for good, after re-entering my password',
        body: eraseAccountBodySchema,
        response: { 200: eraseResultSchema },
      },
    },
    async (req) => {
      const result = await privacy.eraseSelf(ctx, userOf(req).id, req.body.password, req.ip ?? null);
      return { success: true, ...result };
    },
  );

  // Admins, for a user (audited).
  const admin = { config: { access: 'admin' as const } };
  app.post(
    '/admin/users/:id/data-export',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Admin: prepares a ZIP of a user's data (audited)",
        params: idParams,
        body: adminPrivacyBodySchema,
        response: { 200: dataExportSchema },
      },
    },
    async (req) =>
      privacy.presentExport(
        ctx,
        await privacy.exportByAdmin(ctx, userOf(req).id, req.params.id, req.body.reason, req.ip ?? null),
      ),
  );
  app.get(
    '/admin/users/:id/data-exports',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Admin: a user's data exports and their links",
        params: idParams,
        response: { 200: exportList },
      },
    },
    async (req) => ({
      data: (await privacy.exportsFor(ctx, req.params.id)).map((r) => privacy.presentExport(ctx, r)),
    }),
  );
  app.post(
    '/admin/users/:id/erase',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: "Admin: erases a user's account and personal data (audited; the ledger keeps anonymised rows)",
        params: idParams,
        body: adminPrivacyBodySchema,
        response: { 200: eraseResultSchema },
      },
    },
    async (req) => {
      const result = await privacy.eraseByAdmin(ctx, userOf(req).id, req.params.id, req.body.reason, req.ip ?? null);
      return { success: true, ...result };
    },
  );
}
