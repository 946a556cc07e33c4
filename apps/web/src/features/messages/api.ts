import { MESSAGES_PAGE_SIZE } from '@marquee/shared/constants';
import type { Conversation, Message } from '@marquee/shared/messages';
import { client } from '../../lib/api-client';
import { useRealtimeEvent } from '../../lib/realtime';
import { useApi } from '../../lib/use-api';
import { useCurrentUser } from '../auth/api';

export type { Conversation, Message };

export const CONVERSATIONS_PAGE_SIZE = 20;

export const fetchConversations = (page: number, q?: string) => {
  const query = { page, pageSize: CONVERSATIONS_PAGE_SIZE, q };
  return q ? client.get('/conversations/search', { query }) : client.get('/conversations', { query });
};
export const fetchConversation = (id: string) => client.get('/conversations/{id}', { path: { id } });
/** Spec §4: without a conversation id, one is created from a source and sourceId. */
export const createConversation = (sourceId: string, source: 'performer' | 'user' = 'performer') =>
  client.post('/conversations', { body: { source, sourceId } });
export const fetchMessages = (conversationId: string, offset: number, limit = MESSAGES_PAGE_SIZE) =>
  client.get('/messages/conversations/{id}', { path: { id: conversationId }, query: { offset, limit } });
export const postMessage = (conversationId: string, body: { text: string; fileIds: string[]; price: number }) =>
  client.post('/messages/conversations/{id}', { path: { id: conversationId }, body });
export const removeMessage = (id: string) => client.delete('/messages/{id}', { path: { id } });
export const readAllMessages = (conversationId: string) =>
  client.post('/messages/read-all/{id}', { path: { id: conversationId } });
export const unlockMessage = (id: string) => client.post('/wallet/charges/message/{id}', { path: { id }, body: {} });

export function uploadAttachment(
  kind: 'photo' | 'video',
  file: File,
  onProgress: (p: number) => void,
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('file', file);
  const options = { onProgress, signal };
  return kind === 'photo'
    ? client.upload('/messages/public/file/photo', form, options)
    : client.upload('/messages/private/file/video', form, options);
}

/** The signed-in user's unread message total, kept current by the realtime feed. */
export function useUnreadMessages(): number {
  const { isLoggedIn } = useCurrentUser();
  const { data, mutate } = useApi(isLoggedIn ? '/messages/total-unread-messages' : null);
  useRealtimeEvent('message/unread-total', (p) => void mutate(p, { revalidate: false }));
  return data?.total ?? 0;
}
