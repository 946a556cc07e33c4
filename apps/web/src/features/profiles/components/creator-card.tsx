import { BadgeCheck, Radio, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/i18n/format';
import { tokens } from '../../wallet/api';
import type { PerformerCard } from '../api';

/** A creator in discovery lists: cover, avatar, name, handle, and why to tap (live, free trial, price). */
export function CreatorCard({ creator }: { creator: PerformerCard }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/${creator.username}`}
      className="group block overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="creator-card"
    >
      <div className="relative h-24 bg-gradient-to-br from-brand-200 to-violet-200 dark:from-brand-900/60 dark:to-violet-900/50">
        {creator.cover && <img src={creator.cover} alt="" loading="lazy" className="size-full object-cover" />}
        {creator.isLive && (
          <span className="absolute top-2 left-2 inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
            <Radio className="size-3" aria-hidden="true" /> {t('streaming.liveBadge')}
          </span>
        )}
        {creator.isFreeSubscription && (
          <span className="absolute top-2 right-2 rounded-full bg-emerald-700 px-2 py-0.5 text-xs font-bold text-white">
            {t('profiles.freeTrial')}
          </span>
        )}
      </div>
      <div className="-mt-8 flex flex-col items-center px-4 pb-4 text-center">
        <span className="relative">
          <Avatar src={creator.avatar} alt="" name={creator.name} size="md" className="size-16 ring-4" />
          {creator.isOnline && (
            <span className="absolute right-0.5 bottom-0.5 size-3.5 rounded-full bg-emerald-500 ring-2 ring-white dark:ring-zinc-900">
              <span className="sr-only">{t('profiles.online')}</span>
            </span>
          )}
        </span>
        <span className="mt-2 flex max-w-full items-center gap-1 font-semibold text-zinc-900 group-hover:text-brand-700 dark:text-white dark:group-hover:text-brand-300">
          <span className="truncate">{creator.name}</span>
          {creator.verified && (
            <BadgeCheck className="size-4 shrink-0 text-brand-500" aria-label={t('profiles.verified')} />
          )}
        </span>
        <span className="max-w-full truncate text-sm text-zinc-500 dark:text-zinc-400">@{creator.username}</span>
        <span className="mt-2 flex items-center gap-3 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="inline-flex items-center gap-1">
            <Users className="size-3.5" aria-hidden="true" />
            {formatNumber(creator.followers, { notation: 'compact', maximumFractionDigits: 1 })}
            <span className="sr-only">{t('profiles.followersWord', { count: creator.followers })}</span>
          </span>
          <span>
            {creator.monthlyPrice > 0
              ? t('profiles.perMonth', { amount: tokens(creator.monthlyPrice) })
              : t('profiles.free')}
          </span>
        </span>
      </div>
    </Link>
  );
}

export function CreatorCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-zinc-200/80 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <Skeleton className="h-24 rounded-none" />
      <div className="-mt-8 flex flex-col items-center gap-2 px-4 pb-4">
        <Skeleton className="size-16 rounded-full" />
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-3 w-16" />
      </div>
    </div>
  );
}
