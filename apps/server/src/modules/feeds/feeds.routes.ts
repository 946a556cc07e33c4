import {
  creatorFeedsQuerySchema,
  FEED_UPLOAD_KINDS,
  type FeedUploadKind,
  feedCreateSchema,
  feedSchema,
  feedUpdateSchema,
  feedVoteResponseSchema,
  idParamsSchema,
  listResponseSchema,
  type MediaKind,
  mediaStatusSchema,
  mediaUploadResponseSchema,
  okSchema,
  performerFeedsQuerySchema,
  pollCreatedSchema,
  pollCreateSchema,
  timelineQuerySchema,
  timelineResponseSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { notFound } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { readCtx } from '../../plugins/read-replica';
import type { Viewer } from '../entitlements';
import { access } from '../entitlements';
import { presentMedia, toStatus, uploadFiles } from '../media';
import { loadMedia } from './feeds.deps';
import { registerFeedIntegrations } from './feeds.integrations';
import { presentFeed, presentFeeds } from './feeds.presenter';
import { filesOf } from './feeds.repo';
import {
  createFeed,
  createPoll,
  creatorFeeds,
  deleteFeed,
  getOwnFeed,
  listOwnFeeds,
  protectable,
  timeline,
  updateFeed,
  viewableFeed,
  vote,
} from './feeds.service';

const viewerOf = (u: { id: string; role: Viewer['role'] } | null): Viewer | null =>
  u ? { id: u.id, role: u.role } : null;

const UPLOAD_KINDS: Record<FeedUploadKind, MediaKind[]> = {
  photo: ['photo'],
  video: ['video'],
  audio: ['audio'],
  thumbnail: ['photo'],
  teaser: ['video'],
};

export default async function feedsRoutes(app: App) {
  registerFeedIntegrations(app.ctx);
  const tags = ['feeds'];

  // ---------- creator side ----------

  app.post(
    '/performer/feeds/:kind/upload',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary:
          'Upload files for a post (multipart, field "file"; several allowed for photo). Attach them by id when creating the post.',
        params: z.object({ kind: z.enum(FEED_UPLOAD_KINDS) }),
        response: { 200: mediaUploadResponseSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const kind = req.params.kind;
      const { media } = await uploadFiles(app.ctx, req, {
        ownerId: user.id,
        kinds: UPLOAD_KINDS[kind],
        maxFiles: kind === 'photo' ? 20 : 1,
        teaser: kind === 'video',
      });
      return { data: media.map((m) => presentMedia(app.ctx, m, { unlocked: true, viewerId: user.id })) };
    },
  );

  app.post(
    '/performer/feeds/polls',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Create a poll (question, 2–10 options, optional end date) to attach to a post',
        body: pollCreateSchema,
        response: { 200: pollCreatedSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const { poll, options } = await createPoll(app.ctx, user.id, req.body);
      return {
        _id: poll.id,
        question: poll.question,
        endDate: poll.endAt?.toISOString() ?? null,
        options: options.map((o) => ({ _id: o.id, description: o.description })),
      };
    },
  );

  app.post(
    '/performer/feeds',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Create a post: text, files, poll, visibility and price, schedule, expiry, pin, tags, mentions',
        body: feedCreateSchema,
        response: { 200: feedSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const feed = await createFeed(app.ctx, user.id, req.body);
      return presentFeed(app.ctx, viewerOf(user), feed);
    },
  );

  app.get(
    '/performer/feeds',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: "The creator's own posts, every status, newest first",
        querystring: performerFeedsQuerySchema,
        response: { 200: listResponseSchema(feedSchema) },
      },
    },
    async (req) => {
      const user = userOf(req);
      const { data, total } = await listOwnFeeds(app.ctx, user.id, req.query);
      return { data: await presentFeeds(app.ctx, viewerOf(user), data), total };
    },
  );

  app.get(
    '/performer/feeds/:id',
    {
      config: { access: 'performer' },
      schema: { tags, summary: 'One of my posts', params: idParamsSchema, response: { 200: feedSchema } },
    },
    async (req) => {
      const user = userOf(req);
      const feed = await getOwnFeed(app.ctx, viewerOf(user)!, req.params.id);
      return presentFeed(app.ctx, viewerOf(user), feed);
    },
  );

  app.put(
    '/performer/feeds/:id',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Edit one of my posts',
        params: idParamsSchema,
        body: feedUpdateSchema,
        response: { 200: feedSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const feed = await updateFeed(app.ctx, viewerOf(user)!, req.params.id, req.body);
      return presentFeed(app.ctx, viewerOf(user), feed);
    },
  );

  app.delete(
    '/performer/feeds/:id',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Delete one of my posts (its comments and reactions go too)',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      await deleteFeed(app.ctx, viewerOf(user)!, req.params.id);
      return { success: true };
    },
  );

  // ---------- fan side ----------

  app.get(
    '/user/feeds',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Home timeline: newest posts of creators I follow or subscribe to (cursor-paginated)',
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const viewer = viewerOf(user)!;
      // Creators who blocked the fan are left out by the timeline query itself.
      const ctx = readCtx(app.ctx, req);
      const { rows, nextCursor } = await timeline(ctx, viewer, req.query);
      return { data: await presentFeeds(ctx, viewer, rows), nextCursor };
    },
  );

  app.get(
    '/user/feeds/search/:username',
    {
      schema: {
        tags,
        summary: "One creator's posts (by username or id): pinned first, then newest",
        params: z.object({ username: z.string().min(1).max(100) }),
        querystring: creatorFeedsQuerySchema,
        response: { 200: listResponseSchema(feedSchema) },
      },
    },
    async (req) => {
      const viewer = viewerOf(req.user);
      const ctx = readCtx(app.ctx, req);
      const { data, total } = await creatorFeeds(ctx, viewer, req.params.username, req.query, req.ip);
      return { data: await presentFeeds(ctx, viewer, data), total };
    },
  );

  app.get(
    '/user/feeds/:id',
    {
      schema: {
        tags,
        summary:
          'A post with isSubscribed, isBought and locked; locked posts carry only teaser, blurred previews and counts',
        params: idParamsSchema,
        response: { 200: feedSchema },
      },
    },
    async (req) => {
      const viewer = viewerOf(req.user);
      const feed = await viewableFeed(app.ctx, viewer, req.params.id, req.ip);
      return presentFeed(app.ctx, viewer, feed);
    },
  );

  app.post(
    '/user/feeds/vote/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Vote for a poll option (id = the option id). One vote per fan per poll; results are shown once voted.',
        params: idParamsSchema,
        response: { 200: feedVoteResponseSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const viewer = viewerOf(user)!;
      const feed = await vote(app.ctx, viewer, req.params.id);
      const presented = await presentFeed(app.ctx, viewer, feed);
      return { poll: presented.poll! };
    },
  );

  app.get(
    '/user/feeds/:id/file/:fileId/status',
    {
      schema: {
        tags,
        summary: "Processing status of a post's file (for the owner, or a viewer who may see the post)",
        params: z.object({ id: z.string().uuid(), fileId: z.string().uuid() }),
        response: { 200: mediaStatusSchema },
      },
    },
    async (req) => {
      const viewer = viewerOf(req.user);
      const feed = await viewableFeed(app.ctx, viewer, req.params.id, req.ip);
      const { canView } = await access(app.ctx.db, viewer, protectable(feed), app.ctx.now());
      const fileIds = (await filesOf(app.ctx.db, [feed.id])).get(feed.id) ?? [];
      const ids = [...fileIds, feed.teaserId, feed.thumbnailId];
      if (!canView || !ids.includes(req.params.fileId)) throw notFound('File');
      const [m] = await loadMedia(app.ctx, [req.params.fileId]);
      if (!m) throw notFound('File');
      return toStatus(m);
    },
  );
}
