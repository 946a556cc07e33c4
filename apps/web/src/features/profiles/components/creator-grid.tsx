import { Users } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { getErrorMessage } from '../../../lib/api';
import type { PerformerCard } from '../api';
import { CreatorCard, CreatorCardSkeleton } from './creator-card';

const GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4';

/** A grid of creators with skeletons while loading and infinite scroll (a sentinel loads the next page). */
export function CreatorGrid({
  items,
  isLoading,
  isLoadingMore,
  hasMore,
  loadMore,
  error,
  empty,
}: {
  items: PerformerCard[];
  isLoading: boolean;
  isLoadingMore: boolean;
  hasMore: boolean;
  loadMore: () => void;
  error?: unknown;
  empty: { title: string; description?: ReactNode; action?: ReactNode };
}) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isLoadingMore) loadMore();
      },
      { rootMargin: '600px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, isLoadingMore, loadMore]);

  if (isLoading) {
    return (
      <div className={GRID} aria-busy="true" role="status" aria-label={t('profiles.loadingCreators')}>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <CreatorCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (error && items.length === 0) {
    return <EmptyState icon={Users} title={t('profiles.creatorsError')} description={getErrorMessage(error)} />;
  }
  if (items.length === 0) return <EmptyState icon={Users} {...empty} />;
  return (
    <>
      <ul className={GRID}>
        {items.map((c) => (
          <li key={c._id}>
            <CreatorCard creator={c} />
          </li>
        ))}
        {isLoadingMore &&
          Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <li key={`s${i}`}>
              <CreatorCardSkeleton />
            </li>
          ))}
      </ul>
      <div ref={sentinel} />
      {hasMore && !isLoadingMore && (
        <div className="mt-6 flex justify-center">
          <Button variant="outline" onClick={loadMore}>
            {t('profiles.showMore')}
          </Button>
        </div>
      )}
    </>
  );
}
