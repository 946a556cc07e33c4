import {
  conversationListQuerySchema,
  conversationSchema,
  createConversationSchema,
  listResponseSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import * as conversations from './conversations.service';

const tags = ['messages'];
const idParams = z.object({ id: z.string().uuid() });

export default async function conversationRoutes(app: App) {
  app.get(
    '/conversations',
    {
      schema: {
        tags,
        summary: "The signed-in user's conversations, most recent first",
        description:
          'Each with the other party, the last message and totalNotSeenMessages (the viewer’s unread count).',
        querystring: conversationListQuerySchema,
        response: { 200: listResponseSchema(conversationSchema) },
      },
    },
    async (req) => conversations.listConversations(app.ctx, userOf(req), req.query),
  );

  app.get(
    '/conversations/search',
    {
      schema: {
        tags,
        summary: 'Searches the signed-in user’s conversations by the other party’s name or username',
        querystring: conversationListQuerySchema,
        response: { 200: listResponseSchema(conversationSchema) },
      },
    },
    async (req) => conversations.listConversations(app.ctx, userOf(req), req.query),
  );

  app.get(
    '/conversations/:id',
    {
      schema: {
        tags,
        summary: 'One of the signed-in user’s conversations',
        params: idParams,
        response: { 200: conversationSchema },
      },
    },
    async (req) => conversations.getConversation(app.ctx, userOf(req), req.params.id),
  );

  app.post(
    '/conversations',
    {
      schema: {
        tags,
        summary: 'Opens the private conversation with an account (created once, then returned)',
        description:
          'source is the kind of account (performer or user), sourceId its id. 201 when created, 200 when it already existed. 403 when a block, the fan-to-fan rule or the creator’s subscription requirement forbids it.',
        body: createConversationSchema,
        response: { 200: conversationSchema, 201: conversationSchema },
      },
    },
    async (req, reply) => {
      const viewer = userOf(req);
      const { conversation, created } = await conversations.openPrivate(app.ctx, viewer, req.body.sourceId);
      return reply.code(created ? 201 : 200).send(conversation);
    },
  );
}
