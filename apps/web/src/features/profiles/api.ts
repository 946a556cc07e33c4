import type { PerformerCard, PerformerPublic } from '@marquee/shared';
import useSWR, { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { apiUrl, client } from '../../lib/api-client';
import type { ApiBody, ApiData, ApiQuery, PathsFor } from '../../lib/api-contract';
import { useUiStore } from '../../lib/ui-store';
import { apiKey, useApi } from '../../lib/use-api';

export type { PerformerCard, PerformerPublic };

/** GET /performers/{id}: a creator by username or id, as this viewer may see it. */
export function useProfile(profileId: string | undefined) {
  const token = useUiStore((s) => s.token);
  // The key carries the signed-in state so follow/subscribe flags refresh after login.
  return useSWR(
    profileId ? ([apiKey('/performers/{id}', { path: { id: profileId } }), token ?? '', profileId] as const) : null,
    ([, , id]) => client.get('/performers/{id}', { path: { id } }),
  );
}

/** The routes that answer a page of a list, `{ data, total }`. */
type ListPath = {
  [P in PathsFor<'get'>]: ApiData<P> extends { data: unknown[]; total: number } ? P : never;
}[PathsFor<'get'>];
type ListItem<P extends ListPath> = ApiData<P> extends { data: Array<infer T> } ? T : never;

/** Paged lists loaded page after page (infinite scroll); the hook sets `page` and `pageSize`. */
export function useInfiniteList<P extends ListPath>(
  path: P | null,
  query: Omit<ApiQuery<P>, 'page' | 'pageSize'>,
  pageSize = 12,
) {
  const res = useSWRInfinite<{ data: ListItem<P>[]; total: number }>(
    (index, previous) => {
      if (!path) return null;
      if (previous && previous.data.length < pageSize) return null;
      // The same URL `useApi` would key this page under (the query's type is checked at the call).
      return apiUrl(path, { query: { ...query, page: index + 1, pageSize } });
    },
    { revalidateFirstPage: false },
  );
  const pages = res.data ?? [];
  const items = pages.flatMap((p) => p.data);
  const total = pages[0]?.total ?? 0;
  const isLoadingMore = res.isLoading || (res.size > 0 && pages.length < res.size && !res.error);
  const hasMore = items.length < total && !res.error;
  return {
    items,
    total,
    error: res.error,
    isLoading: res.isLoading,
    isLoadingMore,
    hasMore,
    loadMore: () => res.setSize((s) => s + 1),
    refresh: res.mutate,
  };
}

export function useSearchCreators(query: ApiQuery<'/performers/user/search'>) {
  return useInfiniteList('/performers/user/search', query);
}

export function useFollowing() {
  return useInfiniteList('/follows/following', {});
}

export function useBookmarkedCreators() {
  return useInfiniteList('/reactions/performers/bookmark', {});
}

/** Revalidates every cached view of a creator (profile, lists). */
function refreshCreator() {
  return mutate(
    (key) => {
      const k = Array.isArray(key) ? key[0] : key;
      return (
        typeof k === 'string' &&
        (k.startsWith('/performers/') ||
          k.startsWith('/follows/') ||
          k.startsWith('/reactions/') ||
          k.startsWith('$inf$'))
      );
    },
    undefined,
    { revalidate: true },
  );
}

export async function followCreator(id: string, follow: boolean) {
  const res = follow
    ? await client.post('/follows/{id}', { path: { id } })
    : await client.delete('/follows/{id}', { path: { id } });
  await refreshCreator();
  return res;
}

export async function bookmarkCreator(id: string, bookmark: boolean) {
  const body: ApiBody<'/reactions', 'post'> = { objectType: 'performer', objectId: id, action: 'bookmark' };
  if (bookmark) await client.post('/reactions', { body });
  else await client.delete('/reactions', { body });
  await refreshCreator();
}

export type ReportBody = ApiBody<'/reports', 'post'>;

export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam or scam' },
  { value: 'harassment', label: 'Harassment or bullying' },
  { value: 'impersonation', label: 'Impersonation' },
  { value: 'underage', label: 'May involve a minor' },
  { value: 'non_consensual', label: 'Non-consensual content' },
  { value: 'violence', label: 'Violence or threats' },
  { value: 'copyright', label: 'Copyright infringement' },
  { value: 'illegal', label: 'Other illegal content' },
  { value: 'other', label: 'Something else' },
] as const satisfies ReadonlyArray<{ value: ReportBody['reason']; label: string }>;

export function sendReport(body: ReportBody) {
  return client.post('/reports', { body });
}

// Creator settings: blocked fans and countries

export function useBlockedUsers(q: string) {
  return useInfiniteList('/block/users', { q });
}

/** Lists (useInfiniteList) refresh through their own `refresh`: SWR's global mutate skips infinite keys. */
export async function blockUser(targetId: string, reason?: string) {
  await client.post('/block/users', { body: { targetId, reason } });
}

export async function unblockUser(targetId: string) {
  await client.delete('/block/users/{id}', { path: { id: targetId } });
}

export function useFollowers(q: string) {
  return useInfiniteList('/follows/followers', { q }, 20);
}

export function useBlockedCountries() {
  return useApi('/block/countries');
}

export async function saveBlockedCountries(countryCodes: string[]) {
  const res = await client.post('/block/countries', { body: { countryCodes } });
  await mutate(apiKey('/block/countries'), res, { revalidate: false });
  return res;
}

export function useCountries() {
  return useApi('/countries/list', undefined, { revalidateOnFocus: false });
}

export function useLanguages() {
  return useApi('/languages/list', undefined, { revalidateOnFocus: false });
}

// Site content

export type PromoPlacement = NonNullable<ApiQuery<'/site-promo/search'>['placement']>;

export function usePromos(placement: PromoPlacement) {
  return useApi('/site-promo/search', { query: { placement } });
}

/** Geo checks for the geo-block and region-block layouts (spec §2). */
export function checkSiteGeo() {
  return Promise.all([client.get('/block/countries/check'), client.get('/block/us/states/check')]);
}
