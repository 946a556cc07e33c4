import type { Story } from '@marquee/shared';
import { useSWRConfig } from 'swr';
import { client } from '../../lib/api-client';
import type { ApiBody } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';

export const MY_STORIES_PAGE_SIZE = 24;

/** GET /stories/performers: the creator's own stories, active and expired, newest first. */
export function useMyStories(page = 1) {
  return useApi('/stories/performers', { query: { page, pageSize: MY_STORIES_PAGE_SIZE } });
}

/** The stories bar of the signed-in fan (followed and subscribed creators, unseen first). */
export function useStoriesBar(enabled: boolean) {
  return useApi(enabled ? '/stories/users' : null);
}

/** One creator's active stories, or their highlights. */
export function useCreatorStories(performerId: string | undefined, highlights = false) {
  return useApi(performerId ? '/stories/users' : null, {
    query: { performerId, highlights: highlights ? 'true' : undefined },
  });
}

export type StoryInput = ApiBody<'/stories/performers', 'post'>;
export type StoryUpdate = ApiBody<'/stories/performers/{id}', 'put'>;

export const storiesApi = {
  create: (input: StoryInput) => client.post('/stories/performers', { body: input }),
  update: (id: string, input: StoryUpdate) => client.put('/stories/performers/{id}', { path: { id }, body: input }),
  remove: (id: string) => client.delete('/stories/performers/{id}', { path: { id } }),
  /** Opens a story as a fan: marks it seen and counts the view. */
  open: (id: string) => client.get('/stories/users/{id}', { path: { id } }),
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
