import { stories } from '../../db/schema';
import { excerpt, type ModerationSource, str } from '../../lib/moderation';

/** How a story reads in the admin moderation console. */
export const storyModeration: ModerationSource = {
  table: stories,
  creatorCol: stories.performerId,
  textCol: stories.text,
  target: (r) => ({
    title: excerpt(str(r.text) || 'Story', 80),
    text: str(r.text),
    creatorId: str(r.performerId),
    link: null,
    visibility: str(r.visibility),
    status: r.expiredAt ? 'expired' : 'active',
  }),
};
