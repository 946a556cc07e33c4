import useSWR, { type SWRConfiguration } from 'swr';
import { apiUrl } from './api-client';
import type { ApiArgs, ApiData, PathsFor } from './api-contract';

type GetPath = PathsFor<'get'>;

/**
 * A read a screen shows, typed by its route: `useApi('/performers/{id}', { path: { id } })`.
 * Pass `null` as the path to fetch nothing yet. The SWR key is the URL (`/performers/abc?x=1`), so
 * `mutate(key => key.startsWith('/performers/'))` refreshes it; the global fetcher (app.tsx) loads it.
 */
export function useApi<P extends GetPath>(
  path: P | null | false | undefined,
  args?: Omit<ApiArgs<P, 'get'>, 'body'>,
  config?: SWRConfiguration<ApiData<P, 'get'>>,
) {
  return useSWR<ApiData<P, 'get'>>(path ? apiUrl(path, args) : null, config);
}

/** The SWR key `useApi` gives a route and its arguments, for `mutate` after a write. */
export function apiKey<P extends GetPath>(path: P, args?: Omit<ApiArgs<P, 'get'>, 'body'>): string {
  return apiUrl(path, args);
}
