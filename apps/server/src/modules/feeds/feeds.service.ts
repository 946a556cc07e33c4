import {
  type FeedCreateInput,
  type FeedUpdateInput,
  feedCreateSchema,
  feedUpdateSchema,
  fromCents,
  type PollCreateInput,
  pollCreateSchema,
  toCents,
} from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { isApproved } from '../../db/review';
import type { FeedRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import type { Viewer } from '../entitlements';
import { access } from '../entitlements';
import { findCreatorByIdOrUsername } from '../performers';
import { gateNewItem } from '../review';
import { assertPrice } from '../settings';
import { assertCanSeeCreator, assertMaySell, audienceOf, loadMedia, type MediaLike } from './feeds.deps';
import { tellAudience } from './feeds.news';
import { canManagePost, isPostCreator } from './feeds.policy';
import {
  attachedElsewhere,
  claimDueScheduled,
  creatorWall,
  deleteFeedRow,
  feedUsingPoll,
  filesOf,
  findFeed,
  findPoll,
  findPollOption,
  followedCreatorIds,
  insertFeed,
  insertPoll,
  insertVote,
  ownFeeds,
  performersByUsernames,
  replaceFeedFiles,
  type TimelineCursor,
  timelinePage,
  updateFeedRow,
} from './feeds.repo';

export const FEED_OBJECT = 'feed';
export const PUBLISH_JOB = 'feeds.publish-scheduled';
export const NEW_POST_JOB = 'feeds.new-post';

/** The entitlement check's view of a post. */
export const protectable = (f: FeedRow) => ({
  objectType: FEED_OBJECT,
  objectId: f.id,
  creatorId: f.performerId,
  visibility: f.visibility,
});

/** A post fans may reach: published, not expired, not taken down (owner and admins see every state). */
export function isLive(f: FeedRow, at: Date) {
  return f.status === 'published' && (!f.expiresAt || f.expiresAt > at) && !f.takenDownAt && isApproved(f);
}

// ---------- creator side ----------

export async function createPoll(ctx: Ctx, performerId: string, raw: PollCreateInput) {
  const input = pollCreateSchema.parse(raw);
  if (input.endDate && input.endDate <= ctx.now()) throw badRequest(msg('error.feeds.pollEndPast'), 'POLL_END_PAST');
  const lower = input.options.map((o) => o.toLowerCase());
  if (new Set(lower).size !== lower.length)
    throw badRequest(msg('error.feeds.pollDuplicateOption'), 'POLL_DUPLICATE_OPTION');
  return ctx.db.transaction((tx) => insertPoll(tx, performerId, input.question, input.endDate ?? null, input.options));
}

async function checkMedia(
  ctx: Ctx,
  _db: Executor,
  ownerId: string,
  ids: string[],
  allowed: MediaLike['kind'][],
  label: string,
) {
  if (ids.length === 0) return [];
  const rows = await loadMedia(ctx, ids);
  const byId = new Map(rows.map((m) => [m.id, m]));
  for (const id of ids) {
    const m = byId.get(id);
    if (!m || m.ownerId !== ownerId)
      throw badRequest(`${label} ${id} was not found among your uploads`, 'FEED_MEDIA_NOT_FOUND');
    if (!allowed.includes(m.kind))
      throw badRequest(`${label} ${id} must be a ${allowed.join(' or ')} file`, 'FEED_MEDIA_KIND');
  }
  return ids.map((id) => byId.get(id)!);
}

/** Checks the post's content. Media are read before the transaction (never `db` inside a `tx`: it would take a second connection). */
async function checkContent(
  ctx: Ctx,
  performerId: string,
  input: { fileIds: string[]; pollId?: string | null; text: string },
) {
  const fileIds = [...new Set(input.fileIds)];
  const files = await checkMedia(ctx, ctx.db, performerId, fileIds, ['photo', 'video', 'audio'], 'File');
  if (!input.text && files.length === 0 && !input.pollId) throw badRequest(msg('error.feeds.empty'), 'FEED_EMPTY');
  const kinds = new Set(files.map((f) => f.kind));
  const type: FeedRow['type'] = kinds.has('video')
    ? 'video'
    : kinds.has('photo')
      ? 'photo'
      : kinds.has('audio')
        ? 'audio'
        : input.pollId
          ? 'poll'
          : 'text';
  return { type, fileIds };
}

/** Inside the transaction: the files and the poll are not another post's. */
async function claimContent(
  tx: Executor,
  performerId: string,
  fileIds: string[],
  pollId: string | null | undefined,
  feedId?: string,
) {
  const taken = await attachedElsewhere(tx, fileIds, feedId);
  if (taken.length > 0) throw conflict(msg('error.feeds.fileTaken', { id: taken[0]! }), 'FEED_MEDIA_TAKEN');
  if (pollId) {
    const poll = await findPoll(tx, pollId);
    if (!poll || poll.performerId !== performerId) throw badRequest(msg('error.feeds.pollNotFound'), 'POLL_NOT_FOUND');
    const usedBy = await feedUsingPoll(tx, poll.id);
    if (usedBy && usedBy !== feedId) throw conflict(msg('error.feeds.pollTaken'), 'POLL_TAKEN');
  }
}

async function checkPrice(ctx: Ctx, visibility: FeedRow['visibility'], price: number) {
  if (visibility !== 'sale') return 0;
  if (toCents(price) <= 0)
    throw badRequest(msg('error.feeds.priceRequired'), 'FEED_PRICE_REQUIRED', [
      { field: 'price', message: 'Required for pay-per-view posts' },
    ]);
  return assertPrice(ctx, price, { code: 'FEED_PRICE_RANGE' });
}

async function resolveMentions(db: Executor, performerId: string, usernames: string[]) {
  const wanted = [...new Set(usernames.map((u) => u.replace(/^@/, '')))];
  const rows = await performersByUsernames(db, wanted);
  const found = new Map(rows.filter((r) => r.role === 'performer').map((r) => [r.username!.toLowerCase(), r.id]));
  const missing = wanted.find((u) => !found.has(u.toLowerCase()));
  if (missing)
    throw badRequest(msg('error.feeds.mentionUnknown', { name: missing }), 'FEED_MENTION_UNKNOWN', [
      { field: 'mentions', message: missing },
    ]);
  return [...new Set([...found.values()])].filter((id) => id !== performerId);
}

function normalizeTags(tags: string[]) {
  return [...new Set(tags.map((t) => t.replace(/^#/, '').toLowerCase()).filter(Boolean))];
}

function schedule(ctx: Ctx, scheduledAt: Date | null | undefined, expiresAt: Date | null | undefined) {
  const at = ctx.now();
  const future = scheduledAt && scheduledAt > at ? scheduledAt : null;
  const publishAt = future ?? at;
  if (expiresAt && expiresAt <= publishAt)
    throw badRequest(msg('error.feeds.expiryBeforePublish'), 'FEED_EXPIRY_BEFORE_PUBLISH');
  return future
    ? { status: 'scheduled' as const, scheduledAt: future, publishedAt: null }
    : { status: 'published' as const, scheduledAt: null, publishedAt: at };
}

export async function createFeed(ctx: Ctx, performerId: string, raw: FeedCreateInput): Promise<FeedRow> {
  const input = feedCreateSchema.parse(raw);
  if (input.visibility === 'sale') await assertMaySell(ctx, performerId);
  const priceCents = await checkPrice(ctx, input.visibility, input.price);
  const teaser = input.teaserId
    ? await checkMedia(ctx, ctx.db, performerId, [input.teaserId], ['video', 'photo'], 'Teaser')
    : [];
  const thumb = input.thumbnailId
    ? await checkMedia(ctx, ctx.db, performerId, [input.thumbnailId], ['photo'], 'Thumbnail')
    : [];
  const timing = schedule(ctx, input.scheduledAt, input.expiresAt);
  const content = await checkContent(ctx, performerId, input);
  const gate = await gateNewItem(ctx, {
    objectType: 'feed',
    creatorId: performerId,
    mediaIds: [...content.fileIds, input.teaserId, input.thumbnailId],
  });
  const feed = await ctx.db.transaction(async (tx) => {
    await claimContent(tx, performerId, content.fileIds, input.pollId, undefined);
    const mentions = await resolveMentions(tx, performerId, input.mentions);
    const row = await insertFeed(tx, {
      performerId,
      type: content.type,
      text: input.text,
      visibility: input.visibility,
      priceCents,
      ...timing,
      expiresAt: input.expiresAt ?? null,
      isPinned: input.isPinned,
      pinnedAt: input.isPinned ? ctx.now() : null,
      tags: normalizeTags(input.tags),
      mentions,
      pollId: input.pollId ?? null,
      teaserId: teaser[0]?.id ?? null,
      thumbnailId: thumb[0]?.id ?? null,
      reviewState: gate.reviewState,
    });
    await replaceFeedFiles(tx, row.id, content.fileIds);
    await gate.submit(tx, row.id);
    return row;
  });
  await afterWrite(ctx, feed);
  return feed;
}

/** Side effects after commit: announce a published post, or queue its publication. */
async function afterWrite(ctx: Ctx, feed: FeedRow) {
  if (feed.status === 'published') {
    if (isApproved(feed)) await announce(ctx, [feed]);
  } else if (feed.scheduledAt && ctx.jobs.started) {
    await ctx.jobs
      .send(PUBLISH_JOB, { feedId: feed.id }, { startAfter: feed.scheduledAt })
      .catch((err) => ctx.log.error({ err }, 'could not queue post publication'));
  }
}

async function ownFeed(ctx: Ctx, viewer: Viewer, id: string, db: Executor = ctx.db) {
  const feed = await findFeed(db, id);
  if (!feed) throw notFound('Post');
  if (!canManagePost(viewer, feed)) throw notFound('Post');
  return feed;
}

export async function getOwnFeed(ctx: Ctx, viewer: Viewer, id: string) {
  return ownFeed(ctx, viewer, id);
}

export async function updateFeed(ctx: Ctx, viewer: Viewer, id: string, raw: FeedUpdateInput): Promise<FeedRow> {
  const input = feedUpdateSchema.parse(raw);
  const current = await ownFeed(ctx, viewer, id);
  const performerId = current.performerId;
  const visibility = input.visibility ?? current.visibility;
  if (visibility === 'sale' && current.visibility !== 'sale') await assertMaySell(ctx, performerId);
  const priceCents =
    input.visibility !== undefined || input.price !== undefined
      ? await checkPrice(ctx, visibility, input.price ?? fromCents(current.priceCents))
      : current.priceCents;
  const teaser = input.teaserId
    ? await checkMedia(ctx, ctx.db, performerId, [input.teaserId], ['video', 'photo'], 'Teaser')
    : [];
  const thumb = input.thumbnailId
    ? await checkMedia(ctx, ctx.db, performerId, [input.thumbnailId], ['photo'], 'Thumbnail')
    : [];
  let timing = {};
  if (current.status === 'scheduled' && (input.scheduledAt !== undefined || input.expiresAt !== undefined)) {
    timing = schedule(
      ctx,
      input.scheduledAt === undefined ? current.scheduledAt : input.scheduledAt,
      input.expiresAt === undefined ? current.expiresAt : input.expiresAt,
    );
  } else if (input.expiresAt) {
    const from = current.publishedAt ?? ctx.now();
    if (input.expiresAt <= from) throw badRequest(msg('error.feeds.expiryBeforePublish'), 'FEED_EXPIRY_BEFORE_PUBLISH');
  }
  const contentChanged = input.fileIds !== undefined || input.pollId !== undefined || input.text !== undefined;
  const pollId = input.pollId === undefined ? current.pollId : input.pollId;
  const content = contentChanged
    ? await checkContent(ctx, performerId, {
        fileIds: input.fileIds ?? (await filesOf(ctx.db, [id])).get(id) ?? [],
        pollId,
        text: input.text ?? current.text,
      })
    : null;
  // New files on a post go through review again when the setting asks for it.
  const gate =
    input.fileIds !== undefined
      ? await gateNewItem(ctx, { objectType: 'feed', creatorId: performerId, mediaIds: content?.fileIds, itemId: id })
      : null;
  const feed = await ctx.db.transaction(async (tx) => {
    if (gate?.reviewState === 'pending') await gate.submit(tx, id);
    const type = content?.type ?? current.type;
    if (content) {
      await claimContent(tx, performerId, content.fileIds, pollId, id);
      if (input.fileIds !== undefined) await replaceFeedFiles(tx, id, content.fileIds);
    }
    const mentions = input.mentions ? await resolveMentions(tx, performerId, input.mentions) : undefined;
    return updateFeedRow(tx, id, {
      type,
      ...(input.text !== undefined && { text: input.text }),
      visibility,
      priceCents,
      ...timing,
      ...(input.expiresAt !== undefined && { expiresAt: input.expiresAt ?? null }),
      ...(input.isPinned !== undefined && {
        isPinned: input.isPinned,
        pinnedAt: input.isPinned ? (current.pinnedAt ?? ctx.now()) : null,
      }),
      ...(input.tags && { tags: normalizeTags(input.tags) }),
      ...(mentions && { mentions }),
      ...(input.pollId !== undefined && { pollId: input.pollId ?? null }),
      ...(input.teaserId !== undefined && { teaserId: teaser[0]?.id ?? null }),
      ...(input.thumbnailId !== undefined && { thumbnailId: thumb[0]?.id ?? null }),
      ...(gate?.reviewState === 'pending' && { reviewState: 'pending' as const }),
    });
  });
  if (
    current.status === 'scheduled' &&
    feed.status === 'scheduled' &&
    feed.scheduledAt?.getTime() !== current.scheduledAt?.getTime()
  )
    await afterWrite(ctx, feed);
  if (current.status === 'scheduled' && feed.status === 'published' && isApproved(feed)) await announce(ctx, [feed]);
  return feed;
}

export async function deleteFeed(ctx: Ctx, viewer: Viewer, id: string) {
  await ownFeed(ctx, viewer, id);
  await ctx.db.transaction(async (tx) => {
    await deleteFeedRow(tx, id);
    for (const cleanup of deleteHooks.values()) await cleanup(tx, id);
  });
}

/** Other modules (comments, reactions) clean up their rows of a deleted post. */
const deleteHooks = new Map<string, (tx: Executor, feedId: string) => Promise<void>>();
export function onFeedDeleted(name: string, hook: (tx: Executor, feedId: string) => Promise<void>) {
  deleteHooks.set(name, hook);
}

export function listOwnFeeds(
  ctx: Ctx,
  performerId: string,
  q: { page: number; pageSize: number; status?: FeedRow['status']; q?: string },
) {
  return ownFeeds(ctx.db, performerId, q);
}

// ---------- fan side ----------

export function encodeCursor(f: FeedRow): string {
  return Buffer.from(`${f.publishedAt!.toISOString()}|${f.id}`).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): TimelineCursor | null {
  if (!cursor) return null;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const publishedAt = new Date(iso ?? '');
  if (!id || Number.isNaN(publishedAt.getTime()) || !/^[0-9a-f-]{36}$/i.test(id))
    throw badRequest(msg('error.invalidCursor'), 'INVALID_CURSOR', [
      { field: 'cursor', message: 'Not a cursor from this list' },
    ]);
  return { publishedAt, id };
}

export async function timeline(ctx: Ctx, viewer: Viewer, q: { cursor?: string; pageSize: number }) {
  const cursor = decodeCursor(q.cursor);
  const at = ctx.now();
  const creators = await followedCreatorIds(ctx.db, viewer.id, at);
  const rows = await timelinePage(ctx.db, creators, at, q.pageSize + 1, cursor);
  const page = rows.slice(0, q.pageSize);
  return { rows: page, nextCursor: rows.length > q.pageSize ? encodeCursor(page[page.length - 1]) : null };
}

export async function creatorFeeds(
  ctx: Ctx,
  viewer: Viewer | null,
  username: string,
  q: { page: number; pageSize: number; type?: FeedRow['type'] },
  ip?: string,
) {
  const creator = await findCreatorByIdOrUsername(ctx.db, username);
  if (!creator) throw notFound('Creator');
  await assertCanSeeCreator(ctx, creator.id, viewer, ip);
  return creatorWall(ctx.db, creator.id, ctx.now(), q.page, q.pageSize, q.type);
}

/** A post a viewer may open (locked or not): published, not expired, creator not blocking them. */
export async function viewableFeed(ctx: Ctx, viewer: Viewer | null, id: string, ip?: string): Promise<FeedRow> {
  const feed = await findFeed(ctx.db, id);
  if (!feed) throw notFound('Post');
  if (canManagePost(viewer, feed)) return feed;
  if (!isLive(feed, ctx.now())) throw notFound('Post');
  await assertCanSeeCreator(ctx, feed.performerId, viewer, ip);
  return feed;
}

export async function vote(ctx: Ctx, viewer: Viewer, optionId: string) {
  const option = await findPollOption(ctx.db, optionId);
  if (!option) throw notFound('Poll option');
  const poll = (await findPoll(ctx.db, option.pollId))!;
  const feedId = await feedUsingPoll(ctx.db, poll.id);
  if (!feedId) throw notFound('Poll option');
  const feed = await viewableFeed(ctx, viewer, feedId);
  if (isPostCreator(viewer, feed)) throw forbidden(msg('error.feeds.ownPollVote'));
  if (!(await access(ctx.db, viewer, protectable(feed), ctx.now())).canView)
    throw forbidden(msg('error.feeds.unlockToVote'));
  if (poll.endAt && poll.endAt <= ctx.now()) throw conflict(msg('error.feeds.pollEnded'), 'POLL_ENDED');
  const ok = await ctx.db.transaction((tx) => insertVote(tx, poll.id, option.id, viewer.id));
  if (!ok) throw conflict(msg('error.feeds.alreadyVoted'), 'POLL_ALREADY_VOTED');
  return feed;
}

// ---------- publishing ----------

/** Publishes every scheduled post whose time has come; idempotent and safe to run concurrently. */
export async function publishDue(ctx: Ctx): Promise<FeedRow[]> {
  const published = await ctx.db.transaction((tx) => claimDueScheduled(tx, ctx.now()));
  if (published.length > 0) await announce(ctx, published);
  return published;
}

/**
 * A reviewer approved a post (modules/review): a published one is announced now; a scheduled one
 * whose time has passed is published now (the job skipped it while it waited).
 */
export async function publishApproved(ctx: Ctx, feedId: string) {
  const feed = await findFeed(ctx.db, feedId);
  if (!feed || !isApproved(feed)) return;
  if (feed.status === 'published') await announce(ctx, [feed]);
  else if (feed.scheduledAt && feed.scheduledAt <= ctx.now()) await publishDue(ctx);
}

/**
 * Tells followers and subscribers a post is out: the realtime 'feed/created' event in their user
 * rooms, and a `new_post` notification (in the job queue when it runs: an audience can be large).
 */
async function announce(ctx: Ctx, published: FeedRow[]) {
  for (const feed of published) {
    try {
      const audience = await audienceOf(ctx, feed.performerId);
      for (const userId of audience)
        ctx.realtime.toUser(userId, 'feed/created', { feedId: feed.id, performerId: feed.performerId });
      if (ctx.jobs.started) await ctx.jobs.send(NEW_POST_JOB, { feedId: feed.id });
      else await tellAudience(ctx, feed.id);
    } catch (err) {
      ctx.log.error({ err, feedId: feed.id }, 'could not announce post');
    }
  }
}

/** Repo functions other modules may call (through this module's index.ts). */
export { findFeed, followedCreatorIds, performerSummaries } from './feeds.repo';
