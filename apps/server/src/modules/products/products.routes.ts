import { downloadLinkSchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { KINDS, registerKindRoutes } from '../content';
import { downloadLink } from './products.service';

/** Products: physical (stock, shipping fee) or digital (a file for buyers) (spec §7 Products). */
export default async function productRoutes(app: App) {
  const own = '/performer/performer-assets/products';
  registerKindRoutes(app, {
    kind: KINDS.product,
    tag: 'products',
    own: {
      search: `${own}/search`,
      create: own,
      view: [`${own}/:id/view`],
      update: `${own}/:id`,
      remove: `${own}/:id`,
      removeFile: `${own}/remove-file/:id`,
    },
    public: { search: '/performer-assets/products/search', get: '/performer-assets/products/:id' },
  });

  app.get(
    '/performer-assets/products/:id/download-link',
    {
      config: { access: 'user' },
      schema: {
        tags: ['products'],
        summary: "A signed, short-lived link to a digital product's file, for its buyers (and its creator)",
        params: z.object({ id: z.string().uuid() }),
        response: { 200: downloadLinkSchema },
      },
    },
    async (req) => downloadLink(app.ctx, userOf(req), req.params.id),
  );
}
