import type { App } from '../../app-type';
import { KINDS, registerKindRoutes } from '../content';

/** Videos: the sellable core with a video, a teaser and a thumbnail (spec §7 Videos). */
export default async function videoRoutes(app: App) {
  const own = '/performer/performer-assets/videos';
  registerKindRoutes(app, {
    kind: KINDS.video,
    tag: 'videos',
    own: {
      search: `${own}/search`,
      create: `${own}/upload`,
      view: [`${own}/:id/view`],
      update: `${own}/edit/:id`,
      remove: `${own}/:id`,
      removeFile: `${own}/remove-file/:id`,
    },
    public: {
      search: '/performer-assets/videos/search',
      get: '/performer-assets/videos/:id',
      fileStatus: '/performer-assets/videos/:id/file/:fileId/status',
    },
  });
}
