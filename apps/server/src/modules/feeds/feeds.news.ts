import type { Ctx } from '../../context';
import { msg } from '../../lib/i18n';
import { notify } from '../notifications';
import { audienceOf } from './feeds.deps';
import { findVisibleFeedWithAuthor } from './feeds.repo';

/** How much of a free post's text a notification shows. */
const PREVIEW_CHARS = 140;

/**
 * The `new_post` notification (and Web Push under "posts") to the creator's followers and
 * subscribers, in each reader's language. Only a free post's text is previewed: a post for
 * subscribers or for sale says only that it exists. Nothing when the post is gone or hidden by now.
 */
export async function tellAudience(ctx: Ctx, feedId: string): Promise<number> {
  const found = await findVisibleFeedWithAuthor(ctx.db, feedId, ctx.now());
  if (!found) return 0;
  const { feed } = found;
  const audience = await audienceOf(ctx, feed.performerId);
  if (audience.length === 0) return 0;
  const text = feed.visibility === 'free' ? feed.text?.trim() : '';
  return notify(ctx, audience, {
    kind: 'new_post',
    title: msg('notify.newPost', { name: found.name || found.username || msg('word.ACreator') }),
    body: text ? preview(text) : undefined,
    link: `/post/${feed.id}`,
    actorId: feed.performerId,
    data: { feedId: feed.id },
  });
}

function preview(text: string) {
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1).trimEnd()}…` : text;
}
