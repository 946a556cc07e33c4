import type { ListResponse } from '@marquee/shared/list';
import type { Conversation, Message } from '@marquee/shared/messages';
import type {
  GoLiveBody,
  JoinStreamResponse,
  PrivateRequest,
  PrivateSession,
  SocketAck,
  Stream,
  StreamOffer,
  StreamSettings,
  StreamUpdateBody,
  StreamViewers,
} from '@marquee/shared/streaming';
import type { ChargeResult } from '@marquee/shared/wallet';
import useSWR from 'swr';
import { api } from '../../lib/api';
import { emit } from '../../lib/realtime';

export type { JoinStreamResponse, PrivateRequest, PrivateSession, Stream, StreamSettings, StreamViewers };

export const LIVE_PAGE_SIZE = 24;
export const STREAM_SETTINGS_KEY = '/streaming/settings';
export const liveNowKey = (query = '') =>
  `/streaming/user/search?pageSize=${LIVE_PAGE_SIZE}${query ? `&${query}` : ''}`;
export const INCOMING_REQUESTS_KEY = '/streaming/private/requests?status=pending&pageSize=50';

/** Who is live now, refreshed every 15 s (viewer counts move). */
export function useLiveNow(query = '') {
  return useSWR<ListResponse<Stream>>(liveNowKey(query), { refreshInterval: 15_000 });
}

/** The creator's current live stream, if any (a profile's "Live now" badge links to it). */
export function useCreatorLiveStream(performerId: string | undefined, enabled = true) {
  const { data, ...rest } = useSWR<ListResponse<Stream>>(
    performerId && enabled ? `/streaming/user/search?performerId=${performerId}&pageSize=1` : null,
  );
  return { stream: data?.data[0], ...rest };
}

export function useStreamSettings(enabled = true) {
  return useSWR<StreamSettings>(enabled ? STREAM_SETTINGS_KEY : null);
}

export function useStream(id: string | undefined) {
  return useSWR<Stream>(id ? `/streaming/${id}` : null);
}

export function useIncomingRequests(enabled = true) {
  return useSWR<ListResponse<PrivateRequest>>(enabled ? INCOMING_REQUESTS_KEY : null);
}

/** What a creator's shows cost (the fan sees the per-minute price before requesting). */
export function useStreamOffer(performerId: string | undefined, enabled = true) {
  return useSWR<StreamOffer>(performerId && enabled ? `/streaming/performers/${performerId}/offer` : null);
}

export function usePrivateSession(id: string | undefined) {
  return useSWR<PrivateSession>(id ? `/streaming/private/sessions/${id}` : null, { revalidateOnFocus: false });
}

const idem = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const streamingApi = {
  goLive: (body: GoLiveBody) => api.post<Stream>('/streaming/live', body),
  end: (id: string) => api.put<Stream>(`/streaming/live/${id}`),
  update: (body: StreamUpdateBody) =>
    api.put<{ settings: StreamSettings; stream: Stream | null }>('/streaming/update', body),
  setDuration: (streamId: string, duration: number) =>
    api.put<Stream>('/streaming/set-duration', { streamId, duration }),
  regenerateKey: () => api.post<StreamSettings>('/streaming/settings/stream-key'),
  join: (id: string) => api.get<JoinStreamResponse>(`/streaming/join/${id}`),
  buySession: (id: string) => api.post<ChargeResult>(`/wallet/charges/stream/${id}`, {}, idem()),
  tip: (streamId: string, amount: number, message?: string) =>
    api.post<ChargeResult>(`/streaming/${streamId}/tip`, { amount, message: message || undefined }, idem()),
  viewers: (id: string) => api.get<StreamViewers>(`/streaming/${id}/viewers`),
  mute: (id: string, userId: string, muted: boolean) =>
    api.put<StreamViewers>(`/streaming/${id}/viewers/${userId}/mute`, { muted }),
  remove: (id: string, userId: string) => api.delete<StreamViewers>(`/streaming/${id}/viewers/${userId}`),
  agoraToken: (channelName: string, role: 'publisher' | 'subscriber') =>
    api.post<{ token: string; appId: string; channelName: string; uid: string; expiresAt: string }>(
      '/streaming/agora/token',
      { channelName, role },
    ),

  messages: (id: string, offset: number, limit = 25) =>
    api.get<ListResponse<Message>>(`/messages/stream/${id}`, { query: { offset, limit } }),
  send: (id: string, text: string) => api.post<Message>(`/messages/stream/${id}`, { text }),
  deleteMessage: (messageId: string) => api.delete<Message>(`/messages/${messageId}`),
  clearChat: (id: string) =>
    api.delete<{ success: boolean; deleted: number }>(`/messages/stream/${id}/remove-all-message`),
  setChatOpen: (conversationId: string, isActive: boolean) =>
    api.put<Conversation>(`/conversations/stream/${conversationId}/update`, { isActive }),

  requestPrivate: (performerId: string, body: { scheduledAt?: string; message?: string }) =>
    api.post<PrivateRequest>('/streaming/private/requests', { performerId, ...body }),
  myRequests: () => api.get<ListResponse<PrivateRequest>>('/streaming/private/requests', { query: { pageSize: 20 } }),
  accept: (id: string) => api.put<PrivateSession>(`/streaming/private/requests/${id}/accept`),
  reject: (id: string) => api.put<PrivateRequest>(`/streaming/private/requests/${id}/reject`),
  cancel: (id: string) => api.put<PrivateRequest>(`/streaming/private/requests/${id}/cancel`),
  endSession: (id: string) => api.put<PrivateSession>(`/streaming/private/sessions/${id}/end`),
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

/** Tokens with two decimals. */
export const tokens = (n: number) => `${n.toFixed(2)} tokens`;
