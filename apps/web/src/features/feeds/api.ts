import type {
  Comment,
  Feed,
  FeedCreateInput,
  ListResponse,
  Poll,
  PollCreateInput,
  TimelineResponse,
} from '@marquee/shared';
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api } from '../../lib/api';

export const TIMELINE_PAGE_SIZE = 10;

/** GET /user/feeds: the home timeline, cursor-paginated for infinite scroll. */
export function useTimeline(enabled = true) {
  return useSWRInfinite<TimelineResponse>(
    (index, previous: TimelineResponse | null) => {
      if (!enabled) return null;
      if (index === 0) return `/user/feeds?pageSize=${TIMELINE_PAGE_SIZE}`;
      if (!previous?.nextCursor) return null;
      return `/user/feeds?pageSize=${TIMELINE_PAGE_SIZE}&cursor=${previous.nextCursor}`;
    },
    { revalidateFirstPage: true },
  );
}

/** GET /user/feeds/search/{username}: one creator's posts, page by page. */
export function useCreatorFeeds(username: string | undefined, pageSize = 10) {
  return useSWRInfinite<ListResponse<Feed>>((index, previous: ListResponse<Feed> | null) => {
    if (!username) return null;
    if (previous && previous.data.length < pageSize) return null;
    return `/user/feeds/search/${encodeURIComponent(username)}?page=${index + 1}&pageSize=${pageSize}`;
  });
}

export function useFeed(id: string | undefined) {
  return useSWR<Feed>(id ? `/user/feeds/${id}` : null);
}

export function useMyFeeds(page: number, status?: 'scheduled' | 'published') {
  const q = new URLSearchParams({ page: String(page), pageSize: '10', ...(status ? { status } : {}) });
  return useSWR<ListResponse<Feed>>(`/performer/feeds?${q}`);
}

export function useMyFeed(id: string | undefined) {
  return useSWR<Feed>(id ? `/performer/feeds/${id}` : null);
}

export function useComments(feedId: string | undefined, parentId?: string) {
  const q = new URLSearchParams({
    objectType: 'feed',
    objectId: feedId ?? '',
    pageSize: '50',
    sort: parentId ? 'asc' : 'desc',
    ...(parentId ? { parentId } : {}),
  });
  return useSWR<ListResponse<Comment>>(feedId ? `/comments?${q}` : null);
}

export const feedsApi = {
  vote: (optionId: string) => api.post<{ poll: Poll }>(`/user/feeds/vote/${optionId}`),
  react: (feedId: string, action: 'like' | 'bookmark', on: boolean) =>
    on
      ? api.post('/reactions', { objectType: 'feed', objectId: feedId, action })
      : api.delete('/reactions', { objectType: 'feed', objectId: feedId, action }),
  editComment: (id: string, text: string) => api.put<Comment>(`/comments/${id}`, { text }),
  deleteComment: (id: string) => api.delete(`/comments/${id}`),
  unlock: (feedId: string) =>
    api.post(`/wallet/charges/feed/${feedId}`, {}, { headers: { 'Idempotency-Key': crypto.randomUUID() } }),
  createPoll: (input: PollCreateInput) => api.post<{ _id: string }>('/performer/feeds/polls', input),
  create: (input: FeedCreateInput) => api.post<Feed>('/performer/feeds', input),
  update: (id: string, input: Partial<FeedCreateInput>) => api.put<Feed>(`/performer/feeds/${id}`, input),
  remove: (id: string) => api.delete(`/performer/feeds/${id}`),
};

/** Re-fetches every cached list or page that shows posts (after a like, vote, unlock…). */
export function useRefreshFeeds() {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => {
      const k = Array.isArray(key) ? key[0] : key;
      return (
        typeof k === 'string' &&
        (k.startsWith('/user/feeds') || k.startsWith('/performer/feeds') || k.startsWith('$inf$/user/feeds'))
      );
    });
}
