import { contentPhotos } from '../../db/schema';
import { type ModerationSource, str } from '../../lib/moderation';

/** How a gallery photo reads in the admin moderation console. */
export const photoModeration: ModerationSource = {
  table: contentPhotos,
  creatorCol: contentPhotos.creatorId,
  textCol: contentPhotos.title,
  target: (r) => ({
    title: str(r.title) || 'Gallery photo',
    text: str(r.description),
    creatorId: str(r.creatorId),
    link: null,
    visibility: null,
    status: str(r.status),
  }),
};
