import type { DataExport } from '@marquee/shared/privacy';
import useSWR from 'swr';
import { api } from '../../lib/api';
import { setEndingSessionHere } from '../../lib/realtime';
import { logout } from '../auth/api';

export const EXPORTS_KEY = '/privacy/exports';

/** My exports; polls every 2 s while one is being prepared. */
export function useDataExports() {
  return useSWR<{ data: DataExport[] }>(EXPORTS_KEY, {
    refreshInterval: (latest) =>
      latest?.data.some((e) => e.status === 'pending' || e.status === 'running') ? 2000 : 0,
  });
}

export function requestExport() {
  return api.post<DataExport>('/privacy/exports');
}

/** Erases the account, then ends the local session (the server has already ended every session). */
export async function eraseAccount(password: string) {
  setEndingSessionHere(true);
  const result = await api
    .post<{ success: boolean; filesDeleted: number }>('/privacy/erase', { password }, { authRedirect: false })
    .catch((err: unknown) => {
      setEndingSessionHere(false); // a wrong password: the session goes on
      throw err;
    });
  await logout();
  return result;
}

export const adminExportsKey = (userId: string) => `/admin/users/${userId}/data-exports`;

export function useAdminExports(userId: string) {
  return useSWR<{ data: DataExport[] }>(adminExportsKey(userId), {
    refreshInterval: (latest) =>
      latest?.data.some((e) => e.status === 'pending' || e.status === 'running') ? 2000 : 0,
  });
}

export function adminRequestExport(userId: string, reason: string) {
  return api.post<DataExport>(`/admin/users/${userId}/data-export`, { reason });
}

export function adminErase(userId: string, reason: string) {
  return api.post<{ success: boolean; filesDeleted: number }>(`/admin/users/${userId}/erase`, { reason });
}
