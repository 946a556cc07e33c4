import { STORY_TTL_HOURS, type StoryCreateInput, storyCreateSchema, storyUpdateSchema } from '@marquee/shared';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import { isTakenDown } from '../../db/moderation';
import { isApproved } from '../../db/review';
import type { StoryRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { assertNotBlocked, creatorsBlockingViewer } from '../blocks';
import type { Viewer } from '../entitlements';
// Creators a fan follows or is subscribed to (for the stories bar): the timeline's set.
import { followedCreatorIds } from '../feeds';
import { getMediaMany } from '../media';
import { gateNewItem } from '../review';
import { canManageStory, canSeeTakenDown } from './stories.policy';
import {
  activeStoriesOf,
  deleteStoryRow,
  expireDue,
  findStory,
  highlightsOf,
  insertStory,
  markSeen,
  ownStories,
  updateStoryRow,
} from './stories.repo';

export const STORY_EXPIRE_JOB = 'stories.expire';
const TTL_MS = STORY_TTL_HOURS * 3_600_000;

export const isActive = (s: StoryRow, at: Date) => !s.expiredAt && s.expiresAt > at;

async function checkMedia(ctx: Ctx, ownerId: string, mediaId: string) {
  const [m] = await getMediaMany(ctx, [mediaId]);
  if (!m || m.ownerId !== ownerId) throw badRequest(msg('error.stories.fileNotFound'), 'STORY_MEDIA_NOT_FOUND');
  if (m.kind !== 'photo' && m.kind !== 'video') throw badRequest(msg('error.stories.fileKind'), 'STORY_MEDIA_KIND');
}

export async function createStory(ctx: Ctx, performerId: string, raw: StoryCreateInput) {
  const input = storyCreateSchema.parse(raw);
  if (!input.mediaId && !input.text) throw badRequest(msg('error.stories.empty'), 'STORY_EMPTY');
  if (input.mediaId) await checkMedia(ctx, performerId, input.mediaId);
  const at = ctx.now();
  const gate = await gateNewItem(ctx, { objectType: 'story', creatorId: performerId, mediaIds: [input.mediaId] });
  return ctx.db.transaction(async (tx) => {
    const story = await insertStory(tx, {
      performerId,
      reviewState: gate.reviewState,
      mediaId: input.mediaId ?? null,
      text: input.text,
      backgroundColor: input.backgroundColor ?? null,
      visibility: input.visibility,
      isHighlight: input.isHighlight,
      highlightTitle: input.highlightTitle ?? null,
      createdAt: at,
      expiresAt: new Date(at.getTime() + TTL_MS),
    });
    await gate.submit(tx, story.id);
    return story;
  });
}

async function ownStory(ctx: Ctx, viewer: Viewer, id: string) {
  const s = await findStory(ctx.db, id);
  if (!s || !canManageStory(viewer, s)) throw notFound('Story');
  return s;
}

export const getOwnStory = ownStory;

export async function updateStory(ctx: Ctx, viewer: Viewer, id: string, raw: z.input<typeof storyUpdateSchema>) {
  const input = storyUpdateSchema.parse(raw);
  const s = await ownStory(ctx, viewer, id);
  if (input.mediaId) await checkMedia(ctx, s.performerId, input.mediaId);
  return updateStoryRow(ctx.db, id, {
    ...(input.mediaId !== undefined && { mediaId: input.mediaId ?? null }),
    ...(input.text !== undefined && { text: input.text }),
    ...(input.backgroundColor !== undefined && { backgroundColor: input.backgroundColor ?? null }),
    ...(input.visibility !== undefined && { visibility: input.visibility }),
    ...(input.isHighlight !== undefined && { isHighlight: input.isHighlight }),
    ...(input.highlightTitle !== undefined && { highlightTitle: input.highlightTitle ?? null }),
  });
}

export async function deleteStory(ctx: Ctx, viewer: Viewer, id: string) {
  await ownStory(ctx, viewer, id);
  await deleteStoryRow(ctx.db, id);
}

export function listOwnStories(ctx: Ctx, performerId: string, page: number, pageSize: number) {
  return ownStories(ctx.db, performerId, page, pageSize);
}

/** The stories bar: active stories of creators the fan follows or subscribes to. */
export async function storiesBar(ctx: Ctx, viewer: Viewer) {
  const at = ctx.now();
  const creatorIds = await followedCreatorIds(ctx.db, viewer.id, at);
  const blocked = await creatorsBlockingViewer(ctx, viewer.id, creatorIds);
  return activeStoriesOf(
    ctx.db,
    creatorIds.filter((id) => !blocked.has(id)),
    at,
  );
}

/** One creator's active stories, or their highlights. */
export async function creatorStories(
  ctx: Ctx,
  viewer: Viewer | null,
  performerId: string,
  highlights: boolean,
  ip?: string,
) {
  await assertNotBlocked(ctx, performerId, viewer?.id ?? null, ip);
  return highlights ? highlightsOf(ctx.db, performerId) : activeStoriesOf(ctx.db, [performerId], ctx.now());
}

/** Opens a story: it must be active (or a highlight); a signed-in fan's view is recorded. */
export async function openStory(ctx: Ctx, viewer: Viewer | null, id: string, ip?: string) {
  const s = await findStory(ctx.db, id);
  if (!s || (isTakenDown(s) && !canSeeTakenDown(viewer))) throw notFound('Story');
  const isOwner = canManageStory(viewer, s);
  if (!isOwner) {
    if (!isActive(s, ctx.now()) && !s.isHighlight) throw notFound('Story');
    if (!isApproved(s)) throw notFound('Story');
    await assertNotBlocked(ctx, s.performerId, viewer?.id ?? null, ip);
    if (viewer) await markSeen(ctx.db, s.id, viewer.id);
  }
  return (await findStory(ctx.db, id))!;
}

export function expireStories(ctx: Ctx) {
  return expireDue(ctx.db, ctx.now());
}
