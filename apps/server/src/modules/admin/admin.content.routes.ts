import {
  adminContentQuerySchema,
  adminContentSchema,
  contentTargetParamsSchema,
  listResponseSchema,
  optionalReasonBodySchema,
  restrictionBodySchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { adminActor } from './admin.common';
import { moderate, searchContent, tellCreatorAboutModeration } from './admin.content.service';

const tags = ['admin'];
const resultSchema = z.object({ _id: z.string(), takenDown: z.boolean() });

export default async function adminContentRoutes(app: App) {
  app.get(
    '/admin/content',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: every post or catalogue item of one type across creators, with its moderation state',
        querystring: adminContentQuerySchema,
        response: { 200: listResponseSchema(adminContentSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      return searchContent(app.ctx, req.query);
    },
  );

  app.post(
    '/admin/content/:type/:id/takedown',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary:
          'Admin: take an item down (fans no longer reach it); the creator gets a statement of reasons (facts, ground, how to appeal)',
        params: contentTargetParamsSchema,
        body: restrictionBodySchema,
        response: { 200: resultSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      const target = await moderate(app.ctx, actor, req.params.type, req.params.id, true, req.body.reason, {
        ground: req.body.ground,
      });
      await tellCreatorAboutModeration(app.ctx, actor.user.id, target, true, req.body.reason);
      return { _id: target.id, takenDown: target.takenDown };
    },
  );

  app.post(
    '/admin/content/:type/:id/restore',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: restore a taken-down item; the creator is told',
        params: contentTargetParamsSchema,
        body: optionalReasonBodySchema,
        response: { 200: resultSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      const target = await moderate(app.ctx, actor, req.params.type, req.params.id, false, req.body.reason);
      await tellCreatorAboutModeration(app.ctx, actor.user.id, target, false, req.body.reason);
      return { _id: target.id, takenDown: target.takenDown };
    },
  );
}
