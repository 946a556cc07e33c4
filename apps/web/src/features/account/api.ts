import type { LinkedAccount, Me, PerformerProfile, UpdatePerformerBody, UpdateUserBody } from '@marquee/shared';
import useSWR, { mutate } from 'swr';
import { api } from '../../lib/api';
import { ME_KEY } from '../auth/api';

export const PERFORMER_ME_KEY = '/performers/me';
export const LINKED_KEY = '/auth/linked-accounts';

export function usePerformerProfile(enabled: boolean) {
  return useSWR<PerformerProfile>(enabled ? PERFORMER_ME_KEY : null);
}

export function useLinkedAccounts() {
  return useSWR<{ data: LinkedAccount[] }>(LINKED_KEY);
}

async function refreshMe() {
  await Promise.all([mutate(ME_KEY), mutate(PERFORMER_ME_KEY)]);
}

export async function updateUser(body: UpdateUserBody) {
  const me = await api.put<Me>('/users', body);
  await mutate(ME_KEY, me, { revalidate: false });
  return me;
}

export async function updatePerformer(id: string, body: UpdatePerformerBody) {
  const profile = await api.put<PerformerProfile>(`/performers/${id}`, body);
  await mutate(PERFORMER_ME_KEY, profile, { revalidate: false });
  await mutate(ME_KEY);
  return profile;
}

export async function changePassword(body: {
  password: string;
  currentPassword?: string;
  source: 'user' | 'performer';
}) {
  return api.put<{ success: boolean; message: string }>('/auth/users/me/password', body);
}

export async function setupTotp() {
  return api.post<{ secret: string; otpauthUrl: string }>('/auth/2fa/setup');
}
export async function enableTotp(code: string) {
  const r = await api.post<{ message: string }>('/auth/2fa/enable', { code });
  await refreshMe();
  return r;
}
export async function disableTotp(code: string) {
  const r = await api.post<{ message: string }>('/auth/2fa/disable', { code });
  await refreshMe();
  return r;
}

export async function twitterLinkUrl() {
  return api.get<{ url: string }>('/twitter/getLink');
}
export async function unlinkTwitter() {
  await api.delete('/twitter/unlink');
  await mutate(LINKED_KEY);
}

export async function startVerification(performerId: string) {
  const r = await api.post<{ url: string | null; status: string }>('/auth/yoti/idv-verifications', { performerId });
  await refreshMe();
  return r;
}

export { refreshMe };
