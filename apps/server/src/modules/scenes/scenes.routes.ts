import { contentCategoryListSchema, contentSitemapSchema, listQuerySchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { KINDS, registerKindRoutes } from '../content';
import { searchCategories, sitemap } from './scenes.service';

/**
 * Scenes and scenarios share one shape (spec §7: "same shape"): bought or
 * rented for the creator's period, filed under categories. One module, two kinds.
 */
export default async function sceneRoutes(app: App) {
  for (const kind of [KINDS.scene, KINDS.scenario]) {
    const own = `/performer/${kind.type}`;
    const tag = `${kind.type}s`;
    registerKindRoutes(app, {
      kind,
      tag,
      own: {
        search: own,
        create: own,
        view: [`${own}/:id`],
        update: `${own}/:id`,
        remove: `${own}/:id`,
        removeFile: `${own}/remove-file/:id`,
        uploads: { video: `${own}/video/upload`, teaser: `${own}/teaser/upload`, thumbnail: `${own}/thumbnail/upload` },
      },
      public: { search: `/user/${kind.type}/search`, get: `/user/${kind.type}/:id` },
    });

    app.get(
      `/user/${kind.type}/sitemaps`,
      {
        schema: {
          tags: [tag],
          summary: `Every published ${kind.type} for search-engine sitemaps (id, slug, title, last change)`,
          querystring: z.object({
            page: z.coerce.number().int().min(1).default(1),
            pageSize: z.coerce.number().int().min(1).max(5000).default(1000),
          }),
          response: { 200: contentSitemapSchema },
        },
      },
      async (req) => sitemap(app.ctx, kind.type, req.query.page, req.query.pageSize),
    );
  }

  app.get(
    '/scenario/category/search',
    {
      schema: {
        tags: ['scenarios'],
        summary: 'Categories of scenes and scenarios',
        querystring: listQuerySchema.pick({ page: true, pageSize: true, q: true }),
        response: { 200: contentCategoryListSchema },
      },
    },
    async (req) => searchCategories(app.ctx, req.query),
  );
}
