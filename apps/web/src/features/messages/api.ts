import { MESSAGES_PAGE_SIZE } from '@marquee/shared/constants';
import type { ListResponse } from '@marquee/shared/list';
import type { MediaFile } from '@marquee/shared/media';
import type { Conversation, Message } from '@marquee/shared/messages';
import useSWR from 'swr';
import { api } from '../../lib/api';
import { useRealtimeEvent } from '../../lib/realtime';
import { useCurrentUser } from '../auth/api';

export type { Conversation, Message };

export const CONVERSATIONS_PAGE_SIZE = 20;

export const fetchConversations = (page: number, q?: string) =>
  api.get<ListResponse<Conversation>>(q ? '/conversations/search' : '/conversations', {
    query: { page, pageSize: CONVERSATIONS_PAGE_SIZE, q },
  });
export const fetchConversation = (id: string) => api.get<Conversation>(`/conversations/${id}`);
/** Spec §4: without a conversation id, one is created from a source and sourceId. */
export const createConversation = (sourceId: string, source: 'performer' | 'user' = 'performer') =>
  api.post<Conversation>('/conversations', { source, sourceId });
export const fetchMessages = (conversationId: string, offset: number, limit = MESSAGES_PAGE_SIZE) =>
  api.get<ListResponse<Message>>(`/messages/conversations/${conversationId}`, { query: { offset, limit } });
export const postMessage = (conversationId: string, body: { text: string; fileIds: string[]; price: number }) =>
  api.post<Message>(`/messages/conversations/${conversationId}`, body);
export const removeMessage = (id: string) => api.delete<Message>(`/messages/${id}`);
export const readAllMessages = (conversationId: string) =>
  api.post<{ total: number }>(`/messages/read-all/${conversationId}`);
export const unlockMessage = (id: string) => api.post(`/wallet/charges/message/${id}`, {});

export function uploadAttachment(
  kind: 'photo' | 'video',
  file: File,
  onProgress: (p: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('file', file);
  const path = kind === 'photo' ? '/messages/public/file/photo' : '/messages/private/file/video';
  return api.upload<{ data: MediaFile[] }>(path, form, { onProgress, signal });
}

export const UNREAD_KEY = '/messages/total-unread-messages';

/** The signed-in user's unread message total, kept current by the realtime feed. */
export function useUnreadMessages(): number {
  const { isLoggedIn } = useCurrentUser();
  const { data, mutate } = useSWR<{ total: number }>(isLoggedIn ? UNREAD_KEY : null);
  useRealtimeEvent('message/unread-total', (p) => void mutate(p, { revalidate: false }));
  return data?.total ?? 0;
}
