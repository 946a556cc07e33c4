import { USER_ADDITIONAL } from '@marquee/shared/options';
import { SlidersHorizontal, X } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { ApiQuery } from '../../../lib/api-contract';
import { formatNumber } from '../../../lib/i18n/format';
import { toApiQuery, useListQuery } from '../../../lib/query-string';
import { usePageTitle } from '../../settings/hooks';
import { useCountries, useSearchCreators } from '../api';
import { CreatorGrid } from './creator-grid';
import { PromoBanners } from './promo-banners';

const SORTS = [
  { label: 'popular', sortBy: 'popular', sort: 'desc' },
  { label: 'newest', sortBy: 'newest', sort: 'desc' },
  { label: 'active', sortBy: 'active', sort: 'desc' },
  { label: 'alphabetical', sortBy: 'alphabetical', sort: 'asc' },
] as const;

/** Labels are keys of `profiles.explore.filters`. */
const SELECTS = [
  { key: 'gender', options: USER_ADDITIONAL.genders },
  { key: 'age', options: USER_ADDITIONAL.ages },
  { key: 'bodyType', options: USER_ADDITIONAL.bodyTypes },
  { key: 'ethnicity', options: USER_ADDITIONAL.ethnicities },
  { key: 'hair', options: USER_ADDITIONAL.hairs },
  { key: 'eyes', options: USER_ADDITIONAL.eyes },
  { key: 'sexualOrientation', options: USER_ADDITIONAL.sexualOrientations },
] as const;
const TOGGLES = ['isFreeSubscription', 'isLive', 'verified'] as const;
const selectClasses =
  'h-10 w-full rounded-full border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** Explore: text search, a filter per profile option and sorts, all in the query string; infinite scroll. */
export function ExploreView() {
  const { t } = useTranslation();
  usePageTitle(t('profiles.explore.title'));
  const { query, setFilters, setSort, reset } = useListQuery({ sortBy: 'popular', pageSize: 12 });
  const { filters } = query;
  const [q, setQ] = useState(filters.q ?? '');
  const [showFilters, setShowFilters] = useState(false);
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);
  const { data: countryList = [] } = useCountries();

  const list = useSearchCreators(toApiQuery<ApiQuery<'/performers/user/search'>>(query));
  const activeFilters = Object.keys(filters).filter((k) => k !== 'q');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ q: q.trim() || undefined });
  };

  return (
    <div>
      <PromoBanners placement="explore" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">{t('profiles.explore.title')}</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
            {list.isLoading
              ? t('profiles.explore.searching')
              : t('profiles.explore.count', { count: list.total, n: formatNumber(list.total) })}
          </p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <span className="text-zinc-600 dark:text-zinc-400">{t('profiles.explore.sort')}</span>
          <select
            className={`${selectClasses} w-44`}
            value={query.sortBy}
            onChange={(e) => {
              const s = SORTS.find((x) => x.sortBy === e.target.value) ?? SORTS[0];
              setSort(s.sortBy, s.sort);
            }}
          >
            {SORTS.map((s) => (
              <option key={s.sortBy} value={s.sortBy}>
                {t(`profiles.explore.sorts.${s.label}`)}
              </option>
            ))}
          </select>
        </label>
      </div>

      {/* biome-ignore lint/a11y/useSemanticElements: a form with role=search is the widely supported landmark. */}
      <form
        role="search"
        aria-label={t('profiles.explore.searchCreators')}
        onSubmit={submit}
        className="mt-4 flex flex-wrap gap-2 sm:flex-nowrap"
      >
        <input
          type="search"
          aria-label={t('profiles.explore.searchPlaceholder')}
          placeholder={t('profiles.explore.searchPlaceholder')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="h-11 min-w-0 flex-1 basis-full rounded-full border sm:basis-auto border-zinc-300 bg-white px-4 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
        <Button type="submit" size="lg" className="h-11 flex-1 sm:flex-none">
          {t('profiles.explore.search')}
        </Button>
        <Button
          variant="outline"
          size="lg"
          className="h-11"
          aria-expanded={showFilters}
          onClick={() => setShowFilters((s) => !s)}
        >
          <SlidersHorizontal className="size-4" />
          <span className="sr-only sm:not-sr-only">{t('profiles.explore.filtersTitle')}</span>
          {activeFilters.length > 0 && (
            <span className="rounded-full bg-brand-600 px-1.5 text-xs text-white">{activeFilters.length}</span>
          )}
        </Button>
      </form>

      {showFilters && (
        <section
          aria-label={t('profiles.explore.filtersTitle')}
          className="mt-4 rounded-3xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
        >
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            <label className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">
              {t('profiles.explore.filters.country')}
              <select
                className={`${selectClasses} mt-1`}
                value={filters.country ?? ''}
                onChange={(e) => setFilters({ country: e.target.value || undefined })}
              >
                <option value="">{t('profiles.explore.any')}</option>
                {countryList.map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            {SELECTS.map((s) => (
              <label key={s.key} className="text-xs font-semibold text-zinc-600 dark:text-zinc-400">
                {t(`profiles.explore.filters.${s.key}`)}
                <select
                  className={`${selectClasses} mt-1`}
                  value={filters[s.key] ?? ''}
                  onChange={(e) => setFilters({ [s.key]: e.target.value || undefined })}
                >
                  <option value="">{t('profiles.explore.any')}</option>
                  {s.options.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.text}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <div className="mt-4 flex flex-wrap items-center gap-2">
            {TOGGLES.map((key) => {
              const on = filters[key] === 'true';
              return (
                <button
                  key={key}
                  type="button"
                  aria-pressed={on}
                  onClick={() => setFilters({ [key]: on ? undefined : 'true' })}
                  className={`h-9 rounded-full border px-4 text-sm font-semibold transition-colors ${
                    on
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-zinc-300 text-zinc-700 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800'
                  }`}
                >
                  {t(`profiles.explore.toggles.${key}`)}
                </button>
              );
            })}
            {activeFilters.length > 0 && (
              <Button variant="ghost" size="sm" onClick={reset}>
                <X className="size-4" /> {t('profiles.explore.clearAll')}
              </Button>
            )}
          </div>
        </section>
      )}

      <div className="mt-6">
        <CreatorGrid
          {...list}
          empty={{
            title: 'No creators match',
            description: 'Try another word or fewer filters.',
            action:
              activeFilters.length || filters.q ? (
                <Button variant="outline" onClick={reset}>
                  {t('profiles.explore.clearSearch')}
                </Button>
              ) : undefined,
          }}
        />
      </div>
    </div>
  );
}
