import type { MessageCreatedEvent, MessageDeletedEvent } from './messages';
import type { Notification } from './notifications';

/**
 * The one typed realtime event map shared by server and client (socket.io).
 * Feature modules add their events here.
 */
export interface ServerToClientEvents {
  'auth/success': (payload: { userId: string }) => void;
  'auth/error': (payload: { message: string }) => void;
  'balance/updated': (payload: { balance: number }) => void;
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
}

export interface ClientToServerEvents {
  'auth/login': (payload: { token: string }) => void;
}

export type RealtimeStatus = 'initialized' | 'connected' | 'disconnect' | 'failed' | 'reconnecting';
