import {
  type AdminPromo,
  adminPromoSchema,
  cmsPostBodySchema,
  cmsPostPatchSchema,
  cmsPostSchema,
  cmsPostSearchQuerySchema,
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  okSchema,
  promoBodySchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import {
  createPost,
  createPromo,
  editPost,
  editPromo,
  getPost,
  listAllPromos,
  listPosts,
  removePost,
  removePromo,
  type SitePromoRow,
} from '../cms';
import { adminActor, inAdminTx } from './admin.common';

const tags = ['admin'];
const base = { config: { access: 'admin' as const } };

const presentPromo = (r: SitePromoRow): AdminPromo => ({
  _id: r.id,
  title: r.title,
  description: r.description,
  imageUrl: r.imageUrl,
  linkUrl: r.linkUrl,
  placement: r.placement,
  status: r.status,
  ordering: r.ordering,
  startAt: r.startAt?.toISOString() ?? null,
  endAt: r.endAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

export default async function adminPagesRoutes(app: App) {
  app.get(
    '/admin/pages',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: every CMS page, drafts included',
        querystring: cmsPostSearchQuerySchema,
        response: { 200: listResponseSchema(cmsPostSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      return listPosts(app.ctx, req.query, true);
    },
  );

  app.post(
    '/admin/pages',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: create a CMS page (HTML sanitized; unique slug)',
        body: cmsPostBodySchema,
        response: { 200: cmsPostSchema },
      },
    },
    async (req) =>
      inAdminTx(app.ctx, adminActor(req), async (txCtx, _tx, record) => {
        const page = await createPost(txCtx, req.body);
        await record({
          action: 'page.create',
          targetType: 'page',
          targetId: page._id,
          after: { slug: page.slug, title: page.title, status: page.status },
        });
        return page;
      }),
  );

  app.put(
    '/admin/pages/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: edit a CMS page by id or slug (only the fields sent change)',
        params: idParamsSchema,
        body: cmsPostPatchSchema,
        response: { 200: cmsPostSchema },
      },
    },
    async (req) =>
      inAdminTx(app.ctx, adminActor(req), async (txCtx, _tx, record) => {
        const before = await getPost(txCtx, req.params.id, true);
        const page = await editPost(txCtx, req.params.id, req.body);
        const keys = Object.keys(req.body) as Array<keyof typeof before>;
        await record({
          action: 'page.update',
          targetType: 'page',
          targetId: page._id,
          before: Object.fromEntries(keys.map((k) => [k, before[k]])),
          after: Object.fromEntries(keys.map((k) => [k, page[k]])),
        });
        return page;
      }),
  );

  app.delete(
    '/admin/pages/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: delete a CMS page',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (req) =>
      inAdminTx(app.ctx, adminActor(req), async (txCtx, _tx, record) => {
        const row = await removePost(txCtx, req.params.id);
        await record({
          action: 'page.delete',
          targetType: 'page',
          targetId: row.id,
          before: { slug: row.slug, title: row.title },
        });
        return { success: true };
      }),
  );

  app.get(
    '/admin/promos',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: every site promo banner, whatever its status or dates',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(adminPromoSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const { rows, total } = await listAllPromos(app.ctx, req.query);
      return { data: rows.map(presentPromo), total };
    },
  );

  app.post(
    '/admin/promos',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: create a promo banner (placement, dates, link, image)',
        body: promoBodySchema,
        response: { 200: adminPromoSchema },
      },
    },
    async (req) =>
      inAdminTx(app.ctx, adminActor(req), async (txCtx, _tx, record) => {
        const row = await createPromo(txCtx, req.body);
        await record({ action: 'promo.create', targetType: 'promo', targetId: row.id, after: presentPromo(row) });
        return presentPromo(row);
      }),
  );

  app.put(
    '/admin/promos/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: edit a promo banner (only the fields sent change)',
        params: idParamsSchema,
        body: promoBodySchema.partial(),
        response: { 200: adminPromoSchema },
      },
    },
    async (req) =>
      inAdminTx(app.ctx, adminActor(req), async (txCtx, _tx, record) => {
        const { before, after } = await editPromo(txCtx, req.params.id, req.body);
        await record({
          action: 'promo.update',
          targetType: 'promo',
          targetId: after.id,
          before: presentPromo(before),
          after: presentPromo(after),
        });
        return presentPromo(after);
      }),
  );

  app.delete(
    '/admin/promos/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: delete a promo banner',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (req) =>
      inAdminTx(app.ctx, adminActor(req), async (txCtx, _tx, record) => {
        const row = await removePromo(txCtx, req.params.id);
        await record({ action: 'promo.delete', targetType: 'promo', targetId: row.id, before: presentPromo(row) });
        return { success: true };
      }),
  );
}
