import type { ListResponse, Story, StoryCreateInput, StoryGroup } from '@marquee/shared';
import useSWR, { useSWRConfig } from 'swr';
import { api } from '../../lib/api';

export const MY_STORIES_PAGE_SIZE = 24;

/** GET /stories/performers: the creator's own stories, active and expired, newest first. */
export function useMyStories(page = 1) {
  return useSWR<ListResponse<Story>>(`/stories/performers?page=${page}&pageSize=${MY_STORIES_PAGE_SIZE}`);
}

/** The stories bar of the signed-in fan (followed and subscribed creators, unseen first). */
export function useStoriesBar(enabled: boolean) {
  return useSWR<{ data: StoryGroup[] }>(enabled ? '/stories/users' : null);
}

/** One creator's active stories, or their highlights. */
export function useCreatorStories(performerId: string | undefined, highlights = false) {
  return useSWR<{ stories: Story[] }>(
    performerId ? `/stories/users?performerId=${performerId}${highlights ? '&highlights=true' : ''}` : null,
  );
}

export type StoryUpdate = Partial<Pick<StoryCreateInput, 'text' | 'visibility' | 'isHighlight' | 'highlightTitle'>>;

export const storiesApi = {
  create: (input: StoryCreateInput) => api.post<Story>('/stories/performers', input),
  update: (id: string, input: StoryUpdate) => api.put<Story>(`/stories/performers/${id}`, input),
  remove: (id: string) => api.delete(`/stories/performers/${id}`),
  /** Opens a story as a fan: marks it seen and counts the view. */
  open: (id: string) => api.get<Story>(`/stories/users/${id}`),
};

/** Re-fetches every cached stories list (bar, profile rings and highlights, the studio list). */
export function useRefreshStories() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && key.startsWith('/stories/'));
}

/** Highlights grouped by title (untitled ones under "Highlights"), newest group first, stories oldest first. */
export function groupHighlights(stories: Story[]): Array<{ title: string; stories: Story[] }> {
  const byTitle = new Map<string, Story[]>();
  for (const s of stories) {
    const title = s.highlightTitle?.trim() || 'Highlights';
    byTitle.set(title, [...(byTitle.get(title) ?? []), s]);
  }
  return [...byTitle.entries()].map(([title, list]) => ({
    title,
    stories: [...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt)),
  }));
}
