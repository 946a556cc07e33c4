import { BadgeCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import type { PerformerSummary } from '../types';

export function PerformerCard({ performer }: { performer: PerformerSummary }) {
  const { t } = useTranslation();
  const name = performer.name || performer.username;
  return (
    <Link
      to={`/${performer.username}`}
      className="group block overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="relative h-24 bg-gradient-to-br from-brand-200 to-violet-200 dark:from-brand-900/60 dark:to-violet-900/50">
        {performer.cover && <img src={performer.cover} alt="" loading="lazy" className="size-full object-cover" />}
      </div>
      <div className="-mt-8 flex flex-col items-center px-4 pb-4 text-center">
        <span className="relative">
          <Avatar src={performer.avatar} alt="" name={performer.name} size="md" className="size-16 ring-4" />
          {performer.isOnline && (
            <span className="absolute right-0.5 bottom-0.5 size-3.5 rounded-full bg-emerald-500 ring-2 ring-white dark:ring-zinc-900">
              <span className="sr-only">{t('profiles.online')}</span>
            </span>
          )}
        </span>
        <span className="mt-2 flex max-w-full items-center gap-1 font-semibold text-zinc-900 group-hover:text-brand-700 dark:text-white dark:group-hover:text-brand-300">
          <span className="truncate">{name}</span>
          {performer.verified && (
            <BadgeCheck className="size-4 shrink-0 text-brand-500" aria-label={t('profiles.verified')} />
          )}
        </span>
        <span className="max-w-full truncate text-sm text-zinc-500 dark:text-zinc-400">@{performer.username}</span>
      </div>
    </Link>
  );
}
