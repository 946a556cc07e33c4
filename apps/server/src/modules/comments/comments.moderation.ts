import { comments } from '../../db/schema';
import { excerpt, type ModerationSource, str } from '../../lib/moderation';

/** How a comment reads in the admin moderation console. */
export const commentModeration: ModerationSource = {
  table: comments,
  creatorCol: comments.userId,
  textCol: comments.text,
  target: (r) => ({
    title: excerpt(str(r.text), 80),
    text: str(r.text),
    // the comment's author is the one told
    creatorId: str(r.userId),
    link: r.objectType === 'feed' ? `/post/${r.objectId}` : null,
    visibility: null,
    status: 'active',
  }),
};
