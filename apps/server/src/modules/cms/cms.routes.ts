import {
  cmsPostBodySchema,
  cmsPostPatchSchema,
  cmsPostSchema,
  cmsPostSearchQuerySchema,
  idParamsSchema,
  sitemapListSchema,
  sitePromoSchema,
  sitePromoSearchQuerySchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { isAdmin } from '../../plugins/auth';
import { createPost, editPost, ensureDefaultPages, getPost, listPosts, postSitemap, searchPromos } from './cms.service';

const tags = ['cms'];

export default async function cmsRoutes(app: App) {
  // The default pages exist from the first start, demo data or not.
  app.addHook('onReady', async () => {
    await ensureDefaultPages(app.ctx).catch((err) => app.log.warn({ err }, 'could not create the default CMS pages'));
  });

  app.get(
    '/posts/search',
    {
      schema: {
        tags,
        summary: 'CMS pages (published ones; admins also see drafts)',
        querystring: cmsPostSearchQuerySchema,
        response: { 200: z.object({ data: z.array(cmsPostSchema), total: z.number().int() }) },
      },
    },
    async (req) => listPosts(app.ctx, req.query, isAdmin(req.user)),
  );

  app.get(
    '/posts/sitemaps',
    {
      schema: { tags, summary: 'Paths of the published CMS pages for sitemaps', response: { 200: sitemapListSchema } },
    },
    async () => postSitemap(app.ctx),
  );

  app.get(
    '/posts/:id',
    {
      schema: {
        tags,
        summary: 'A CMS page by id or slug, with sanitized HTML content',
        params: idParamsSchema,
        response: { 200: cmsPostSchema },
      },
    },
    async (req) => getPost(app.ctx, req.params.id, isAdmin(req.user)),
  );

  app.post(
    '/posts',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Create a CMS page (admin); HTML is sanitized',
        body: cmsPostBodySchema,
        response: { 201: cmsPostSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await createPost(app.ctx, req.body)),
  );

  app.put(
    '/posts/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Edit a CMS page by id or slug (admin); HTML is sanitized',
        params: idParamsSchema,
        body: cmsPostPatchSchema,
        response: { 200: cmsPostSchema },
      },
    },
    async (req) => editPost(app.ctx, req.params.id, req.body),
  );

  app.get(
    '/site-promo/search',
    {
      schema: {
        tags,
        summary: 'Promotional banners running now, by placement',
        querystring: sitePromoSearchQuerySchema,
        response: { 200: z.object({ data: z.array(sitePromoSchema), total: z.number().int() }) },
      },
    },
    async (req) => searchPromos(app.ctx, req.query),
  );
}
