import type { ContentItem } from '@marquee/shared';
import { Eye, Heart, Images, Lock, Play } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LABELS, previewOf, tokens } from '../api';

export function itemHref(item: ContentItem) {
  return item.type === 'reel' ? `/reels?start=${item._id}` : `${LABELS[item.type].page}/${item._id}`;
}

/** One item in a grid: preview (blurred when locked), title, price or audience, counts. */
export function ContentCard({ item }: { item: ContentItem }) {
  const { t } = useTranslation();
  const src = previewOf(item);
  const badge = item.isSale ? tokens(item.price) : item.visibility === 'subscribers' ? 'Subscribers' : 'Free';
  return (
    <Link
      to={itemHref(item)}
      className="group block overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm transition hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900"
      data-testid={`content-card-${item.type}`}
    >
      <div className={`relative bg-zinc-900 ${item.type === 'reel' ? 'aspect-[9/16]' : 'aspect-[4/3]'}`}>
        {src ? (
          <img src={src} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="size-full bg-gradient-to-br from-zinc-700 to-zinc-900" />
        )}
        {!item.unlocked && (
          <span
            className="absolute inset-0 flex items-center justify-center bg-black/30 text-white"
            title={t('catalogue.locked')}
          >
            <Lock className="size-7" />
          </span>
        )}
        {(item.type === 'video' || item.type === 'scene' || item.type === 'scenario') && item.unlocked && (
          <Play className="absolute bottom-2 left-2 size-6 text-white drop-shadow" aria-hidden />
        )}
        {item.type === 'gallery' && (
          <span className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-black/60 px-2 py-0.5 text-xs text-white">
            <Images className="size-3" aria-hidden /> {item.numPhotos ?? 0}
          </span>
        )}
        <span className="absolute top-2 right-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white">
          {badge}
        </span>
      </div>
      <div className="space-y-1 p-3">
        <p className="line-clamp-1 font-semibold text-zinc-900 dark:text-zinc-100">{item.title}</p>
        <p className="flex items-center gap-3 text-xs text-zinc-500">
          <span className="inline-flex items-center gap-1">
            <Eye className="size-3" aria-hidden /> {item.stats.views}
          </span>
          <span className="inline-flex items-center gap-1">
            <Heart className="size-3" aria-hidden /> {item.stats.likes}
          </span>
          {item.type === 'product' && item.productType === 'physical' && (
            <span>{item.stock ? t('catalogue.inStock', { count: item.stock }) : t('catalogue.soldOut')}</span>
          )}
          {item.rentPrice ? <span>{t('catalogue.rentPrice', { amount: tokens(item.rentPrice) })}</span> : null}
        </p>
      </div>
    </Link>
  );
}
