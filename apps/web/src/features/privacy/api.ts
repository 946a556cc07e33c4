import { client } from '../../lib/api-client';
import type { ApiData } from '../../lib/api-contract';
import { setEndingSessionHere } from '../../lib/realtime';
import { useApi } from '../../lib/use-api';
import { logout } from '../auth/api';

export type DataExport = ApiData<'/privacy/exports'>['data'][number];

/**
 * Polls every 2 s while the latest export is being prepared. Pass it as a new arrow each render:
 * SWR reschedules polling only when `refreshInterval` changes identity, so the function itself
 * would never start polling after an export is requested (the list had none before).
 */
const whilePreparing = (latest?: ApiData<'/privacy/exports'>) =>
  latest?.data.some((e) => e.status === 'pending' || e.status === 'running') ? 2000 : 0;

/** My exports; polls every 2 s while one is being prepared. */
export function useDataExports() {
  return useApi('/privacy/exports', undefined, { refreshInterval: (latest) => whilePreparing(latest) });
}

export function requestExport() {
  return client.post('/privacy/exports');
}

/** Erases the account, then ends the local session (the server has already ended every session). */
export async function eraseAccount(password: string) {
  setEndingSessionHere(true);
  const result = await client
    .post('/privacy/erase', { body: { password }, authRedirect: false })
    .catch((err: unknown) => {
      setEndingSessionHere(false); // a wrong password: the session goes on
      throw err;
    });
  await logout();
  return result;
}

export function useAdminExports(userId: string) {
  return useApi(
    '/admin/users/{id}/data-exports',
    { path: { id: userId } },
    { refreshInterval: (latest) => whilePreparing(latest) },
  );
}

export function adminRequestExport(userId: string, reason: string) {
  return client.post('/admin/users/{id}/data-export', { path: { id: userId }, body: { reason } });
}

export function adminErase(userId: string, reason: string) {
  return client.post('/admin/users/{id}/erase', { path: { id: userId }, body: { reason } });
}
