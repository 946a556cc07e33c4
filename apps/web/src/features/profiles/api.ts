import type { CmsPost, PerformerCard, PerformerPublic, SitePromo } from '@marquee/shared';
import useSWR, { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api, buildUrl, type Query } from '../../lib/api';
import { useUiStore } from '../../lib/ui-store';

export type { PerformerCard, PerformerPublic };

export interface Page<T> {
  data: T[];
  total: number;
}

/** A path with its query, relative to the API base (SWR key and fetch path). */
export function withQuery(path: string, query: Query): string {
  const url = buildUrl(path, query);
  const i = url.indexOf(path);
  return i >= 0 ? url.slice(i) : path;
}

/** GET /performers/{id}: a creator by username or id, as this viewer may see it. */
export function useProfile(profileId: string | undefined) {
  const token = useUiStore((s) => s.token);
  // The key carries the signed-in state so follow/subscribe flags refresh after login.
  return useSWR<PerformerPublic>(
    profileId ? [`/performers/${encodeURIComponent(profileId)}`, token ?? ''] : null,
    ([key]: [string]) => api.get<PerformerPublic>(key),
  );
}

/** Paged lists loaded page after page (infinite scroll). */
export function useInfiniteList<T>(path: string | null, query: Query, pageSize = 12) {
  const res = useSWRInfinite<Page<T>>(
    (index, previous) => {
      if (!path) return null;
      if (previous && previous.data.length < pageSize) return null;
      return withQuery(path, { ...query, page: index + 1, pageSize });
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

export const SEARCH_PATH = '/performers/user/search';

export function useFollowing() {
  return useInfiniteList<PerformerCard>('/follows/following', {});
}

export function useBookmarkedCreators() {
  return useInfiniteList<PerformerCard>('/reactions/performers/bookmark', {});
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
    ? await api.post<{ isFollowed: boolean; followers: number }>(`/follows/${encodeURIComponent(id)}`)
    : await api.delete<{ isFollowed: boolean; followers: number }>(`/follows/${encodeURIComponent(id)}`);
  await refreshCreator();
  return res;
}

export async function bookmarkCreator(id: string, bookmark: boolean) {
  const body = { objectType: 'performer', objectId: id, action: 'bookmark' };
  if (bookmark) await api.post('/reactions', body);
  else await api.delete('/reactions', body);
  await refreshCreator();
}

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
] as const;

export function sendReport(body: { targetType: string; targetId: string; reason: string; description: string }) {
  return api.post('/reports', body);
}

// Creator settings: blocked fans and countries

export interface BlockedUser {
  _id: string;
  targetId: string;
  target: { _id: string; username: string | null; name: string; avatar: string | null };
  reason: string | null;
  createdAt: string;
}

export function useBlockedUsers(q: string) {
  return useInfiniteList<BlockedUser>('/block/users', { q });
}

/** Lists (useInfiniteList) refresh through their own `refresh`: SWR's global mutate skips infinite keys. */
export async function blockUser(targetId: string, reason?: string) {
  await api.post('/block/users', { targetId, reason });
}

export async function unblockUser(targetId: string) {
  await api.delete(`/block/users/${targetId}`);
}

export function useFollowers(q: string) {
  return useInfiniteList<{ _id: string; username: string | null; name: string; avatar: string | null }>(
    '/follows/followers',
    { q },
    20,
  );
}

export function useBlockedCountries() {
  return useSWR<{ countryCodes: string[] }>('/block/countries');
}

export async function saveBlockedCountries(countryCodes: string[]) {
  const res = await api.post<{ countryCodes: string[] }>('/block/countries', { countryCodes });
  await mutate('/block/countries', res, { revalidate: false });
  return res;
}

export interface Country {
  name: string;
  code: string;
  flag?: string;
}

export function useCountries() {
  return useSWR<Country[] | { data: Country[] }>('/countries/list', { revalidateOnFocus: false });
}

// Site content

export function usePromos(placement: string) {
  return useSWR<Page<SitePromo>>(withQuery('/site-promo/search', { placement }));
}

export type { CmsPost };

/** Geo checks for the geo-block and region-block layouts (spec §2). */
export function checkSiteGeo() {
  return Promise.all([
    api.get<{ blocked: boolean }>('/block/countries/check'),
    api.get<{ blocked: boolean }>('/block/us/states/check'),
  ]);
}
