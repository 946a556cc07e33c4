import type { CreateMassMessageInput, ListResponse, MassMessage } from '@marquee/shared';
import useSWR, { mutate } from 'swr';
import { api } from '../../lib/api';

export type { MassMessage };
export const MASS_PAGE_SIZE = 20;
const listKey = (page: number) => `/mass-messages?page=${page}&pageSize=${MASS_PAGE_SIZE}`;

/** The creator's mass messages, newest first, refreshed while any is still sending. */
export function useMassMessages(page: number) {
  return useSWR<ListResponse<MassMessage>>(listKey(page), {
    refreshInterval: (latest) =>
      latest?.data.some((m) => m.status === 'sending' || m.status === 'scheduled') ? 3000 : 0,
  });
}

const refreshLists = () => mutate((key) => typeof key === 'string' && key.startsWith('/mass-messages?'));

export async function sendMassMessage(body: CreateMassMessageInput) {
  const created = await api.post<MassMessage>('/mass-messages', body);
  await refreshLists();
  return created;
}

export async function cancelMassMessage(id: string) {
  await api.delete(`/mass-messages/${id}`);
  await refreshLists();
}
