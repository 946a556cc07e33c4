import type { ListResponse } from '@marquee/shared/list';
import type { Notification } from '@marquee/shared/notifications';
import useSWR, { mutate as globalMutate } from 'swr';
import { api } from '../../lib/api';
import { useRealtimeEvent } from '../../lib/realtime';
import { useCurrentUser } from '../auth/api';

export type { Notification };
export interface NotificationPreference {
  kind: string;
  label: string;
  inApp: boolean;
  email: boolean;
}

export const NOTIFICATIONS_UNREAD_KEY = '/notifications/unread-count';
export const PREFERENCES_KEY = '/notifications/preferences';
export const notificationsKey = (page: number) => `/notifications?page=${page}&pageSize=20`;

/** The unread notification count for the bell, updated live by notification/unread. */
export function useUnreadNotifications(): number {
  const { isLoggedIn } = useCurrentUser();
  const { data, mutate } = useSWR<{ total: number }>(isLoggedIn ? NOTIFICATIONS_UNREAD_KEY : null);
  useRealtimeEvent('notification/unread', (p) => void mutate(p, { revalidate: false }));
  return data?.total ?? 0;
}

export function useNotifications(page: number) {
  return useSWR<ListResponse<Notification>>(notificationsKey(page));
}

export const usePreferences = () => useSWR<NotificationPreference[]>(PREFERENCES_KEY);

const refreshCount = (res: { total: number }) => globalMutate(NOTIFICATIONS_UNREAD_KEY, res, { revalidate: false });

export async function markRead(id: string) {
  await refreshCount(await api.post<{ total: number }>(`/notifications/${id}/read`));
}
export async function markAllRead() {
  await refreshCount(await api.post<{ total: number }>('/notifications/read-all'));
}
export function savePreferences(preferences: Array<{ kind: string; inApp: boolean; email: boolean }>) {
  return api.put<NotificationPreference[]>(PREFERENCES_KEY, { preferences });
}
