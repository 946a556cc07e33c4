import useSWR from 'swr';
import type { PerformerSummary } from '../performers/types';

export interface TrendingItem {
  _id: string;
  title?: string;
  name?: string;
  text?: string;
  type?: string;
  thumbnail?: string;
  cover?: string;
  avatar?: string;
  username?: string;
  performer?: Pick<PerformerSummary, 'username' | 'name' | 'avatar'>;
  /** Posts: their files (the first photo's thumbnail is the tile's picture). */
  files?: Array<{ thumbnails?: string[]; url?: string; type?: string }>;
}

/** Lists answer `{ data, total }`; some legacy endpoints answer a bare array. */
export function toItems<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[];
  if (value && typeof value === 'object' && Array.isArray((value as { data?: unknown }).data)) {
    return (value as { data: T[] }).data;
  }
  return [];
}

function useList<T>(key: string) {
  const { data, error, isLoading } = useSWR<unknown>(key);
  return { items: toItems<T>(data), isLoading, error };
}

export const useTopCreators = () => useList<PerformerSummary>('/performers/top');
/** GET /trending answers { performers, posts }: creators first, then trending posts of content modules. */
export function useTrending() {
  const { data, error, isLoading } = useSWR<unknown>('/trending');
  const t = (data ?? {}) as { performers?: PerformerSummary[]; posts?: Array<{ type: string; item: TrendingItem }> };
  const items: TrendingItem[] = Array.isArray(data)
    ? (data as TrendingItem[])
    : [
        ...(t.performers ?? []).map((p) => ({
          _id: p._id,
          name: p.name,
          username: p.username,
          avatar: p.avatar ?? undefined,
          type: 'performer',
        })),
        ...(t.posts ?? []).map((p) => ({ ...p.item, type: p.type })),
      ];
  return { items, isLoading, error };
}
