import { BadgeCheck, Hash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTopCreators, useTrending } from '../../home/api';
import { LiveNowCard } from '../../streaming/components/live-now-card';

/** Tags of the trending posts, most frequent first. */
function useTrendingTags(limit = 8): string[] {
  const { posts } = useTrending();
  const counts = new Map<string, number>();
  for (const { item } of posts) for (const t of item.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([t]) => t);
}

/**
 * The desktop feed's right column: who is live, creators to discover and what people talk about.
 */
export function FeedAside({ selfId }: { selfId?: string }) {
  const { items, isLoading } = useTopCreators();
  const creators = items.filter((c) => c._id !== selfId).slice(0, 5);
  const tags = useTrendingTags();
  const { t } = useTranslation();
  return (
    <aside aria-label={t('feeds.discover')} className="sticky top-24 hidden space-y-4 self-start lg:block">
      <LiveNowCard />
      <Card className="p-4">
        <h2 className="mb-3 font-semibold">{t('feeds.suggestedCreators')}</h2>
        {isLoading ? (
          <div className="space-y-3">
            {['a', 'b', 'c'].map((k) => (
              <Skeleton key={k} className="h-10 rounded-xl" />
            ))}
          </div>
        ) : (
          <ul className="space-y-3">
            {creators.map((c) => (
              <li key={c._id}>
                <Link to={`/${c.username}`} className="group flex items-center gap-3">
                  <Avatar src={c.avatar} alt="" name={c.name ?? c.username} size="sm" />
                  <span className="min-w-0">
                    <span className="flex items-center gap-1 text-sm font-medium group-hover:text-brand-700 dark:group-hover:text-brand-300">
                      <span className="truncate">{c.name ?? c.username}</span>
                      {c.verified && (
                        <BadgeCheck className="size-3.5 shrink-0 text-brand-500" aria-label={t('feeds.verified')} />
                      )}
                    </span>
                    <span className="block truncate text-xs text-zinc-600 dark:text-zinc-400">@{c.username}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Link
          to="/explore"
          className="mt-3 block text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          {t('feeds.seeAllCreators')}
        </Link>
      </Card>
      {tags.length > 0 && (
        <Card className="p-4">
          <h2 className="mb-3 font-semibold">{t('feeds.trendingTags')}</h2>
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag}>
                <Link
                  to={`/explore?q=${encodeURIComponent(tag)}`}
                  className="inline-flex items-center gap-0.5 rounded-full bg-zinc-100 px-3 py-1 text-sm text-zinc-700 hover:bg-brand-50 hover:text-brand-700 dark:bg-zinc-800 dark:text-zinc-300 dark:hover:bg-brand-950/50 dark:hover:text-brand-300"
                >
                  <Hash className="size-3.5" aria-hidden="true" />
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </aside>
  );
}
