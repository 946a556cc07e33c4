import type { StreamWarningEvent } from './live-monitor';
import type { MessageCreatedEvent, MessageDeletedEvent } from './messages';
import type { Notification } from './notifications';
import type { PayoutRequest } from './payouts';
import type {
  PrivateLowBalanceEvent,
  PrivateRequest,
  PrivateSession,
  PrivateSignalEvent,
  SignalData,
  SocketAck,
  Stream,
  StreamEndedEvent,
  StreamMessageDeletedEvent,
  StreamMessageEvent,
  StreamTipEvent,
  StreamViewers,
} from './streaming';
import type { Payment } from './wallet';

/**
 * The one typed realtime event map shared by server and client (socket.io).
 * Feature modules add their events here.
 */
export interface ServerToClientEvents {
  'auth/success': (payload: { userId: string }) => void;
  'auth/error': (payload: { message: string }) => void;
  /** The socket's session was revoked (logout, password change, suspension, erasure): it is disconnected next. */
  'auth/revoked': (payload: { message: string }) => void;
  /** A client event was dropped (its ack, if any, answered 429): too many events from this account or address. */
  'rate-limited': (payload: RateLimitedEvent) => void;
  'balance/updated': (payload: { balance: number }) => void;
  /** One of the user's card payments changed (the gateway's postback or webhook arrived): the result page shows it. */
  'payment/updated': (payload: Payment) => void;
  'media/status': (payload: {
    mediaId: string;
    status: 'processing' | 'ready' | 'error';
    progress?: number;
    error?: string;
  }) => void;
  'notification/new': (payload: Notification) => void;
  'notification/unread': (payload: { total: number }) => void;
  'message/created': (payload: MessageCreatedEvent) => void;
  'message/deleted': (payload: MessageDeletedEvent) => void;
  'conversation/read': (payload: { conversationId: string; userId: string }) => void;
  'message/unread-total': (payload: { total: number }) => void;
  'feed/created': (payload: { feedId: string; performerId: string }) => void;
  /** This node is shutting down: the connection closes next; reconnect (the balancer picks another node). */
  'server/reconnect': (payload: { reason: 'shutdown'; retryAfterMs: number }) => void;
  'payout/updated': (payload: PayoutRequest) => void;
  // Live streaming (room `stream:<id>` unless noted)
  'stream/updated': (payload: { stream: Stream }) => void;
  'stream/ended': (payload: StreamEndedEvent) => void;
  'stream/viewers': (payload: StreamViewers) => void;
  'stream/message': (payload: StreamMessageEvent) => void;
  'stream/message-deleted': (payload: StreamMessageDeletedEvent) => void;
  'stream/chat-cleared': (payload: { streamId: string; conversationId: string }) => void;
  'stream/tip': (payload: StreamTipEvent) => void;
  /** To the viewer concerned (and the creator). */
  'stream/muted': (payload: { streamId: string; userId: string; muted: boolean }) => void;
  /** To the viewer removed: leave the page. */
  'stream/removed': (payload: { streamId: string; userId: string }) => void;
  /** To the creator (user room): a moderator's warning about the live stream or private show. */
  'stream/warning': (payload: StreamWarningEvent) => void;
  /** To followers and subscribers (user rooms) when a creator goes live. */
  'stream/live': (payload: { stream: Stream }) => void;
  // Private shows (user rooms of the two parties)
  'private/request': (payload: { request: PrivateRequest }) => void;
  'private/session': (payload: { session: PrivateSession }) => void;
  'private/low-balance': (payload: PrivateLowBalanceEvent) => void;
  'private/signal': (payload: PrivateSignalEvent) => void;
  /** Built-in provider: the creator's ingest state (creator's user room). */
  'stream/ingest': (payload: { streamId: string; state: 'receiving' | 'stopped' | 'error'; message?: string }) => void;
}

/** Which limit refused a socket event, and when to try again. */
export interface RateLimitedEvent {
  limit: 'socket-events';
  /** The event that was dropped. */
  event: string;
  message: string;
  retryAfterMs: number;
}

/** `connect_error` data when a connection is refused because its address has too many sockets open. */
export interface SocketsPerIpRefusal {
  limit: 'sockets-per-ip';
  max: number;
}

export interface ClientToServerEvents {
  'auth/login': (payload: { token: string }) => void;
  /** Watch a stream: joins room `stream:<id>` after the same checks as GET /streaming/join/{id}. */
  'stream/join': (payload: { streamId: string }, ack?: SocketAck<{ viewerCount: number }>) => void;
  'stream/leave': (payload: { streamId: string }) => void;
  /** Built-in provider, browser broadcast: one MediaRecorder WebM chunk, in order (seq from 0). */
  'stream/publish': (payload: { streamId: string; seq: number; chunk: ArrayBuffer }, ack?: SocketAck) => void;
  'private/join': (payload: { sessionId: string }, ack?: SocketAck<{ session: PrivateSession }>) => void;
  'private/heartbeat': (payload: { sessionId: string }) => void;
  'private/signal': (payload: { sessionId: string; data: SignalData }) => void;
  'private/leave': (payload: { sessionId: string }) => void;
}

export type RealtimeStatus = 'initialized' | 'connected' | 'disconnect' | 'failed' | 'reconnecting';
