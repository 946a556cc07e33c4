import { feeds } from '../../db/schema';
import { excerpt, type ModerationSource, str } from '../../lib/moderation';

/** How a feed post reads in the admin moderation console. */
export const feedModeration: ModerationSource = {
  table: feeds,
  creatorCol: feeds.performerId,
  textCol: feeds.text,
  target: (r) => ({
    title: excerpt(str(r.text) || `${str(r.type)} post`, 80),
    text: str(r.text),
    creatorId: str(r.performerId),
    link: `/post/${r.id}`,
    visibility: str(r.visibility),
    status: str(r.status),
  }),
};
