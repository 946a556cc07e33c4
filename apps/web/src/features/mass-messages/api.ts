import { mutate } from 'swr';
import { client } from '../../lib/api-client';
import type { ApiBody, ApiData } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';

export type MassMessage = ApiData<'/mass-messages'>['data'][number];
export const MASS_PAGE_SIZE = 20;

/** The creator's mass messages, newest first, refreshed while any is still sending. */
export function useMassMessages(page: number) {
  return useApi(
    '/mass-messages',
    { query: { page, pageSize: MASS_PAGE_SIZE } },
    {
      refreshInterval: (latest) =>
        latest?.data.some((m) => m.status === 'sending' || m.status === 'scheduled') ? 3000 : 0,
    },
  );
}

const refreshLists = () => mutate((key) => typeof key === 'string' && key.startsWith('/mass-messages?'));

export async function sendMassMessage(body: ApiBody<'/mass-messages', 'post'>) {
  const created = await client.post('/mass-messages', { body });
  await refreshLists();
  return created;
}

export async function cancelMassMessage(id: string) {
  await client.delete('/mass-messages/{id}', { path: { id } });
  await refreshLists();
}
