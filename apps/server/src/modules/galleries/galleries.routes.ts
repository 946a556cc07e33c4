import type { App } from '../../app-type';
import { KINDS, registerKindRoutes } from '../content';
import { mediaIdsOfGallery } from '../photos';

/** Galleries: free, for subscribers, or sold as a whole; photos live in modules/photos (spec §7 Galleries). */
export default async function galleryRoutes(app: App) {
  const own = '/performer/performer-assets/galleries';
  registerKindRoutes(app, {
    kind: KINDS.gallery,
    tag: 'galleries',
    own: {
      search: `${own}/search`,
      create: own,
      view: [`${own}/:id/view`],
      update: `${own}/:id`,
      remove: `${own}/:id`,
    },
    public: { search: '/performer-assets/galleries/search', get: '/performer-assets/galleries/:id' },
    childMedia: (ctx, id) => mediaIdsOfGallery(ctx.db, id),
  });
}
