import {
  listResponseSchema,
  MESSAGE_MAX_FILES,
  mediaStatusSchema,
  mediaUploadResponseSchema,
  messageListQuerySchema,
  messageSchema,
  sendMessageSchema,
  unreadTotalSchema,
} from '@marquee/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import * as conversations from '../conversations';
import { presentMedia, uploadFiles } from '../media';
import { registerMessagePurchasable } from './messages.integrations';
import * as messages from './messages.service';

const tags = ['messages'];
const idParams = z.object({ id: z.string().uuid() });

export default async function messageRoutes(app: App) {
  registerMessagePurchasable();

  app.get(
    '/messages/conversations/:id',
    {
      schema: {
        tags,
        summary: 'A page of a conversation’s messages, newest first (offset, limit)',
        description:
          'The client opens a conversation with offset 0 and limit 25 and shows the page oldest first; loading more asks for the next offset. Paid messages show their files locked until bought.',
        params: idParams,
        querystring: messageListQuerySchema,
        response: { 200: listResponseSchema(messageSchema) },
      },
    },
    async (req) => messages.listMessages(app.ctx, userOf(req), req.params.id, req.query),
  );

  app.post(
    '/messages/conversations/:id',
    {
      schema: {
        tags,
        summary: 'Sends a message (text and/or uploaded files; a price makes it pay-per-view)',
        description:
          'Text is plain (tags removed, at most 5000 characters). fileIds come from the upload endpoints. price (creators only, with a file) must be within the wallet price limits; the fan unlocks it with POST /wallet/charges/message/{id}.',
        params: idParams,
        body: sendMessageSchema,
        response: { 201: messageSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await messages.sendMessage(app.ctx, userOf(req), req.params.id, req.body)),
  );

  const upload = (kind: 'photo' | 'video') => async (req: FastifyRequest, reply: FastifyReply) => {
    const user = userOf(req);
    const { media } = await uploadFiles(app.ctx, req, {
      ownerId: user.id,
      kinds: [kind],
      maxFiles: MESSAGE_MAX_FILES,
      teaser: false,
    });
    return reply
      .code(201)
      .send({ data: media.map((m) => presentMedia(app.ctx, m, { unlocked: true, viewerId: user.id })) });
  };

  app.post(
    '/messages/public/file/photo',
    {
      schema: {
        tags,
        summary: 'Uploads photos to attach to a message (multipart, field "file")',
        description: 'Returns the media to pass as fileIds when sending. Photos are ready at once.',
        response: { 201: mediaUploadResponseSchema },
      },
    },
    upload('photo'),
  );

  app.post(
    '/messages/private/file/video',
    {
      schema: {
        tags,
        summary: 'Uploads videos to attach to a message (multipart, field "file")',
        description:
          'Videos are processed in the background: follow GET /messages/{id}/file/{fileId}/status or the media/status realtime event.',
        response: { 201: mediaUploadResponseSchema },
      },
    },
    upload('video'),
  );

  app.delete(
    '/messages/:id',
    {
      schema: {
        tags,
        summary: 'Deletes one of your messages; both sides see "Message deleted"',
        params: idParams,
        response: { 200: messageSchema },
      },
    },
    async (req) => messages.deleteMessage(app.ctx, userOf(req), req.params.id),
  );

  app.get(
    '/messages/total-unread-messages',
    {
      schema: {
        tags,
        summary: 'How many messages the signed-in user has not seen, over every conversation',
        response: { 200: unreadTotalSchema },
      },
    },
    async (req) => ({ total: await conversations.unreadTotal(app.ctx, userOf(req).id) }),
  );

  app.post(
    '/messages/read-all/:id',
    {
      schema: {
        tags,
        summary: 'Marks every message of a conversation read (its unseen count becomes 0)',
        params: idParams,
        response: { 200: unreadTotalSchema },
      },
    },
    async (req) => conversations.readAll(app.ctx, userOf(req), req.params.id),
  );

  app.get(
    '/messages/:id/file/:fileId/status',
    {
      schema: {
        tags,
        summary: 'Processing status of a message’s file (the sender, or a fan who may see it)',
        params: z.object({ id: z.string().uuid(), fileId: z.string().uuid() }),
        response: { 200: mediaStatusSchema },
      },
    },
    async (req) => messages.fileStatus(app.ctx, userOf(req), req.params.id, req.params.fileId),
  );

  app.get(
    '/messages/conversations/public/:id',
    {
      schema: {
        tags,
        summary: 'A public conversation’s messages (stream chat), newest first; no sign-in needed',
        params: idParams,
        querystring: messageListQuerySchema,
        response: { 200: listResponseSchema(messageSchema) },
      },
    },
    async (req) => messages.listPublicMessages(app.ctx, req.user, req.params.id, req.query),
  );
}
