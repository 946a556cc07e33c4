import type { App } from '../../app-type';
import { KINDS } from '../content/content.kinds';
import { registerKindRoutes } from '../content/content.routes';
import { mediaIdsOfGallery } from '../photos/photos.repo';

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
