import type { ApiData } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';

/** A trending object: a post, a catalogue item or a creator, told apart by `type`. */
export type TrendingPost = ApiData<'/trending'>['posts'][number];
export type TrendingCreator = ApiData<'/trending'>['performers'][number];

export function useTopCreators() {
  const { data, error, isLoading } = useApi('/performers/top');
  return { items: data?.data ?? [], isLoading, error };
}

/** GET /trending: creators trending this week, then the most liked posts and items of the content modules. */
export function useTrending() {
  const { data, error, isLoading } = useApi('/trending');
  return { performers: data?.performers ?? [], posts: data?.posts ?? [], isLoading, error };
}
