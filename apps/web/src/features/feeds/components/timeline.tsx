import { Newspaper } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Spinner } from '../../../components/ui/spinner';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useTimeline } from '../api';
import { PostCard } from './post-card';

/** Calls `onVisible` when the sentinel scrolls into view (infinite scroll). */
export function useInfiniteSentinel(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onVisible(), {
      rootMargin: '600px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [onVisible, enabled]);
  return ref;
}

export function PostSkeleton() {
  return (
    <div className="space-y-3 rounded-2xl border border-zinc-200 p-5 dark:border-zinc-800">
      <div className="flex items-center gap-3">
        <Skeleton className="size-9 rounded-full" />
        <Skeleton className="h-4 w-40" />
      </div>
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
    </div>
  );
}

/** The signed-in fan's home timeline with infinite scroll; new posts arrive over realtime. */
export function Timeline() {
  const { data, size, setSize, isLoading, isValidating, mutate } = useTimeline();
  const { t } = useTranslation();
  const posts = data?.flatMap((p) => p.data) ?? [];
  const hasMore = Boolean(data?.[data.length - 1]?.nextCursor);
  const sentinel = useInfiniteSentinel(() => {
    if (!isValidating) void setSize(size + 1);
  }, hasMore);
  useRealtimeEvent('feed/created', () => void mutate());

  if (isLoading) return <PostSkeleton />;
  if (posts.length === 0)
    return (
      <EmptyState
        icon={Newspaper}
        title={t('feeds.timelineEmpty')}
        description={t('feeds.timelineEmptyText')}
        action={
          <Link to="/explore" className={buttonClasses('primary')}>
            {t('feeds.findCreators')}
          </Link>
        }
      />
    );
  return (
    <div className="space-y-4" data-testid="timeline">
      {posts.map((f) => (
        <PostCard key={f._id} feed={f} onChange={() => void mutate()} />
      ))}
      <div ref={sentinel} />
      {isValidating && hasMore && (
        <div className="flex justify-center py-4">
          <Spinner />
        </div>
      )}
      {!hasMore && <p className="py-4 text-center text-sm text-zinc-500">{t('feeds.caughtUp')}</p>}
    </div>
  );
}
