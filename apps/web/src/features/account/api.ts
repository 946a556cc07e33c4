import { mutate } from 'swr';
import { client } from '../../lib/api-client';
import type { ApiBody } from '../../lib/api-contract';
import { apiKey, useApi } from '../../lib/use-api';
import { ME_KEY } from '../auth/api';

export const PERFORMER_ME_KEY = apiKey('/performers/me');
export const LINKED_KEY = apiKey('/auth/linked-accounts');

export function usePerformerProfile(enabled: boolean) {
  return useApi(enabled && '/performers/me');
}

export function useLinkedAccounts() {
  return useApi('/auth/linked-accounts');
}

async function refreshMe() {
  await Promise.all([mutate(ME_KEY), mutate(PERFORMER_ME_KEY)]);
}

export async function updateUser(body: ApiBody<'/users', 'put'>) {
  const me = await client.put('/users', { body });
  await mutate(ME_KEY, me, { revalidate: false });
  return me;
}

export async function updatePerformer(id: string, body: ApiBody<'/performers/{id}', 'put'>) {
  const profile = await client.put('/performers/{id}', { path: { id }, body });
  await mutate(PERFORMER_ME_KEY, profile, { revalidate: false });
  await mutate(ME_KEY);
  return profile;
}

export async function changePassword(body: ApiBody<'/auth/users/me/password', 'put'>) {
  return client.put('/auth/users/me/password', { body });
}

export async function setupTotp() {
  return client.post('/auth/2fa/setup');
}
export async function enableTotp(code: string) {
  const r = await client.post('/auth/2fa/enable', { body: { code } });
  await refreshMe();
  return r;
}
export async function disableTotp(code: string) {
  const r = await client.post('/auth/2fa/disable', { body: { code } });
  await refreshMe();
  return r;
}

export async function twitterLinkUrl() {
  return client.get('/twitter/getLink');
}
export async function unlinkTwitter() {
  await client.delete('/twitter/unlink');
  await mutate(LINKED_KEY);
}

export async function startVerification(performerId: string) {
  const r = await client.post('/auth/yoti/idv-verifications', { body: { performerId } });
  await refreshMe();
  return r;
}

export { refreshMe };
