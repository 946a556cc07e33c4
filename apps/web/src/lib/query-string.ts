import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { Query } from './api';

/** List-screen state of spec §2, kept in the URL query string. */
export interface ListQueryState {
  page: number;
  pageSize: number;
  sortBy: string;
  sort: 'asc' | 'desc';
  /** Every other query-string key, merged in as a filter. */
  filters: Record<string, string>;
}

export interface ListQueryDefaults {
  pageSize?: number;
  sortBy?: string;
  sort?: 'asc' | 'desc';
  filters?: Record<string, string>;
}

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_SORT_BY = 'updatedAt';
const RESERVED = new Set(['page', 'pageSize', 'sortBy', 'sort']);

function toInt(value: string | null, fallback: number, min: number, max: number): number {
  const n = value === null ? Number.NaN : Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, n));
}

export function parseListQuery(search: string | URLSearchParams, defaults: ListQueryDefaults = {}): ListQueryState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const filters: Record<string, string> = { ...defaults.filters };
  for (const [key, value] of params) {
    if (!RESERVED.has(key) && value !== '') filters[key] = value;
  }
  const rawSort = params.get('sort');
  return {
    page: toInt(params.get('page'), 1, 1, Number.MAX_SAFE_INTEGER),
    pageSize: toInt(params.get('pageSize'), defaults.pageSize ?? DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
    sortBy: params.get('sortBy') || defaults.sortBy || DEFAULT_SORT_BY,
    // Spec §2: 'asc' means ascending; anything else is descending.
    sort: rawSort === null ? (defaults.sort ?? 'desc') : rawSort === 'asc' ? 'asc' : 'desc',
    filters,
  };
}

/** The query string (without '?') for a list state: paging and sort first, then non-empty filters. */
export function buildListQuery(state: Partial<ListQueryState>): string {
  const params = new URLSearchParams();
  if (state.page !== undefined) params.set('page', String(state.page));
  if (state.pageSize !== undefined) params.set('pageSize', String(state.pageSize));
  if (state.sortBy) params.set('sortBy', state.sortBy);
  if (state.sort) params.set('sort', state.sort === 'asc' ? 'asc' : 'desc');
  for (const [key, value] of Object.entries(state.filters ?? {})) {
    if (!RESERVED.has(key) && value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

/**
 * The list state in the URL as the query of a list route: `useApi('/x', { query: toApiQuery(query) })`.
 * Its sort column and filters come from the address bar, so they are the user's input, typed here as
 * the route's query and validated by the server (a sort column it does not know answers 400).
 */
export function toApiQuery<Q = Query>(state: ListQueryState): Q {
  const flat = { ...state.filters, page: state.page, pageSize: state.pageSize, sortBy: state.sortBy, sort: state.sort };
  return flat as Q;
}

export function useListQuery(defaults: ListQueryDefaults = {}) {
  const [params, setParams] = useSearchParams();
  const key = JSON.stringify(defaults);
  // biome-ignore lint/correctness/useExhaustiveDependencies: defaults are compared by value through `key`.
  const query = useMemo(() => parseListQuery(params, defaults), [params, key]);

  const update = useCallback(
    (patch: Partial<ListQueryState>, options: { replace?: boolean } = {}) => {
      const next: ListQueryState = { ...query, ...patch, filters: patch.filters ?? query.filters };
      setParams(new URLSearchParams(buildListQuery(next)), { replace: options.replace });
    },
    [query, setParams],
  );

  return {
    query,
    setPage: useCallback((page: number) => update({ page }), [update]),
    setPageSize: useCallback((pageSize: number) => update({ pageSize, page: 1 }), [update]),
    setSort: useCallback((sortBy: string, sort: 'asc' | 'desc') => update({ sortBy, sort, page: 1 }), [update]),
    /** Merges filters (an empty value removes one) and goes back to page 1. */
    setFilters: useCallback(
      (patch: Record<string, string | undefined>) => {
        const filters = { ...query.filters };
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') delete filters[k];
          else filters[k] = v;
        }
        update({ filters, page: 1 });
      },
      [query.filters, update],
    ),
    reset: useCallback(() => setParams(new URLSearchParams()), [setParams]),
  };
}
