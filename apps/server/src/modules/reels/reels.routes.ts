import type { App } from '../../app-type';
import { KINDS, registerKindRoutes } from '../content';

/**
 * Reels: short vertical videos (spec §7 Reels). The fan feed plays them one
 * after another; `GET …/reels/{slug}` opens one by its slug (or id).
 */
export default async function reelRoutes(app: App) {
  const own = '/performer-assets/performer/reels';
  registerKindRoutes(app, {
    kind: KINDS.reel,
    tag: 'reels',
    own: {
      search: `${own}/search`,
      create: `${own}/upload`,
      view: [`${own}/:id/view`],
      update: `${own}/edit/:id`,
      remove: `${own}/:id`,
      removeFile: `${own}/remove-file/:id`,
    },
    public: { search: '/performer-assets/user/reels/search', get: `${own}/:id` },
  });
}
