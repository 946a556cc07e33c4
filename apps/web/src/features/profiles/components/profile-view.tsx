import {
  BadgeCheck,
  Ban,
  Bookmark,
  BookmarkCheck,
  DollarSign,
  Flag,
  Globe2,
  MapPin,
  MessageCircle,
  MoreHorizontal,
  Share2,
  UserCheck,
  UserPlus,
  UserX,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Button, buttonClasses } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage, isApiError } from '../../../lib/api';
import { formatDate, formatNumber } from '../../../lib/i18n/format';
import { useUiStore } from '../../../lib/ui-store';
import { useCurrentUser } from '../../auth/api';
import { usePageTitle } from '../../settings/hooks';
import { ProfileLiveBadge } from '../../streaming/components/profile-live-badge';
import { tokens } from '../../wallet/api';
import { bookmarkCreator, followCreator, type PerformerPublic, useProfile } from '../api';
import { profileSlots } from '../slots';
import { ReportDialog } from './report-dialog';

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" role="status" aria-label={t('profiles.loadingProfile')}>
      <Skeleton className="h-40 rounded-3xl sm:h-60" />
      <div className="-mt-12 flex items-end gap-4 px-4 sm:px-6">
        <Skeleton className="size-24 rounded-full ring-4 ring-zinc-50 sm:size-32 dark:ring-zinc-950" />
        <div className="mb-2 space-y-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
      <div className="mt-6 space-y-2 px-4 sm:px-6">
        <Skeleton className="h-4 w-full max-w-xl" />
        <Skeleton className="h-4 w-2/3 max-w-md" />
      </div>
    </div>
  );
}

function ProfileError({ error, profileId }: { error: unknown; profileId: string }) {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : undefined;
  const status = isApiError(error) ? error.statusCode : undefined;
  const back = (
    <Link to="/explore" className={buttonClasses('outline')}>
      {t('profiles.explore.title')}
    </Link>
  );
  if (code === 'BLOCKED') {
    return (
      <EmptyState
        icon={Ban}
        level={1}
        className="mx-auto max-w-2xl"
        title={t('profiles.view.blocked')}
        description={t('profiles.view.blockedText')}
        action={back}
      />
    );
  }
  if (code === 'COUNTRY_BLOCKED') {
    return (
      <EmptyState
        icon={Globe2}
        level={1}
        className="mx-auto max-w-2xl"
        title={t('profiles.view.geo')}
        description={t('profiles.view.geoText')}
        action={back}
      />
    );
  }
  const missing = status === 404;
  return (
    <EmptyState
      icon={UserX}
      level={1}
      className="mx-auto max-w-2xl"
      title={missing ? t('profiles.view.notFound') : t('profiles.view.loadError')}
      description={missing ? t('profiles.view.notFoundText', { name: profileId }) : getErrorMessage(error)}
      action={back}
    />
  );
}

function Stat({ value, label }: { value: number | null; label: string }) {
  if (value === null) return null;
  return (
    <li className="flex flex-col items-center sm:items-start">
      <span className="text-lg font-bold text-zinc-900 dark:text-white">
        {formatNumber(value, { notation: 'compact', maximumFractionDigits: 1 })}
      </span>
      <span className="text-xs text-zinc-500 dark:text-zinc-400">{label}</span>
    </li>
  );
}

function useRequireSignIn() {
  const { user } = useCurrentUser();
  const openLogin = useUiStore((s) => s.openLogin);
  return (fn: () => void) => () => {
    if (!user) {
      openLogin();
      return;
    }
    fn();
  };
}

function Actions({ creator }: { creator: PerformerPublic }) {
  const { t } = useTranslation();
  const signedIn = useRequireSignIn();
  const [busy, setBusy] = useState<'follow' | 'bookmark' | null>(null);
  const [reportOpen, setReportOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const { subscribe: Subscribe, tip: Tip, message: Message } = profileSlots;

  const run = async (what: 'follow' | 'bookmark', fn: () => Promise<unknown>) => {
    setBusy(what);
    try {
      await fn();
    } catch (err) {
      toast.error(getErrorMessage(err, t('errors.default')));
    } finally {
      setBusy(null);
    }
  };

  const share = async () => {
    const url = `${location.origin}/${creator.username}`;
    try {
      if (navigator.share) await navigator.share({ title: creator.name, url });
      else {
        await navigator.clipboard.writeText(url);
        toast.success(t('profiles.view.linkCopied'));
      }
    } catch {
      // the visitor closed the share sheet
    }
  };

  if (creator.isOwner) {
    return (
      <div className="flex flex-wrap gap-2">
        <Link to="/creator/account" className={buttonClasses('outline')}>
          {t('profiles.view.edit')}
        </Link>
        <Link to="/creator/blocked" className={buttonClasses('ghost')}>
          {t('profiles.view.blockedLink')}
        </Link>
        <Button variant="ghost" size="icon" onClick={share} aria-label={t('profiles.view.share')}>
          <Share2 className="size-4" />
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      {Subscribe ? (
        <Subscribe creator={creator} />
      ) : creator.isSubscribed ? (
        <div className="rounded-2xl bg-emerald-50 px-4 py-3 text-sm font-semibold text-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300">
          {creator.subscribedUntil
            ? t('profiles.view.subscribedUntil', { date: formatDate(creator.subscribedUntil) })
            : t('profiles.view.subscribed')}
        </div>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          <Button size="lg" onClick={signedIn(() => toast.info(t('profiles.view.soon')))}>
            {t('profiles.view.subscribeMonth', { amount: tokens(creator.monthlyPrice) })}
          </Button>
          {creator.isFreeSubscription ? (
            <Button size="lg" variant="outline" onClick={signedIn(() => toast.info(t('profiles.view.soon')))}>
              {t('profiles.view.freeDays', { count: creator.freeSubscriptionDays })}
            </Button>
          ) : (
            <Button size="lg" variant="outline" onClick={signedIn(() => toast.info(t('profiles.view.soon')))}>
              {t('profiles.view.perYear', { amount: tokens(creator.yearlyPrice) })}
            </Button>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant={creator.isFollowed ? 'outline' : 'secondary'}
          loading={busy === 'follow'}
          onClick={signedIn(() => run('follow', () => followCreator(creator._id, !creator.isFollowed)))}
          aria-pressed={creator.isFollowed}
        >
          {creator.isFollowed ? <UserCheck className="size-4" /> : <UserPlus className="size-4" />}
          {creator.isFollowed ? t('profiles.view.following') : t('profiles.view.follow')}
        </Button>
        {Tip ? (
          <Tip creator={creator} />
        ) : (
          <Button variant="outline" onClick={signedIn(() => toast.info(t('profiles.view.soon')))}>
            <DollarSign className="size-4" /> {t('profiles.view.tip')}
          </Button>
        )}
        {Message ? (
          <Message creator={creator} />
        ) : (
          <Button variant="outline" onClick={signedIn(() => toast.info(t('profiles.view.soon')))}>
            <MessageCircle className="size-4" /> {t('profiles.view.message')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          loading={busy === 'bookmark'}
          aria-label={creator.isBookmarked ? t('profiles.view.removeBookmark') : t('profiles.view.bookmark')}
          aria-pressed={creator.isBookmarked}
          onClick={signedIn(() => run('bookmark', () => bookmarkCreator(creator._id, !creator.isBookmarked)))}
        >
          {creator.isBookmarked ? <BookmarkCheck className="size-5 text-brand-600" /> : <Bookmark className="size-5" />}
        </Button>
        <Button variant="ghost" size="icon" onClick={share} aria-label={t('profiles.view.share')}>
          <Share2 className="size-4" />
        </Button>
        <div className="relative">
          <Button
            variant="ghost"
            size="icon"
            aria-label={t('profiles.view.more')}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((o) => !o)}
          >
            <MoreHorizontal className="size-5" />
          </Button>
          {menuOpen && (
            <div className="absolute right-0 z-20 mt-1 w-44 rounded-2xl border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
              <button
                type="button"
                className="flex w-full items-center gap-2 rounded-xl px-3 py-2 text-left text-sm text-red-600 hover:bg-red-50 dark:hover:bg-red-950/40"
                onClick={signedIn(() => {
                  setMenuOpen(false);
                  setReportOpen(true);
                })}
              >
                <Flag className="size-4" /> {t('profiles.view.report')}
              </button>
            </div>
          )}
        </div>
      </div>
      <ReportDialog
        open={reportOpen}
        onOpenChange={setReportOpen}
        targetType="performer"
        targetId={creator._id}
        targetLabel={`@${creator.username}`}
      />
    </div>
  );
}

export function ProfileView({ profileId }: { profileId: string }) {
  const { t } = useTranslation();
  const { data: creator, error, isLoading } = useProfile(profileId);
  usePageTitle(creator ? `${creator.name} (@${creator.username})` : error ? t('profiles.view.notFound') : undefined);

  if (isLoading) return <ProfileSkeleton />;
  if (error || !creator) return <ProfileError error={error} profileId={profileId} />;

  const location = [creator.city, creator.country].filter(Boolean).join(', ');
  return (
    <article className="mx-auto max-w-4xl" data-testid="profile">
      <div className="relative h-40 overflow-hidden rounded-3xl bg-gradient-to-br from-brand-300 via-violet-300 to-fuchsia-200 sm:h-60 dark:from-brand-900 dark:via-violet-900 dark:to-fuchsia-950">
        {creator.cover && <img src={creator.cover} alt="" className="size-full object-cover" />}
        {creator.isLive && <ProfileLiveBadge creatorId={creator._id} />}
      </div>
      <div className="px-4 sm:px-6">
        <div className="-mt-12 flex items-end gap-4 sm:-mt-16">
          <span className="relative">
            <Avatar src={creator.avatar} alt={creator.name} size="xl" className="size-24 ring-4 sm:size-32" />
            {creator.isOnline && (
              <span className="absolute right-2 bottom-2 size-4 rounded-full bg-emerald-500 ring-2 ring-white dark:ring-zinc-950">
                <span className="sr-only">{t('profiles.online')}</span>
              </span>
            )}
          </span>
        </div>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1 className="flex items-center gap-1.5 text-2xl font-extrabold tracking-tight sm:text-3xl">
              <span className="truncate">{creator.name}</span>
              {creator.verified && (
                <BadgeCheck
                  className="size-6 shrink-0 text-brand-500"
                  aria-label={t('profiles.view.verifiedCreator')}
                />
              )}
            </h1>
            <p className="text-zinc-500 dark:text-zinc-400">
              @{creator.username}
              {creator.isOnline ? ` · ${t('profiles.view.onlineNow')}` : ''}
            </p>
            {location && (
              <p className="mt-1 flex items-center gap-1 text-sm text-zinc-500 dark:text-zinc-400">
                <MapPin className="size-4" aria-hidden="true" /> {location}
              </p>
            )}
          </div>
          <ul className="flex gap-6">
            <Stat value={creator.stats.posts} label={t('profiles.stats.posts')} />
            <Stat value={creator.stats.media} label={t('profiles.stats.media')} />
            <Stat value={creator.stats.likes} label={t('profiles.stats.likes')} />
            <Stat value={creator.stats.followers} label={t('profiles.stats.followers')} />
            <Stat value={creator.stats.subscribers} label={t('profiles.stats.subscribers')} />
          </ul>
        </div>
        {creator.bio && (
          <p className="mt-4 max-w-2xl whitespace-pre-line text-zinc-700 dark:text-zinc-300">{creator.bio}</p>
        )}
        {creator.welcomeVideo && (
          <video
            src={creator.welcomeVideo}
            controls
            playsInline
            preload="metadata"
            className="mt-4 w-full max-w-xl rounded-2xl bg-black"
          >
            <track kind="captions" />
          </video>
        )}
        <div className="mt-5">
          <Actions creator={creator} />
        </div>
        <ProfileTabs creator={creator} />
      </div>
    </article>
  );
}

/**
 * The content tabs: a visitor sees those with something in them (Posts when there is nothing at all); the
 * owner sees every tab, an empty one saying what it is for (issue 31).
 */
function ProfileTabs({ creator }: { creator: PerformerPublic }) {
  const { t } = useTranslation();
  const shown = creator.isOwner
    ? profileSlots.tabs
    : profileSlots.tabs.filter((tab) => creator.tabs.includes(tab.key) || tab.key === 'posts');
  return (
    <Tabs defaultValue={shown[0]?.key} className="mt-8">
      <TabsList className="overflow-x-auto">
        {shown.map((tab) => (
          <TabsTrigger key={tab.key} value={tab.key}>
            {t(`profiles.tabs.${tab.key}.label`)}
          </TabsTrigger>
        ))}
      </TabsList>
      {shown.map((tab) => (
        <TabsContent key={tab.key} value={tab.key}>
          {creator.isOwner && !creator.tabs.includes(tab.key) ? (
            <EmptyState title={t(`profiles.tabs.${tab.key}.empty`)} description={t(`profiles.tabs.${tab.key}.about`)} />
          ) : tab.Component ? (
            <tab.Component creator={creator} />
          ) : (
            <EmptyState
              title={t(`profiles.tabs.${tab.key}.empty`)}
              description={t('profiles.tabEmptyText', { name: creator.name })}
            />
          )}
        </TabsContent>
      ))}
    </Tabs>
  );
}
