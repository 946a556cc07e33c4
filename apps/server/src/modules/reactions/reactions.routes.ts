import {
  feedSchema,
  listQuerySchema,
  listResponseSchema,
  performerListSchema,
  reactionBodySchema,
  reactionStateSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { requestGeo } from '../../lib/geo';
import { userOf } from '../../plugins/auth';
import { bookmarks, react, unreact } from './reactions.service';

const tags = ['reactions'];

export default async function reactionsRoutes(app: App) {
  app.post(
    '/reactions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Like or bookmark an object (performer, feed, video…); idempotent',
        body: reactionBodySchema,
        response: { 200: reactionStateSchema },
      },
    },
    async (req) => react(app.ctx, userOf(req), req.body, requestGeo(app.ctx.config, req)),
  );

  app.delete(
    '/reactions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove a like or bookmark; idempotent',
        body: reactionBodySchema,
        response: { 200: reactionStateSchema },
      },
    },
    async (req) => unreact(app.ctx, userOf(req), req.body),
  );

  app.get(
    '/reactions/performers/bookmark',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The viewer's bookmarked creators, newest bookmark first",
        querystring: listQuerySchema,
        response: { 200: performerListSchema },
      },
    },
    async (req) => bookmarks(app.ctx, userOf(req), 'performers', req.query) as never,
  );

  // The posts' list named apart from the generic one below, so that its answer is typed as posts.
  app.get(
    '/reactions/feeds/bookmark',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The viewer's bookmarked posts, newest bookmark first",
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(feedSchema) },
      },
    },
    async (req) => bookmarks(app.ctx, userOf(req), 'feeds', req.query) as never,
  );

  app.get(
    '/reactions/:type/bookmark',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The viewer's bookmarks of one content type (feeds, galleries, products, videos, reels…)",
        params: z.object({ type: z.string().min(1).max(40) }),
        querystring: listQuerySchema,
        response: { 200: z.object({ data: z.array(z.record(z.string(), z.unknown())), total: z.number().int() }) },
      },
    },
    async (req) => bookmarks(app.ctx, userOf(req), req.params.type, req.query),
  );
}
