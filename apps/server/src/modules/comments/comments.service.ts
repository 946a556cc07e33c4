import { type CommentCreateInput, commentCreateSchema } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { CommentRow } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import type { Viewer } from '../entitlements';
import { canDeleteComment, canEditComment } from './comments.policy';
import { commentTarget } from './comments.registry';
import {
  bumpReplies,
  deleteCommentTree,
  findComment,
  insertComment,
  listComments,
  lockComment,
  updateComment,
} from './comments.repo';

function targetOf(objectType: string) {
  const target = commentTarget(objectType);
  if (!target)
    throw badRequest(msg('error.comments.typeUnknown', { type: objectType }), 'COMMENT_TYPE_UNKNOWN', [
      { field: 'objectType', message: 'Unknown type' },
    ]);
  return target;
}

export async function createComment(
  ctx: Ctx,
  viewer: Viewer,
  raw: CommentCreateInput,
  ip?: string,
): Promise<CommentRow> {
  const input = commentCreateSchema.parse(raw);
  const target = targetOf(input.objectType);
  const { creatorId, canComment } = await target.resolve(ctx, viewer, input.objectId, ip);
  if (!canComment) throw forbidden(msg('error.comments.unlockToComment'));
  return ctx.db.transaction(async (tx) => {
    if (input.parentId) {
      const parent = await lockComment(tx, input.parentId);
      if (!parent || parent.objectType !== input.objectType || parent.objectId !== input.objectId)
        throw notFound('Comment to reply to');
      if (parent.parentId) throw badRequest(msg('error.comments.replyDepth'), 'COMMENT_REPLY_DEPTH');
      await bumpReplies(tx, parent.id, 1);
    }
    const row = await insertComment(tx, {
      objectType: input.objectType,
      objectId: input.objectId,
      creatorId,
      userId: viewer.id,
      parentId: input.parentId ?? null,
      text: input.text,
    });
    await target.onCount(tx, input.objectId, 1);
    return row;
  });
}

export async function listObjectComments(
  ctx: Ctx,
  viewer: Viewer | null,
  q: { objectType: string; objectId: string; parentId?: string; page: number; pageSize: number; sort: 'asc' | 'desc' },
  ip?: string,
) {
  await targetOf(q.objectType).resolve(ctx, viewer, q.objectId, ip);
  return listComments(ctx.db, q);
}

export async function assertCommentAuthor(ctx: Ctx, viewer: Viewer, id: string) {
  const c = await findComment(ctx.db, id);
  if (!c) throw notFound('Comment');
  if (!canEditComment(viewer, c)) throw forbidden(msg('error.comments.onlyAuthorEdits'));
  return c;
}

/** Edit: the author only. `mediaId` replaces the attached picture; null removes it. */
export async function editComment(
  ctx: Ctx,
  viewer: Viewer,
  id: string,
  change: { text?: string; mediaId?: string | null },
) {
  await assertCommentAuthor(ctx, viewer, id);
  if (change.text === undefined && change.mediaId === undefined)
    throw badRequest(msg('error.comments.nothingToChange'), 'COMMENT_NOTHING_TO_CHANGE');
  return updateComment(ctx.db, id, {
    ...(change.text !== undefined && { text: change.text }),
    ...(change.mediaId !== undefined && { mediaId: change.mediaId }),
  });
}

/** Delete: the author, the creator who owns the content, or an admin. Replies go with their comment. */
export async function removeComment(ctx: Ctx, viewer: Viewer, id: string) {
  const c = await findComment(ctx.db, id);
  if (!c) throw notFound('Comment');
  if (!canDeleteComment(viewer, c)) throw forbidden(msg('error.comments.onlyAuthorOrCreatorDeletes'));
  const target = targetOf(c.objectType);
  await ctx.db.transaction(async (tx) => {
    // Parent before child, in every path, so concurrent deletes never deadlock.
    if (c.parentId) await lockComment(tx, c.parentId);
    const locked = await lockComment(tx, id);
    if (!locked) return; // deleted meanwhile
    if (locked.parentId) await bumpReplies(tx, locked.parentId, -1);
    const gone = await deleteCommentTree(tx, id);
    await target.onCount(tx, locked.objectId, -gone);
  });
}

/** Repo functions other modules may call (through this module's index.ts). */
export { deleteCommentsOf } from './comments.repo';
