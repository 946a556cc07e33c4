import { eq } from 'drizzle-orm';
import { contentItems } from '../../db/schema';
import { excerpt, type ModerationSource, str } from '../../lib/moderation';

/** How a catalogue item of one type reads in the admin moderation console. */
export const contentModeration = (
  type: 'video' | 'gallery' | 'product' | 'reel' | 'scene' | 'scenario',
): ModerationSource => ({
  table: contentItems,
  creatorCol: contentItems.creatorId,
  textCol: contentItems.title,
  where: eq(contentItems.type, type),
  target: (r) => ({
    title: str(r.title),
    text: excerpt(str(r.description), 400),
    creatorId: str(r.creatorId),
    link: `/${type}/${str(r.slug)}`,
    visibility: str(r.visibility),
    status: str(r.status),
  }),
});
