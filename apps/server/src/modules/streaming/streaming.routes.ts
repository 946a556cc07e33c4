import {
  agoraTokenBodySchema,
  agoraTokenResponseSchema,
  chargeResultSchema,
  conversationSchema,
  fromCents,
  goLiveBodySchema,
  joinStreamResponseSchema,
  listResponseSchema,
  liveStreamsQuerySchema,
  messageListQuerySchema,
  messageSchema,
  muteViewerBodySchema,
  privateRequestBodySchema,
  privateRequestSchema,
  privateRequestsQuerySchema,
  privateSessionSchema,
  removeAllMessagesResponseSchema,
  setDurationBodySchema,
  streamConversationUpdateSchema,
  streamOfferSchema,
  streamSchema,
  streamSendMessageSchema,
  streamSettingsSchema,
  streamTipBodySchema,
  streamUpdateBodySchema,
  streamUpdateResponseSchema,
  streamViewersSchema,
  viewerParamsSchema,
} from '@marquee/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-type';
import { badRequest } from '../../lib/errors';
import { requestGeo } from '../../lib/geo';
import { msg } from '../../lib/i18n';
import { userOf } from '../../plugins/auth';
import { chatLimit } from '../../plugins/rate-limit';
import { presentCharge } from '../wallet';
import {
  acceptRequest,
  cancelRequest,
  getSession,
  leaveSession,
  myRequests,
  rejectRequest,
  requestPrivate,
} from './private.service';
import { agoraToken } from './streaming.agora';
import {
  listStreamMessages,
  liveConversationOf,
  registerStreamChatHooks,
  removeAllMessages,
  sendStreamMessage,
  tipInStream,
  updateStreamConversation,
} from './streaming.chat';
import { registerHlsRoutes } from './streaming.hls.routes';
import { ingestFor } from './streaming.ingest';
import { registerStreamPurchasable } from './streaming.integrations';
import { registerStreamingRealtime } from './streaming.realtime';
import {
  endStream,
  getOffer,
  getSettings,
  getStream,
  goLive,
  joinStream,
  listViewers,
  muteViewer,
  regenerateStreamKey,
  removeViewer,
  searchLive,
  setDuration,
  updateStreaming,
} from './streaming.service';

const tags = ['streaming'];
const chatTags = ['messages'];
const idParams = z.object({ id: z.string().uuid() });

function idempotencyKey(req: FastifyRequest): string | undefined {
  const k = req.headers['idempotency-key'];
  if (Array.isArray(k)) throw badRequest(msg('error.idempotencyKeyOne'), 'INVALID_IDEMPOTENCY_KEY');
  return k || undefined;
}

export default async function streamingRoutes(app: App) {
  const ctx = app.ctx;
  registerStreamPurchasable();
  registerStreamChatHooks();
  registerStreamingRealtime(ctx);
  registerHlsRoutes(app);
  app.addHook('onClose', async () => ingestFor(ctx).stopAll());
  const geo = (req: FastifyRequest) => requestGeo(ctx.config, req);

  // ---- creator

  app.get(
    '/streaming/settings',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: "The creator's streaming settings: prices, OBS server URL and stream key",
        response: { 200: streamSettingsSchema },
      },
    },
    async (req) => getSettings(ctx, userOf(req).id),
  );

  app.post(
    '/streaming/settings/stream-key',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'A new OBS stream key (the old one stops working)',
        response: { 200: streamSettingsSchema },
      },
    },
    async (req) => regenerateStreamKey(ctx, userOf(req).id),
  );

  app.post(
    '/streaming/live',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Go live: a public (free or paid) or group (paid) stream',
        description:
          'Followers and subscribers are told. 409 ALREADY_LIVE while another stream of the creator is live; a paid stream needs a verified creator (403 CREATOR_NOT_VERIFIED).',
        body: goLiveBodySchema,
        response: { 201: streamSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await goLive(ctx, userOf(req), req.body)),
  );

  app.put(
    '/streaming/live/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'End a live stream (the creator or an admin)',
        params: idParams,
        response: { 200: streamSchema },
      },
    },
    async (req) => endStream(ctx, userOf(req), req.params.id),
  );

  app.put(
    '/streaming/update',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: "Stream info (with streamId) and the creator's private-show per-minute and group prices",
        body: streamUpdateBodySchema,
        response: { 200: streamUpdateResponseSchema },
      },
    },
    async (req) => updateStreaming(ctx, userOf(req), req.body),
  );

  app.put(
    '/streaming/set-duration',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Record how long a stream ran, in seconds (only grows)',
        body: setDurationBodySchema,
        response: { 200: streamSchema },
      },
    },
    async (req) => setDuration(ctx, userOf(req), req.body.streamId, req.body.duration),
  );

  // ---- viewers

  app.get(
    '/streaming/user/search',
    {
      schema: {
        tags,
        summary: 'Live now: streams with their viewer counts',
        querystring: liveStreamsQuerySchema,
        response: { 200: listResponseSchema(streamSchema) },
      },
    },
    async (req) => searchLive(ctx, req.user, req.query),
  );

  app.get(
    '/streaming/performers/:id/offer',
    {
      schema: {
        tags,
        summary: "What a creator's private and group shows cost, and their live stream if any",
        params: idParams,
        response: { 200: streamOfferSchema },
      },
    },
    async (req) => getOffer(ctx, req.user, req.params.id, geo(req)),
  );

  app.get(
    '/streaming/join/:id',
    {
      schema: {
        tags,
        summary: 'Join a stream: how to watch it (signed HLS URL or Agora channel) and its chat',
        description:
          '404 no such stream; 409 STREAM_NOT_LIVE; 403 BLOCKED or COUNTRY_BLOCKED (creator blocks); 403 REMOVED_FROM_STREAM; 401 signed out on a paid stream; 402 STREAM_PAYMENT_REQUIRED until the session is bought with POST /wallet/charges/stream/{id}.',
        params: idParams,
        response: { 200: joinStreamResponseSchema },
      },
    },
    async (req) => joinStream(ctx, req.user, req.params.id, geo(req)),
  );

  app.get(
    '/streaming/:id',
    {
      schema: {
        tags,
        summary: 'A stream (live or ended)',
        params: idParams,
        response: { 200: streamSchema },
      },
    },
    async (req) => getStream(ctx, req.user, req.params.id, geo(req)),
  );

  app.post(
    '/streaming/agora/token',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'An Agora RTC token bound to the caller and a channel (stream or private show id), 1 hour by default',
        description: '400 AGORA_NOT_CONFIGURED names the missing setting (agoraAppId, agoraAppCertificate).',
        body: agoraTokenBodySchema,
        response: { 200: agoraTokenResponseSchema },
      },
    },
    async (req) => agoraToken(ctx, userOf(req), req.body, geo(req)),
  );

  app.post(
    '/streaming/:id/tip',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Tip the creator during a stream: a wallet tip, also posted in the stream chat',
        params: idParams,
        body: streamTipBodySchema,
        response: { 200: chargeResultSchema },
      },
    },
    async (req) => {
      const o = await tipInStream(ctx, userOf(req), req.params.id, req.body, {
        geo: geo(req),
        idempotencyKey: idempotencyKey(req),
      });
      return { charge: presentCharge(o.charge), balance: fromCents(o.balance), replayed: o.replayed };
    },
  );

  app.get(
    '/streaming/:id/viewers',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Who is watching (the creator's view)",
        params: idParams,
        response: { 200: streamViewersSchema },
      },
    },
    async (req) => listViewers(ctx, userOf(req), req.params.id),
  );

  app.put(
    '/streaming/:id/viewers/:userId/mute',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mute or unmute a viewer in the chat (creator or admin)',
        params: viewerParamsSchema,
        body: muteViewerBodySchema,
        response: { 200: streamViewersSchema },
      },
    },
    async (req) => muteViewer(ctx, userOf(req), req.params.id, req.params.userId, req.body.muted),
  );

  app.delete(
    '/streaming/:id/viewers/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Remove a viewer from the stream (they cannot rejoin it)',
        params: viewerParamsSchema,
        response: { 200: streamViewersSchema },
      },
    },
    async (req) => removeViewer(ctx, userOf(req), req.params.id, req.params.userId),
  );

  // ---- private shows

  app.post(
    '/streaming/private/requests',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Request a private show from a creator (now or at a proposed time)',
        body: privateRequestBodySchema,
        response: { 201: privateRequestSchema },
      },
    },
    async (req, reply) => reply.code(201).send(await requestPrivate(ctx, userOf(req), req.body, geo(req))),
  );

  app.get(
    '/streaming/private/requests',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Private show requests: a creator's incoming ones, a fan's own",
        querystring: privateRequestsQuerySchema,
        response: { 200: listResponseSchema(privateRequestSchema) },
      },
    },
    async (req) => myRequests(ctx, userOf(req), req.query),
  );

  app.put(
    '/streaming/private/requests/:id/accept',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Accept a private show request: the show starts when both have joined',
        params: idParams,
        response: { 200: privateSessionSchema },
      },
    },
    async (req) => acceptRequest(ctx, userOf(req), req.params.id),
  );

  app.put(
    '/streaming/private/requests/:id/reject',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Reject a private show request',
        params: idParams,
        response: { 200: privateRequestSchema },
      },
    },
    async (req) => rejectRequest(ctx, userOf(req), req.params.id),
  );

  app.put(
    '/streaming/private/requests/:id/cancel',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Cancel your pending private show request',
        params: idParams,
        response: { 200: privateRequestSchema },
      },
    },
    async (req) => cancelRequest(ctx, userOf(req), req.params.id),
  );

  app.get(
    '/streaming/private/sessions/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A private show: state, minutes billed, running cost, STUN/TURN servers (parties only)',
        params: idParams,
        response: { 200: privateSessionSchema },
      },
    },
    async (req) => getSession(ctx, userOf(req), req.params.id),
  );

  app.put(
    '/streaming/private/sessions/:id/end',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Leave (end) a private show',
        params: idParams,
        response: { 200: privateSessionSchema },
      },
    },
    async (req) => leaveSession(ctx, userOf(req), req.params.id),
  );

  // ---- stream chat (spec §7 Messages)

  app.get(
    '/messages/stream/:id',
    {
      schema: {
        tags: chatTags,
        summary: 'A page of a stream chat, newest first (conversation or stream id)',
        params: idParams,
        querystring: messageListQuerySchema,
        response: { 200: listResponseSchema(messageSchema) },
      },
    },
    async (req) => listStreamMessages(ctx, req.user, req.params.id, req.query, geo(req)),
  );

  app.post(
    '/messages/stream/:id',
    {
      config: { access: 'user' },
      preHandler: chatLimit(app),
      schema: {
        tags: chatTags,
        summary: 'Send a stream chat message',
        description:
          '403 MUTED, 403 CHAT_CLOSED, the join refusals of GET /streaming/join/{id}, 429 RATE_LIMITED (CHAT_RATE_LIMIT_MAX lines per window).',
        params: idParams,
        body: streamSendMessageSchema,
        response: { 201: messageSchema },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await sendStreamMessage(ctx, userOf(req), req.params.id, req.body.text, geo(req))),
  );

  app.delete(
    '/messages/stream/:id/remove-all-message',
    {
      config: { access: 'user' },
      schema: {
        tags: chatTags,
        summary: 'Clear a stream chat (creator or admin): every message is marked deleted',
        params: idParams,
        response: { 200: removeAllMessagesResponseSchema },
      },
    },
    async (req) => removeAllMessages(ctx, userOf(req), req.params.id),
  );

  app.get(
    '/conversations/stream/performer/:id',
    {
      schema: {
        tags: chatTags,
        summary: "The chat of a creator's live stream",
        params: idParams,
        response: { 200: conversationSchema },
      },
    },
    async (req) => liveConversationOf(ctx, req.user, req.params.id, geo(req)),
  );

  app.put(
    '/conversations/stream/:id/update',
    {
      config: { access: 'user' },
      schema: {
        tags: chatTags,
        summary: 'Open or close a stream chat (creator or admin)',
        params: idParams,
        body: streamConversationUpdateSchema,
        response: { 200: conversationSchema },
      },
    },
    async (req) => updateStreamConversation(ctx, userOf(req), req.params.id, req.body.isActive),
  );
}
