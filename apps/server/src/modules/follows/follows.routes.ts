import {
  followerSchema,
  followStateSchema,
  idParamsSchema,
  listQuerySchema,
  performerListSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { requestGeo } from '../../lib/geo';
import { userOf } from '../../plugins/auth';
import { follow, myFollowers, myFollowing, unfollow } from './follows.service';

const tags = ['follows'];

export default async function followsRoutes(app: App) {
  app.post(
    '/follows/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Follow a creator (by id or username); idempotent',
        params: idParamsSchema,
        response: { 200: followStateSchema },
      },
    },
    async (req) => follow(app.ctx, userOf(req), req.params.id, requestGeo(app.ctx.config, req)),
  );

  app.delete(
    '/follows/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Unfollow a creator (by id or username); idempotent',
        params: idParamsSchema,
        response: { 200: followStateSchema },
      },
    },
    async (req) => unfollow(app.ctx, userOf(req), req.params.id),
  );

  app.get(
    '/follows/followers',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: "The signed-in creator's followers, newest first",
        querystring: listQuerySchema,
        response: { 200: z.object({ data: z.array(followerSchema), total: z.number().int() }) },
      },
    },
    async (req) => myFollowers(app.ctx, userOf(req).id, req.query),
  );

  app.get(
    '/follows/following',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Creators the signed-in user follows, most recently followed first',
        querystring: listQuerySchema,
        response: { 200: performerListSchema },
      },
    },
    async (req) => myFollowing(app.ctx, userOf(req), req.query),
  );
}
