import { Radio, Users, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import i18n from '../../../lib/i18n';
import { useCurrentUser } from '../../auth/api';
import { usePageTitle } from '../../settings/hooks';
import { type Stream, tokens, useLiveNow } from '../api';
import { LiveBadge, ViewerCount } from './live-badge';

function since(iso: string) {
  const minutes = Math.max(0, Math.round((Date.now() - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return i18n.t('streaming.justStarted');
  if (minutes < 60) return i18n.t('streaming.liveForMinutes', { m: minutes });
  return i18n.t('streaming.liveForHours', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

export function StreamCard({ stream }: { stream: Stream }) {
  const { t } = useTranslation();
  const who = stream.performer;
  return (
    <Link
      to={`/live/${stream._id}`}
      className="group block overflow-hidden rounded-2xl border border-zinc-200/80 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900"
      data-testid="stream-card"
    >
      <div className="relative aspect-video overflow-hidden bg-gradient-to-br from-brand-500 via-violet-600 to-fuchsia-600">
        {who?.avatar && (
          <img
            src={who.avatar}
            alt=""
            loading="lazy"
            className="size-full scale-110 object-cover opacity-70 blur-[2px]"
          />
        )}
        <span className="absolute inset-0 bg-gradient-to-t from-black/70 via-transparent to-black/20" />
        <LiveBadge className="absolute top-2 left-2" />
        <ViewerCount count={stream.viewerCount} className="absolute top-2 right-2" />
        <span className="absolute right-3 bottom-2 left-3 line-clamp-2 text-sm font-semibold text-white drop-shadow">
          {stream.title}
        </span>
      </div>
      <div className="flex items-center gap-3 p-3">
        <Avatar src={who?.avatar} alt="" size="sm" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-zinc-900 group-hover:text-brand-700 dark:text-white dark:group-hover:text-brand-300">
            {who?.name ?? t('streaming.creator')}
          </p>
          <p className="truncate text-xs text-zinc-600 dark:text-zinc-400">
            {who?.username ? `@${who.username} · ` : ''}
            {since(stream.startedAt)}
          </p>
        </div>
        <span
          className={
            stream.isFree
              ? 'rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-300'
              : 'rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 dark:bg-brand-950/60 dark:text-brand-300'
          }
        >
          {stream.isFree
            ? t('streaming.free')
            : stream.type === 'group'
              ? t('streaming.groupPrice', { amount: tokens(stream.price) })
              : tokens(stream.price)}
        </span>
      </div>
    </Link>
  );
}

function StreamCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-zinc-200/80 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <Skeleton className="aspect-video rounded-none" />
      <div className="flex items-center gap-3 p-3">
        <Skeleton className="size-9 rounded-full" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-3 w-20" />
        </div>
      </div>
    </div>
  );
}

/** Who is live now, with viewer counts (GET /streaming/user/search). */
export function LiveNowPage() {
  const { t } = useTranslation();
  usePageTitle(t('streaming.liveNow'));
  const { user } = useCurrentUser();
  const { data, isLoading, error } = useLiveNow();
  const total = data?.total ?? 0;
  return (
    <div className="mx-auto max-w-6xl">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-extrabold tracking-tight sm:text-3xl">
            <Radio className="size-7 text-red-600" aria-hidden="true" /> {t('streaming.liveNow')}
          </h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400" aria-live="polite">
            {isLoading ? t('streaming.looking') : t('streaming.creatorsLive', { count: total })}
          </p>
        </div>
        {user?.isPerformer && (
          <Link to="/creator/live" className={buttonClasses('primary')}>
            <Video className="size-4" aria-hidden="true" /> {t('streaming.goLive')}
          </Link>
        )}
      </div>
      {isLoading ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <StreamCardSkeleton key={i} />
          ))}
        </div>
      ) : error || !data?.data.length ? (
        <EmptyState
          icon={Users}
          title={t('streaming.nobodyLive')}
          description={t('streaming.nobodyLiveText')}
          action={
            <Link to="/explore" className={buttonClasses('outline')}>
              {t('streaming.exploreCreators')}
            </Link>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="live-now-list">
          {data.data.map((s) => (
            <li key={s._id}>
              <StreamCard stream={s} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
