import type { Comment } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { CommentRow } from '../../db/schema';
import type { Viewer } from '../entitlements';
import { getMediaMany, presentMedia } from '../media';
import { profileMediaUrl } from '../users';
import { authorsOf } from './comments.repo';

export function userAvatar(u: { id: string; avatarPath: string | null }) {
  return profileMediaUrl(u.avatarPath);
}

/** A page of comments with their authors and pictures (one query each). */
export async function presentComments(ctx: Ctx, viewer: Viewer | null, rows: CommentRow[]): Promise<Comment[]> {
  const mediaIds = rows.map((r) => r.mediaId).filter((x): x is string => Boolean(x));
  const [authors, media] = await Promise.all([
    authorsOf(
      ctx.db,
      rows.map((r) => r.userId),
    ),
    mediaIds.length ? getMediaMany(ctx, mediaIds) : Promise.resolve([]),
  ]);
  const mediaById = new Map(media.map((m) => [m.id, m]));
  return rows.map((r) => {
    const a = authors.get(r.userId);
    const m = r.mediaId ? mediaById.get(r.mediaId) : undefined;
    const isAuthor = viewer?.id === r.userId;
    return {
      _id: r.id,
      objectType: r.objectType,
      objectId: r.objectId,
      parentId: r.parentId,
      text: r.text,
      media: m ? presentMedia(ctx, m, { unlocked: true, viewerId: viewer?.id ?? null }) : null,
      creator: { _id: r.userId, username: a?.username ?? '', name: a?.name ?? '', avatar: a ? userAvatar(a) : null },
      totalReply: r.replyCount,
      canEdit: isAuthor,
      canDelete: isAuthor || viewer?.id === r.creatorId || viewer?.role === 'admin',
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}
