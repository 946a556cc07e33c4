import { describe, expect, it } from 'vitest';
import { buildListQuery, parseListQuery, toApiQuery } from './query-string';

describe('parseListQuery', () => {
  it('defaults: page 1, pageSize 12, sortBy updatedAt, sort desc, no filters', () => {
    expect(parseListQuery('')).toEqual({ page: 1, pageSize: 12, sortBy: 'updatedAt', sort: 'desc', filters: {} });
  });

  it('reads paging, sort and every other key as a filter', () => {
    expect(parseListQuery('?page=3&pageSize=24&sortBy=createdAt&sort=asc&q=anna&status=active')).toEqual({
      page: 3,
      pageSize: 24,
      sortBy: 'createdAt',
      sort: 'asc',
      filters: { q: 'anna', status: 'active' },
    });
  });

  it('sort is asc only for "asc"; anything else is desc', () => {
    expect(parseListQuery('sort=asc').sort).toBe('asc');
    expect(parseListQuery('sort=ascending').sort).toBe('desc');
    expect(parseListQuery('sort=ASC').sort).toBe('desc');
    expect(parseListQuery('sort=').sort).toBe('desc');
  });

  it('clamps bad numbers and applies the screen defaults', () => {
    const q = parseListQuery('page=-4&pageSize=1000', { pageSize: 20, sortBy: 'price', filters: { type: 'video' } });
    expect(q.page).toBe(1);
    expect(q.pageSize).toBe(100);
    expect(q.sortBy).toBe('price');
    expect(q.filters).toEqual({ type: 'video' });
    expect(parseListQuery('page=abc').page).toBe(1);
  });

  it('lets the URL override default filters and ignores empty values', () => {
    expect(parseListQuery('type=photo&q=', { filters: { type: 'video' } }).filters).toEqual({ type: 'photo' });
  });
});

describe('buildListQuery', () => {
  it('writes paging and sort, then merges non-empty filters', () => {
    const qs = buildListQuery({
      page: 2,
      pageSize: 12,
      sortBy: 'updatedAt',
      sort: 'desc',
      filters: { q: 'a b', empty: '' },
    });
    expect(qs).toBe('page=2&pageSize=12&sortBy=updatedAt&sort=desc&q=a+b');
  });

  it('round-trips through parseListQuery', () => {
    const state = {
      page: 5,
      pageSize: 30,
      sortBy: 'price',
      sort: 'asc' as const,
      filters: { status: 'active', q: 'x' },
    };
    expect(parseListQuery(buildListQuery(state))).toEqual(state);
  });

  it('never lets a filter overwrite a paging key', () => {
    expect(buildListQuery({ page: 1, filters: { page: '9' } })).toBe('page=1');
  });
});

describe('toApiQuery', () => {
  it('flattens the state for the API', () => {
    expect(toApiQuery(parseListQuery('page=2&q=z'))).toEqual({
      q: 'z',
      page: 2,
      pageSize: 12,
      sortBy: 'updatedAt',
      sort: 'desc',
    });
  });
});
