import { client } from '../../lib/api-client';
import type { ApiBody, ApiData, ApiQuery } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';

/** Known-abuse hash lists and matches (issue 26 item 5; docs/compliance.md). */
export type HashList = ApiData<'/admin/hash-lists'>['data'][number];
export type HashMatch = ApiData<'/admin/hash-matches'>['data'][number];
export type HashMatchDetail = ApiData<'/admin/hash-matches/{id}'>;

export const useHashLists = () => useApi('/admin/hash-lists');
export const useHashMatches = (query: ApiQuery<'/admin/hash-matches'>) => useApi('/admin/hash-matches', { query });
export const useHashMatch = (id: string | null) =>
  useApi(id ? '/admin/hash-matches/{id}' : null, { path: { id: id ?? '' } });

export const loadHashList = (body: ApiBody<'/admin/hash-lists', 'post'>) => client.post('/admin/hash-lists', { body });
export const updateHashList = (id: string, body: ApiBody<'/admin/hash-lists/{id}', 'patch'>) =>
  client.patch('/admin/hash-lists/{id}', { path: { id }, body });
export const deleteHashList = (id: string) => client.delete('/admin/hash-lists/{id}', { path: { id } });
export const markReportSent = (id: string, ncmecReportId: string) =>
  client.post('/admin/hash-matches/{id}/sent', { path: { id }, body: { ncmecReportId } });
