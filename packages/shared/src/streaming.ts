import { z } from 'zod';
import { dateInput } from './input';
import { listQuerySchema } from './list';
import type { Message } from './messages';

/**
 * Live streaming contracts (spec §7 streaming calls, stream chat, private
 * shows). Amounts are decimal tokens; the server stores integer cents.
 * docs/streaming.md explains the design; STREAMING-API.md summarises the calls.
 */
export const STREAM_TYPES = ['public', 'group', 'private'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];
/** Types a creator can go live with (private shows start from an accepted request). */
export const LIVE_STREAM_TYPES = ['public', 'group'] as const;
export const STREAM_STATUSES = ['live', 'ended'] as const;
export type StreamStatus = (typeof STREAM_STATUSES)[number];
export const STREAMING_PROVIDERS = ['webrtc', 'agora'] as const;
export type StreamingProvider = (typeof STREAMING_PROVIDERS)[number];

export const PRIVATE_REQUEST_STATUSES = ['pending', 'accepted', 'rejected', 'cancelled', 'expired'] as const;
export type PrivateRequestStatus = (typeof PRIVATE_REQUEST_STATUSES)[number];
/** waiting: accepted, not both connected yet; live: billing; ended: stopped (see endReason). */
export const PRIVATE_SESSION_STATUSES = ['waiting', 'live', 'ended'] as const;
export type PrivateSessionStatus = (typeof PRIVATE_SESSION_STATUSES)[number];
export const PRIVATE_END_REASONS = ['fan_left', 'creator_left', 'balance', 'network', 'admin', 'not_started'] as const;
export type PrivateEndReason = (typeof PRIVATE_END_REASONS)[number];

/** A network drop longer than this ends a private show (seconds without a heartbeat). */
export const PRIVATE_HEARTBEAT_TIMEOUT_SECONDS = 30;
/** Clients send `private/heartbeat` this often. */
export const PRIVATE_HEARTBEAT_INTERVAL_SECONDS = 5;
/** Billing granularity: one charge per started minute. */
export const PRIVATE_MINUTE_SECONDS = 60;
/** Agora token validity when the request names none. */
export const AGORA_TOKEN_DEFAULT_SECONDS = 3600;

const tokens = z.number().min(0).max(10_000_000);
const priceIn = z.coerce.number().min(0).max(1_000_000).multipleOf(0.01, 'At most two decimals');
const isoDate = z.string();

export const streamCreatorSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type StreamCreator = z.infer<typeof streamCreatorSchema>;

export const streamSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  performer: streamCreatorSchema.nullable(),
  title: z.string(),
  description: z.string(),
  type: z.enum(STREAM_TYPES),
  /** Session price in tokens; 0 = free (public only). */
  price: tokens,
  isFree: z.boolean(),
  status: z.enum(STREAM_STATUSES),
  startedAt: isoDate,
  endedAt: isoDate.nullable(),
  /** Seconds the stream ran (PUT /streaming/set-duration; only grows). */
  duration: z.number().int(),
  /** Viewers connected now (0 once ended). */
  viewerCount: z.number().int(),
  /** The stream chat (GET/POST /messages/stream/{conversationId}). */
  conversationId: z.string().nullable(),
  /** The viewer paid the session (or it is free, or the viewer is the creator/admin). */
  hasAccess: z.boolean(),
  createdAt: isoDate,
});
export type Stream = z.infer<typeof streamSchema>;

/** POST /streaming/live */
export const goLiveBodySchema = z
  .object({
    title: z.string().trim().min(1, 'title is required').max(120),
    description: z.string().trim().max(2000).default(''),
    type: z.enum(LIVE_STREAM_TYPES).default('public'),
    /** Session price in tokens; 0 = free. Group streams need a price > 0 (defaults to the creator's group price). */
    price: priceIn.optional(),
  })
  .strict();
export type GoLiveBody = z.input<typeof goLiveBodySchema>;

/** PUT /streaming/update: stream info (when streamId is given) and the creator's prices. */
export const streamUpdateBodySchema = z
  .object({
    streamId: z.string().uuid().optional(),
    title: z.string().trim().min(1).max(120).optional(),
    description: z.string().trim().max(2000).optional(),
    /** Private show price per minute, tokens. */
    privateCallPrice: priceIn.optional(),
    /** Default group session price, tokens. */
    groupCallPrice: priceIn.optional(),
  })
  .strict();
export type StreamUpdateBody = z.input<typeof streamUpdateBodySchema>;

/** The creator's own streaming settings (never shown to others except the prices). */
export const streamSettingsSchema = z.object({
  privateCallPrice: tokens,
  groupCallPrice: tokens,
  /** OBS: server URL and stream key (only in the creator's own view). */
  rtmpUrl: z.string(),
  streamKey: z.string(),
  provider: z.enum(STREAMING_PROVIDERS),
  /** The id the next go-live takes: people depicted are named on it (releases, subjectType 'stream'). */
  nextStreamId: z.string(),
});
export type StreamSettings = z.infer<typeof streamSettingsSchema>;

export const streamUpdateResponseSchema = z.object({
  settings: streamSettingsSchema,
  stream: streamSchema.nullable(),
});

/** PUT /streaming/set-duration */
export const setDurationBodySchema = z
  .object({
    streamId: z.string().uuid(),
    /** Seconds; a smaller value than stored is ignored (only grows). */
    duration: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400),
  })
  .strict();

export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** GET /streaming/join/{id}: everything a viewer needs to watch. */
export const joinStreamResponseSchema = z.object({
  stream: streamSchema,
  conversationId: z.string().nullable(),
  provider: z.enum(STREAMING_PROVIDERS),
  /** Built-in provider: signed, short-lived HLS playlist (null until the first segments exist is NOT used: always set). */
  hlsUrl: z.string().nullable(),
  /** When hlsUrl stops working (ISO); call join again before it to refresh. */
  hlsExpiresAt: isoDate.nullable(),
  /** Agora provider: app id and channel (then POST /streaming/agora/token). */
  agora: z.object({ appId: z.string(), channel: z.string() }).nullable(),
  /** The viewer is muted in this stream's chat. */
  muted: z.boolean(),
});
export type JoinStreamResponse = z.infer<typeof joinStreamResponseSchema>;

/** GET /streaming/user/search: who is live now. */
export const liveStreamsQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(['startedAt', 'viewerCount']).default('startedAt'),
  type: z.enum(LIVE_STREAM_TYPES).optional(),
  performerId: z.string().uuid().optional(),
});

/** POST /streaming/agora/token */
export const agoraTokenBodySchema = z
  .object({
    /** The stream id (public/group) or private session id. */
    channelName: z.string().min(1).max(64),
    role: z.enum(['publisher', 'subscriber']).default('subscriber'),
    expireSeconds: z.coerce.number().int().min(60).max(86_400).default(AGORA_TOKEN_DEFAULT_SECONDS),
  })
  .strict();
export const agoraTokenResponseSchema = z.object({
  token: z.string(),
  appId: z.string(),
  channelName: z.string(),
  /** The Agora user account the token is bound to: the Marquee user id. */
  uid: z.string(),
  role: z.enum(['publisher', 'subscriber']),
  expiresAt: isoDate,
});

// ---- viewers and moderation

export const streamViewerSchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
  muted: z.boolean(),
});
export type StreamViewer = z.infer<typeof streamViewerSchema>;
export const streamViewersSchema = z.object({
  streamId: z.string(),
  count: z.number().int(),
  /** Signed-in viewers (anonymous viewers count but are not listed). */
  viewers: z.array(streamViewerSchema),
});
export type StreamViewers = z.infer<typeof streamViewersSchema>;
export const muteViewerBodySchema = z.object({ muted: z.boolean().default(true) }).strict();
export const viewerParamsSchema = z.object({ id: z.string().uuid(), userId: z.string().uuid() });

/** POST /streaming/{id}/tip: a tip inside a stream (the wallet tip, posted into the chat). */
export const streamTipBodySchema = z
  .object({
    amount: z.coerce.number().positive().max(1_000_000).multipleOf(0.01, 'At most two decimals'),
    message: z.string().trim().max(500).optional(),
  })
  .strict();

// ---- stream chat

/** PUT /conversations/stream/{id}/update: the creator opens or closes the chat. */
export const streamConversationUpdateSchema = z.object({ isActive: z.boolean() }).strict();
export const streamSendMessageSchema = z
  .object({ text: z.string().trim().min(1, 'text is required').max(1000) })
  .strict();
export const removeAllMessagesResponseSchema = z.object({ success: z.boolean(), deleted: z.number().int() });

// ---- private shows

export const privateRequestBodySchema = z
  .object({
    performerId: z.string().uuid(),
    /** A proposed time (ISO, future); omitted = now. */
    scheduledAt: dateInput().optional(),
    message: z.string().trim().max(500).optional(),
  })
  .strict();
export const privateRequestSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  performer: streamCreatorSchema.nullable(),
  userId: z.string(),
  user: streamCreatorSchema.nullable(),
  status: z.enum(PRIVATE_REQUEST_STATUSES),
  scheduledAt: isoDate.nullable(),
  message: z.string().nullable(),
  /** Price per minute at request time, tokens. */
  pricePerMinute: tokens,
  /** The session once accepted. */
  sessionId: z.string().nullable(),
  /** The private chat of the show (spec §3 "privateRequests, each with conversationId"). */
  conversationId: z.string().nullable(),
  createdAt: isoDate,
});
export type PrivateRequest = z.infer<typeof privateRequestSchema>;
export const privateRequestsQuerySchema = listQuerySchema.extend({
  status: z.enum(PRIVATE_REQUEST_STATUSES).optional(),
});

export const privateSessionSchema = z.object({
  _id: z.string(),
  requestId: z.string(),
  performerId: z.string(),
  performer: streamCreatorSchema.nullable(),
  userId: z.string(),
  user: streamCreatorSchema.nullable(),
  status: z.enum(PRIVATE_SESSION_STATUSES),
  pricePerMinute: tokens,
  /** Started minutes charged so far. */
  minutesBilled: z.number().int(),
  /** Tokens charged so far. */
  totalCharged: tokens,
  startedAt: isoDate.nullable(),
  endedAt: isoDate.nullable(),
  endReason: z.enum(PRIVATE_END_REASONS).nullable(),
  /** When the next minute is charged (ISO) while live. */
  nextChargeAt: isoDate.nullable(),
  /** Who has joined (the show goes live when both have). */
  fanJoined: z.boolean(),
  creatorJoined: z.boolean(),
  conversationId: z.string().nullable(),
  /** STUN/TURN servers for the WebRTC connection (parties only). */
  iceServers: z.array(iceServerSchema),
  createdAt: isoDate,
});
export type PrivateSession = z.infer<typeof privateSessionSchema>;

/** GET /streaming/performers/{id}/offer: what a creator's shows cost, and whether they are live. */
export const streamOfferSchema = z.object({
  performerId: z.string(),
  privateCallPrice: tokens,
  groupCallPrice: tokens,
  /** Private shows can be requested (price > 0 and the creator can be paid). */
  privateShowsAvailable: z.boolean(),
  liveStreamId: z.string().nullable(),
});
export type StreamOffer = z.infer<typeof streamOfferSchema>;

// ---- admin

export const adminStreamsQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(['startedAt', 'viewerCount']).default('startedAt'),
  status: z.enum(STREAM_STATUSES).default('live'),
});

// ---- realtime payloads (see realtime.ts)

export interface StreamMessageEvent {
  streamId: string;
  conversationId: string;
  message: Message;
}
export interface StreamMessageDeletedEvent {
  streamId: string;
  conversationId: string;
  messageId: string;
  message: Message;
}
export interface StreamEndedEvent {
  streamId: string;
  reason: 'creator' | 'admin' | 'idle';
}
export interface StreamTipEvent {
  streamId: string;
  amount: number;
  sender: StreamCreator | null;
  message: string | null;
}
export type SignalData =
  | { type: 'offer' | 'answer'; sdp: string }
  | { type: 'ice'; candidate: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } };
export interface PrivateSignalEvent {
  sessionId: string;
  fromUserId: string;
  data: SignalData;
}
export interface PrivateLowBalanceEvent {
  sessionId: string;
  /** Balance in tokens now. */
  balance: number;
  /** Seconds until the show stops for lack of balance. */
  secondsLeft: number;
}
/** Socket acks: ok, or an error message with the HTTP-like status. */
export type SocketAck<T = object> = (res: ({ ok: true } & T) | { ok: false; status: number; message: string }) => void;
