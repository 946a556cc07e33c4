/**
 * What feeds need from other modules, in one place: media (files and their
 * presentation), blocks (who may see a creator) and follows (who hears of a new post).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { type MediaRow, reactions } from '../../db/schema';
import { assertNotBlocked } from '../blocks';
import type { Viewer } from '../entitlements';
import { creatorAudience } from '../follows';
import { getMediaMany } from '../media';
import { assertCanSell } from '../performers';

export type MediaLike = MediaRow;

export function loadMedia(ctx: Ctx, ids: string[]): Promise<MediaRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : getMediaMany(ctx, [...new Set(ids)]);
}

export async function assertCanSeeCreator(ctx: Ctx, creatorId: string, viewer: Viewer | null, ip?: string) {
  await assertNotBlocked(ctx, creatorId, viewer?.id ?? null, ip);
}

/** Pay-per-view posts: the earning policy's one rule for putting something on sale. */
export function assertMaySell(ctx: Ctx, performerId: string): Promise<void> {
  return assertCanSell(ctx.db, performerId, ctx.now());
}

/** Who hears of a creator's new post: followers and active subscribers (follows module). */
export function audienceOf(ctx: Ctx, creatorId: string): Promise<string[]> {
  return creatorAudience(ctx, creatorId);
}

/** The viewer's likes and bookmarks among these objects, in one query. */
export async function viewerReactions(ctx: Ctx, viewerId: string | null, objectType: string, ids: string[]) {
  const liked = new Set<string>();
  const bookmarked = new Set<string>();
  if (!viewerId || ids.length === 0) return { liked, bookmarked };
  const rows = await ctx.db
    .select({ objectId: reactions.objectId, action: reactions.action })
    .from(reactions)
    .where(and(eq(reactions.userId, viewerId), eq(reactions.objectType, objectType), inArray(reactions.objectId, ids)));
  for (const r of rows) (r.action === 'like' ? liked : bookmarked).add(r.objectId);
  return { liked, bookmarked };
}
