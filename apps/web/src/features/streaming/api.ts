import type { SocketAck } from '@marquee/shared/streaming';
import { client } from '../../lib/api-client';
import type { ApiBody, ApiData, ApiQuery } from '../../lib/api-contract';
import { emit } from '../../lib/realtime';
import { useApi } from '../../lib/use-api';

export type Stream = ApiData<'/streaming/{id}'>;
export type StreamSettings = ApiData<'/streaming/settings'>;
export type JoinStreamResponse = ApiData<'/streaming/join/{id}'>;
export type StreamViewers = ApiData<'/streaming/{id}/viewers'>;
export type PrivateRequest = ApiData<'/streaming/private/requests'>['data'][number];
export type PrivateSession = ApiData<'/streaming/private/sessions/{id}'>;

export const LIVE_PAGE_SIZE = 24;

/** Who is live now, refreshed every 15 s (viewer counts move). */
export function useLiveNow(query: ApiQuery<'/streaming/user/search'> = {}) {
  return useApi(
    '/streaming/user/search',
    { query: { pageSize: LIVE_PAGE_SIZE, ...query } },
    { refreshInterval: 15_000 },
  );
}

/** The creator's current live stream, if any (a profile's "Live now" badge links to it). */
export function useCreatorLiveStream(performerId: string | undefined, enabled = true) {
  const { data, ...rest } = useApi(performerId && enabled ? '/streaming/user/search' : null, {
    query: { performerId, pageSize: 1 },
  });
  return { stream: data?.data[0], ...rest };
}

export function useStreamSettings(enabled = true) {
  return useApi(enabled ? '/streaming/settings' : null);
}

export function useStream(id: string | undefined) {
  return useApi(id ? '/streaming/{id}' : null, { path: { id: id ?? '' } });
}

export function useIncomingRequests(enabled = true) {
  return useApi(enabled ? '/streaming/private/requests' : null, { query: { status: 'pending', pageSize: 50 } });
}

/** What a creator's shows cost (the fan sees the per-minute price before requesting). */
export function useStreamOffer(performerId: string | undefined, enabled = true) {
  return useApi(performerId && enabled ? '/streaming/performers/{id}/offer' : null, {
    path: { id: performerId ?? '' },
  });
}

export function usePrivateSession(id: string | undefined) {
  return useApi(
    id ? '/streaming/private/sessions/{id}' : null,
    { path: { id: id ?? '' } },
    { revalidateOnFocus: false },
  );
}

const idem = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const streamingApi = {
  goLive: (body: ApiBody<'/streaming/live', 'post'>) => client.post('/streaming/live', { body }),
  end: (id: string) => client.put('/streaming/live/{id}', { path: { id } }),
  update: (body: ApiBody<'/streaming/update', 'put'>) => client.put('/streaming/update', { body }),
  setDuration: (streamId: string, duration: number) =>
    client.put('/streaming/set-duration', { body: { streamId, duration } }),
  regenerateKey: () => client.post('/streaming/settings/stream-key'),
  join: (id: string) => client.get('/streaming/join/{id}', { path: { id } }),
  buySession: (id: string) => client.post('/wallet/charges/stream/{id}', { path: { id }, body: {}, ...idem() }),
  tip: (streamId: string, amount: number, message?: string) =>
    client.post('/streaming/{id}/tip', {
      path: { id: streamId },
      body: { amount, message: message || undefined },
      ...idem(),
    }),
  viewers: (id: string) => client.get('/streaming/{id}/viewers', { path: { id } }),
  mute: (id: string, userId: string, muted: boolean) =>
    client.put('/streaming/{id}/viewers/{userId}/mute', { path: { id, userId }, body: { muted } }),
  remove: (id: string, userId: string) => client.delete('/streaming/{id}/viewers/{userId}', { path: { id, userId } }),
  agoraToken: (channelName: string, role: 'publisher' | 'subscriber') =>
    client.post('/streaming/agora/token', { body: { channelName, role } }),

  messages: (id: string, offset: number, limit = 25) =>
    client.get('/messages/stream/{id}', { path: { id }, query: { offset, limit } }),
  send: (id: string, text: string) => client.post('/messages/stream/{id}', { path: { id }, body: { text } }),
  deleteMessage: (messageId: string) => client.delete('/messages/{id}', { path: { id: messageId } }),
  clearChat: (id: string) => client.delete('/messages/stream/{id}/remove-all-message', { path: { id } }),
  setChatOpen: (conversationId: string, isActive: boolean) =>
    client.put('/conversations/stream/{id}/update', { path: { id: conversationId }, body: { isActive } }),

  requestPrivate: (performerId: string, body: { scheduledAt?: string; message?: string }) =>
    client.post('/streaming/private/requests', { body: { performerId, ...body } }),
  myRequests: () => client.get('/streaming/private/requests', { query: { pageSize: 20 } }),
  accept: (id: string) => client.put('/streaming/private/requests/{id}/accept', { path: { id } }),
  reject: (id: string) => client.put('/streaming/private/requests/{id}/reject', { path: { id } }),
  cancel: (id: string) => client.put('/streaming/private/requests/{id}/cancel', { path: { id } }),
  endSession: (id: string) => client.put('/streaming/private/sessions/{id}/end', { path: { id } }),
};

type AckResult<T> = ({ ok: true } & T) | { ok: false; status: number; message: string };

/** Emits a socket event with an ack and resolves with its answer (rejects on `ok: false`, or after `ms` unless 0). */
export function emitWithAck<T extends object>(
  send: (ack: SocketAck<T>) => void,
  ms = 10_000,
): Promise<{ ok: true } & T> {
  return new Promise((resolve, reject) => {
    const timer =
      ms > 0 ? setTimeout(() => reject({ statusCode: 0, message: 'The server did not answer in time' }), ms) : null;
    send(((res: AckResult<T>) => {
      if (timer) clearTimeout(timer);
      if (res.ok) resolve(res);
      else reject({ statusCode: res.status, message: res.message });
    }) as SocketAck<T>);
  });
}

export const realtimeStreaming = {
  join: (streamId: string) => emitWithAck<{ viewerCount: number }>((ack) => emit('stream/join', { streamId }, ack)),
  leave: (streamId: string) => emit('stream/leave', { streamId }),
  publish: (streamId: string, seq: number, chunk: ArrayBuffer) =>
    // No timeout: the ack comes when ffmpeg took the chunk (backpressure); a slow machine only delays it.
    emitWithAck<object>((ack) => emit('stream/publish', { streamId, seq, chunk }, ack), 0),
  privateJoin: (sessionId: string) =>
    emitWithAck<{ session: PrivateSession }>((ack) => emit('private/join', { sessionId }, ack)),
  heartbeat: (sessionId: string) => emit('private/heartbeat', { sessionId }),
  leavePrivate: (sessionId: string) => emit('private/leave', { sessionId }),
};

/** Tokens with two decimals, in the interface language ("12.50 tokens", "12,50 Token"). */
export { tokens } from '../wallet/api';
