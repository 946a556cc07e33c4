import { mutate as globalMutate } from 'swr';
import { client } from '../../lib/api-client';
import type { ApiBody, ApiData } from '../../lib/api-contract';
import { useRealtimeEvent } from '../../lib/realtime';
import { apiKey, useApi } from '../../lib/use-api';
import { useCurrentUser } from '../auth/api';

export type Notification = ApiData<'/notifications'>['data'][number];
export type NotificationPreference = ApiData<'/notifications/preferences'>[number];

/** The unread notification count for the bell, updated live by notification/unread. */
export function useUnreadNotifications(): number {
  const { isLoggedIn } = useCurrentUser();
  const { data, mutate } = useApi(isLoggedIn ? '/notifications/unread-count' : null);
  useRealtimeEvent('notification/unread', (p) => void mutate(p, { revalidate: false }));
  return data?.total ?? 0;
}

export function useNotifications(page: number) {
  return useApi('/notifications', { query: { page, pageSize: 20 } });
}

export const usePreferences = () => useApi('/notifications/preferences');

const refreshCount = (res: ApiData<'/notifications/unread-count'>) =>
  globalMutate(apiKey('/notifications/unread-count'), res, { revalidate: false });

export async function markRead(id: string) {
  await refreshCount(await client.post('/notifications/{id}/read', { path: { id } }));
}
export async function markAllRead() {
  await refreshCount(await client.post('/notifications/read-all'));
}
export function savePreferences(preferences: ApiBody<'/notifications/preferences', 'put'>['preferences']) {
  return client.put('/notifications/preferences', { body: { preferences } });
}
