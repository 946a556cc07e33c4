import { mutate } from 'swr';
import { apiUrl, client } from '../../lib/api-client';
import type { ApiBody, ApiData } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';
import { downloadAdminFile, openDocument } from '../admin/api';

/** Consent of everyone depicted (issue 26 item 3) and §2257 records (item 4). */
export type Release = ApiData<'/releases'>['data'][number];
export type ReleaseInvite = ApiData<'/release-invites/{token}'>;
export type ReleaseSign = ApiBody<'/release-invites/{token}/sign', 'post'>;

export const useReleases = (subjectId: string | null) =>
  useApi(subjectId ? '/releases' : null, { query: { subjectId: subjectId ?? undefined } });

/** Admins: people named for a live stream whose identity waits for a decision (no queue item of their own). */
export const useStreamIdentityChecks = (enabled: boolean) => useApi(enabled ? '/admin/releases/identity-checks' : null);

export const useInvite = (token: string) => useApi('/release-invites/{token}', { path: { token } });

const refresh = () => mutate((key) => typeof key === 'string' && key.startsWith('/releases'));

export const releasesApi = {
  name: async (body: ApiBody<'/releases', 'post'>) => {
    const r = await client.post('/releases', { body });
    await refresh();
    return r;
  },
  remove: async (id: string) => {
    await client.delete('/releases/{id}', { path: { id } });
    await refresh();
  },
  pdf: (id: string) => openDocument(apiUrl('/releases/{id}/pdf', { path: { id } })),
  sign: (token: string, body: ReleaseSign) => client.post('/release-invites/{token}/sign', { path: { token }, body }),
  sendId: (token: string, form: FormData) =>
    client.upload('/release-invites/{token}/identity', form, { path: { token } }),
  yoti: (token: string) => client.post('/release-invites/{token}/yoti', { path: { token } }),
  revoke: (token: string) => client.post('/release-invites/{token}/revoke', { path: { token }, body: { reason: '' } }),
  myCopy: (token: string) =>
    downloadAdminFile(apiUrl('/release-invites/{token}/pdf', { path: { token } }), 'model-release.pdf'),
  decideIdentity: (id: string, decision: 'verified' | 'rejected') =>
    client.post('/admin/releases/{id}/identity', { path: { id }, body: { decision } }),
  document: (id: string, index: number) =>
    openDocument(apiUrl('/admin/releases/{id}/documents/{index}', { path: { id, index } })),
  exportRecords: (query: { from?: string; to?: string; creatorId?: string }) =>
    downloadAdminFile(apiUrl('/admin/records-2257', { query }), 'records-2257.zip'),
};
