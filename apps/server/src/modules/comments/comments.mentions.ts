import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { type CommentRow, users } from '../../db/schema';
import { msg } from '../../lib/i18n';
import { creatorsBlockingViewer } from '../blocks';
import { notify } from '../notifications';
import { commentTarget } from './comments.registry';

/** At most this many people are notified per comment (a wall of @names is spam, not a conversation). */
export const MAX_MENTIONS = 10;

/** `@username` tokens of a comment (usernames are 3–30 letters, digits, `_` or `.`), lower-cased, de-duplicated. */
export function parseMentions(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(^|[^A-Za-z0-9_.@])@([A-Za-z0-9_.]{3,30})/g)) {
    found.add(m[2].replace(/\.+$/, '').toLowerCase());
    if (found.size >= MAX_MENTIONS) break;
  }
  return [...found].filter((u) => u.length >= 3);
}

/** Where a notification about a comment on this object leads. */
function linkOf(c: CommentRow): string {
  const own = commentTarget(c.objectType)?.link?.(c.objectId);
  return own ?? `/${c.objectType}/${c.objectId}`;
}

/**
 * Notifies the active accounts mentioned as `@username` in a new comment: not the author,
 * not a creator who blocked the author. Kind `comment`, linking to the commented content.
 * Called after the comment's transaction committed; returns how many were notified.
 */
export async function notifyMentions(ctx: Ctx, comment: CommentRow): Promise<number> {
  const names = parseMentions(comment.text);
  if (names.length === 0) return 0;
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(inArray(sql`lower(${users.username})`, names), eq(users.status, 'active'), ne(users.id, comment.userId)),
    );
  if (rows.length === 0) return 0;
  const blocking = await creatorsBlockingViewer(
    ctx,
    comment.userId,
    rows.map((r) => r.id),
  );
  const targets = rows.map((r) => r.id).filter((id) => !blocking.has(id));
  if (targets.length === 0) return 0;
  const [author] = await ctx.db
    .select({ username: users.username, name: users.name })
    .from(users)
    .where(eq(users.id, comment.userId));
  const who = author?.name || (author?.username ? `@${author.username}` : msg('word.someone'));
  return notify(ctx, targets, {
    kind: 'comment',
    title: msg('notify.mention', { who }),
    body: comment.text.slice(0, 200),
    link: linkOf(comment),
    actorId: comment.userId,
    data: { commentId: comment.id, objectType: comment.objectType, objectId: comment.objectId },
  });
}
