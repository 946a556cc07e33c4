import {
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  mediaUploadResponseSchema,
  okSchema,
  STORY_UPLOAD_KINDS,
  storyCreateSchema,
  storyGroupSchema,
  storySchema,
  storyUpdateSchema,
  userStoriesQuerySchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import type { Viewer } from '../entitlements';
import { presentMedia, uploadFiles } from '../media';
import { presentStories, presentStoryGroups } from './stories.presenter';
import {
  createStory,
  creatorStories,
  deleteStory,
  getOwnStory,
  listOwnStories,
  openStory,
  storiesBar,
  updateStory,
} from './stories.service';

const viewerOf = (u: { id: string; role: Viewer['role'] } | null): Viewer | null =>
  u ? { id: u.id, role: u.role } : null;

export default async function storiesRoutes(app: App) {
  const tags = ['stories'];

  app.post(
    '/stories/files/:kind/upload',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Upload a story photo or video (multipart, one file)',
        params: z.object({ kind: z.enum(STORY_UPLOAD_KINDS) }),
        response: { 200: mediaUploadResponseSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const { media } = await uploadFiles(app.ctx, req, { ownerId: user.id, kinds: [req.params.kind], maxFiles: 1 });
      return { data: media.map((m) => presentMedia(app.ctx, m, { unlocked: true, viewerId: user.id })) };
    },
  );

  app.post(
    '/stories/performers',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Post a story (lives 24 hours; highlights stay on the profile)',
        body: storyCreateSchema,
        response: { 200: storySchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const row = await createStory(app.ctx, user.id, req.body);
      return (await presentStories(app.ctx, viewerOf(user), [row]))[0];
    },
  );

  app.get(
    '/stories/performers',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'My stories, active and expired, newest first',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(storySchema) },
      },
    },
    async (req) => {
      const user = userOf(req);
      const { data, total } = await listOwnStories(app.ctx, user.id, req.query.page, req.query.pageSize);
      return { data: await presentStories(app.ctx, viewerOf(user), data), total };
    },
  );

  app.get(
    '/stories/performers/:id',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'One of my stories',
        params: idParamsSchema,
        response: { 200: storySchema },
      },
    },
    async (req) => {
      const viewer = viewerOf(userOf(req))!;
      const row = await getOwnStory(app.ctx, viewer, req.params.id);
      return (await presentStories(app.ctx, viewer, [row]))[0];
    },
  );

  app.put(
    '/stories/performers/:id',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Edit a story (text, visibility, highlight)',
        params: idParamsSchema,
        body: storyUpdateSchema,
        response: { 200: storySchema },
      },
    },
    async (req) => {
      const viewer = viewerOf(userOf(req))!;
      const row = await updateStory(app.ctx, viewer, req.params.id, req.body);
      return (await presentStories(app.ctx, viewer, [row]))[0];
    },
  );

  app.delete(
    '/stories/performers/:id',
    {
      config: { access: 'performer' },
      schema: { tags, summary: 'Delete a story', params: idParamsSchema, response: { 200: okSchema } },
    },
    async (req) => {
      await deleteStory(app.ctx, viewerOf(userOf(req))!, req.params.id);
      return { success: true };
    },
  );

  app.get(
    '/stories/users',
    {
      schema: {
        tags,
        summary:
          "Without performerId: the signed-in fan's stories bar (grouped per creator, unseen first). With performerId: that creator's active stories, or highlights=true",
        querystring: userStoriesQuerySchema,
        response: {
          200: z.object({ data: z.array(storyGroupSchema).optional(), stories: z.array(storySchema).optional() }),
        },
      },
    },
    async (req) => {
      const viewer = viewerOf(req.user);
      if (req.query.performerId) {
        const rows = await creatorStories(
          app.ctx,
          viewer,
          req.query.performerId,
          Boolean(req.query.highlights),
          req.ip,
        );
        return { stories: await presentStories(app.ctx, viewer, rows) };
      }
      const me = viewerOf(userOf(req))!;
      return { data: await presentStoryGroups(app.ctx, me, await storiesBar(app.ctx, me)) };
    },
  );

  app.get(
    '/stories/users/:id',
    {
      schema: {
        tags,
        summary: 'Open a story (marks it seen for the signed-in fan)',
        params: idParamsSchema,
        response: { 200: storySchema },
      },
    },
    async (req) => {
      const viewer = viewerOf(req.user);
      const row = await openStory(app.ctx, viewer, req.params.id, req.ip);
      return (await presentStories(app.ctx, viewer, [row]))[0];
    },
  );
}
