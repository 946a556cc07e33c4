import { TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import i18n from '../../../lib/i18n';
import { previewOf } from '../../catalogue/api';
import { type TrendingCreator, type TrendingPost, useTrending } from '../api';
import { Section } from './section';

/** What a trending card shows, whatever the object behind it. */
interface Tile {
  key: string;
  title: string;
  /** A text post's words, shown on the card when it has no picture. */
  text?: string;
  username?: string | null;
  image?: string;
  href: string | null;
}

const titleOr = (title: string | undefined, username: string | null | undefined) =>
  title || (username ? `@${username}` : i18n.t('home.untitled'));

function creatorTile(c: TrendingCreator): Tile {
  return {
    key: c._id,
    title: titleOr(c.name, c.username),
    username: c.username,
    image: c.avatar ?? undefined,
    href: `/${c.username}`,
  };
}

function postTile(post: TrendingPost): Tile {
  if (post.type === 'feed') {
    const { item } = post;
    const username = item.performer?.username;
    return {
      key: item._id,
      title: titleOr(item.text, username),
      text: item.text,
      username,
      image: item.files.find((f) => f.thumbnails.length)?.thumbnails[0],
      href: `/post/${item._id}`,
    };
  }
  const { item } = post;
  const username = item.performer?.username;
  return {
    key: item._id,
    title: titleOr(item.title, username),
    username,
    image: previewOf(item),
    href: username ? `/${username}` : null,
  };
}

function TrendingCard({ tile }: { tile: Tile }) {
  const { title, text, username, image, href } = tile;
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
            <span className="line-clamp-5">{text ?? title}</span>
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
  const { t } = useTranslation();
  const { performers, posts, isLoading } = useTrending();
  // Creators first, then the posts and items people like.
  const tiles = [...performers.map(creatorTile), ...posts.map(postTile)];
  return (
    <Section id="trending" title={t('home.trending')} subtitle={t('home.trendingText')}>
      {isLoading ? (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={i} className="aspect-[4/5] rounded-2xl" />
          ))}
        </div>
      ) : tiles.length === 0 ? (
        <EmptyState icon={TrendingUp} title={t('home.noTrending')} description={t('home.noTrendingText')} />
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
          {tiles.slice(0, 12).map((tile) => (
            <li key={tile.key}>
              <TrendingCard tile={tile} />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
