import { TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { type TrendingItem, useTrending } from '../api';
import { Section } from './section';

function TrendingCard({ item }: { item: TrendingItem }) {
  const username = item.username ?? item.performer?.username;
  const title = item.title || item.name || item.text || (username ? `@${username}` : 'Untitled');
  const isPost = item.type === 'feed';
  const image = isPost
    ? item.files?.find((f) => f.thumbnails?.length)?.thumbnails?.[0]
    : item.thumbnail || item.cover || item.avatar;
  const href = isPost ? `/post/${item._id}` : username ? `/${username}` : null;
  const body = (
    <>
      <div className="aspect-[4/5] overflow-hidden bg-zinc-100 dark:bg-zinc-800">
        {image ? (
          <img
            src={image}
            alt=""
            loading="lazy"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-500 to-violet-600 p-4 text-center text-sm font-medium text-white">
            <span className="line-clamp-5">{item.text ?? title}</span>
          </div>
        )}
      </div>
      <div className="p-3">
        <p className="truncate text-sm font-semibold text-zinc-900 dark:text-white">{title}</p>
        {username && <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">@{username}</p>}
      </div>
    </>
  );
  const classes =
    'group block overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-sm transition hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900';
  return href ? (
    <Link to={href} className={classes}>
      {body}
    </Link>
  ) : (
    <div className={classes}>{body}</div>
  );
}

export function Trending() {
  const { items, isLoading } = useTrending();
  return (
    <Section id="trending" title="Trending" subtitle="What fans are watching right now">
      {isLoading ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={i} className="aspect-[4/5] rounded-2xl" />
          ))}
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={TrendingUp}
          title="Nothing trending yet"
          description="Check back soon for the posts everyone is talking about."
        />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
          {items.slice(0, 12).map((item) => (
            <li key={item._id}>
              <TrendingCard item={item} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
