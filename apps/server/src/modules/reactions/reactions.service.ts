import type { Ctx } from '../../context';
import { badRequest, notFound } from '../../lib/errors';
import { assertNotBlocked, type ViewerLocation } from '../blocks';
import {
  type ReactionAction,
  type ReactionCtx,
  type ReactionViewer,
  reactionTarget,
  reactionTargetByPlural,
} from './reactions.registry';
import { deleteReaction, insertReaction, listUserReactions, mostLikedSince } from './reactions.repo';

export interface ReactionInput {
  objectType: string;
  objectId: string;
  action: ReactionAction;
}

function targetOf(objectType: string) {
  const target = reactionTarget(objectType);
  if (!target) throw badRequest(`objectType: reactions on '${objectType}' are not supported`, 'UNKNOWN_OBJECT_TYPE');
  return target;
}

/**
 * Likes or bookmarks an object. Idempotent: a second click changes nothing and
 * counters move only when the row is created. A fan the creator blocked cannot react.
 */
export async function react(
  ctx: Pick<Ctx, 'db' | 'settings' | 'now'>,
  viewer: ReactionViewer,
  input: ReactionInput,
  ip?: ViewerLocation,
) {
  const target = targetOf(input.objectType);
  const owners = await target.owners(ctx, [input.objectId]);
  const creatorId = owners.get(input.objectId);
  if (!creatorId) throw notFound('Object');
  await assertNotBlocked(ctx, creatorId, viewer.id, ip);
  await ctx.db.transaction(async (tx) => {
    const created = await insertReaction(tx, { userId: viewer.id, ...input }, creatorId);
    if (created) await target.onCountChange?.(tx, input.objectId, input.action, 1);
  });
  return { ...input, reacted: true };
}

export async function unreact(ctx: Pick<Ctx, 'db'>, viewer: ReactionViewer, input: ReactionInput) {
  const target = targetOf(input.objectType);
  await ctx.db.transaction(async (tx) => {
    const removed = await deleteReaction(tx, { userId: viewer.id, ...input });
    if (removed) await target.onCountChange?.(tx, input.objectId, input.action, -1);
  });
  return { ...input, reacted: false };
}

/** The viewer's bookmarks of one kind (`plural` as in the URL: performers, feeds…), newest first. */
export async function bookmarks(
  ctx: ReactionCtx,
  viewer: ReactionViewer,
  plural: string,
  page: { page: number; pageSize: number },
) {
  const target = reactionTargetByPlural(plural);
  if (!target?.present) throw notFound(`Bookmarks of ${plural}`);
  const { rows, total } = await listUserReactions(
    ctx.db,
    viewer.id,
    target.objectType,
    'bookmark',
    { limit: page.pageSize, offset: (page.page - 1) * page.pageSize },
    (objectId) => target.listedWhere?.(objectId, viewer, ctx.now()),
  );
  const items = await target.present(
    ctx,
    viewer,
    rows.map((r) => r.objectId),
  );
  const byId = new Map(items.map((i) => [i._id, i]));
  const data = rows.map((r) => byId.get(r.objectId)).filter((i): i is { _id: string } => Boolean(i));
  return { data, total };
}

export function trendingObjects(ctx: Pick<Ctx, 'db'>, since: Date, limit: number) {
  return mostLikedSince(ctx.db, since, limit);
}
