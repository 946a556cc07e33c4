import { createMassMessageSchema, listResponseSchema, massMessageSchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import * as mass from './mass-messages.service';

const tags = ['messages'];
const idParams = z.object({ id: z.string().uuid() });

export default async function massMessageRoutes(app: App) {
  app.post(
    '/mass-messages',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Sends one message (optionally paid) to all subscribers, followers, both, or a list, now or scheduled',
        description:
          'Answers 202 at once: delivery as individual private conversations runs in a background job. GET /mass-messages/{id} reports how many it reached and how many unlocked it.',
        body: createMassMessageSchema,
        response: { 202: massMessageSchema },
      },
    },
    async (req, reply) => reply.code(202).send(await mass.createMassMessage(app.ctx, userOf(req), req.body)),
  );

  app.get(
    '/mass-messages',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'The creator’s mass messages with their delivery and unlock report, newest first',
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: listResponseSchema(massMessageSchema) },
      },
    },
    async (req) => mass.listMassMessages(app.ctx, userOf(req), req.query),
  );

  app.get(
    '/mass-messages/:id',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'One mass message with its report',
        params: idParams,
        response: { 200: massMessageSchema },
      },
    },
    async (req) => mass.getMassMessage(app.ctx, userOf(req), req.params.id),
  );

  app.delete(
    '/mass-messages/:id',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Cancels a scheduled mass message that has not started sending',
        params: idParams,
        response: { 200: massMessageSchema },
      },
    },
    async (req) => mass.cancelMassMessage(app.ctx, userOf(req), req.params.id),
  );
}
