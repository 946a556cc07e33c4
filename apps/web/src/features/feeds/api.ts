import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import { client } from '../../lib/api-client';
import type { ApiBody, ApiData } from '../../lib/api-contract';
import { apiKey, useApi } from '../../lib/use-api';

export const TIMELINE_PAGE_SIZE = 10;

type TimelinePage = ApiData<'/user/feeds'>;
type CreatorFeedsPage = ApiData<'/user/feeds/search/{username}'>;
export type FeedInput = ApiBody<'/performer/feeds', 'post'>;
export type PollInput = ApiBody<'/performer/feeds/polls', 'post'>;

/** GET /user/feeds: the home timeline, cursor-paginated for infinite scroll. */
export function useTimeline(enabled = true) {
  return useSWRInfinite<TimelinePage>(
    (index, previous: TimelinePage | null) => {
      if (!enabled) return null;
      if (index === 0) return apiKey('/user/feeds', { query: { pageSize: TIMELINE_PAGE_SIZE } });
      if (!previous?.nextCursor) return null;
      return apiKey('/user/feeds', { query: { pageSize: TIMELINE_PAGE_SIZE, cursor: previous.nextCursor } });
    },
    { revalidateFirstPage: true },
  );
}

/** GET /user/feeds/search/{username}: one creator's posts, page by page. */
export function useCreatorFeeds(username: string | undefined, pageSize = 10) {
  return useSWRInfinite<CreatorFeedsPage>((index, previous: CreatorFeedsPage | null) => {
    if (!username) return null;
    if (previous && previous.data.length < pageSize) return null;
    return apiKey('/user/feeds/search/{username}', { path: { username }, query: { page: index + 1, pageSize } });
  });
}

export function useFeed(id: string | undefined) {
  return useApi(id ? '/user/feeds/{id}' : null, { path: { id: id ?? '' } });
}

export function useMyFeeds(page: number, status?: 'scheduled' | 'published') {
  return useApi('/performer/feeds', { query: { page, pageSize: 10, status } });
}

export function useMyFeed(id: string | undefined) {
  return useApi(id ? '/performer/feeds/{id}' : null, { path: { id: id ?? '' } });
}

export function useComments(feedId: string | undefined, parentId?: string) {
  return useApi(feedId ? '/comments' : null, {
    query: { objectType: 'feed', objectId: feedId ?? '', pageSize: 50, sort: parentId ? 'asc' : 'desc', parentId },
  });
}

/** The fan's bookmarked posts, newest bookmark first. */
export function useBookmarkedFeeds() {
  return useApi('/reactions/feeds/bookmark', { query: { pageSize: 50 } });
}

export const feedsApi = {
  vote: (optionId: string) => client.post('/user/feeds/vote/{id}', { path: { id: optionId } }),
  react: (feedId: string, action: 'like' | 'bookmark', on: boolean) => {
    const body = { objectType: 'feed', objectId: feedId, action };
    return on ? client.post('/reactions', { body }) : client.delete('/reactions', { body });
  },
  deleteComment: (id: string) => client.delete('/comments/{id}', { path: { id } }),
  unlock: (feedId: string) =>
    client.post('/wallet/charges/feed/{id}', {
      path: { id: feedId },
      body: {},
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  createPoll: (input: PollInput) => client.post('/performer/feeds/polls', { body: input }),
  create: (input: FeedInput) => client.post('/performer/feeds', { body: input }),
  update: (id: string, input: ApiBody<'/performer/feeds/{id}', 'put'>) =>
    client.put('/performer/feeds/{id}', { path: { id }, body: input }),
  remove: (id: string) => client.delete('/performer/feeds/{id}', { path: { id } }),
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
