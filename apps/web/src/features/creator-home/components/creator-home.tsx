import { type ContentType, periodStart } from '@marquee/shared';
import {
  ChartLine,
  Clapperboard,
  Film,
  Images,
  type LucideIcon,
  Megaphone,
  MessageCircle,
  Newspaper,
  Package,
  PenSquare,
  Settings2,
  ShoppingBag,
  Sparkles,
  Star,
  Users,
  Video,
  Wallet,
} from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import type { Messages } from '../../../lib/i18n';
import { formatAmount, formatDate } from '../../../lib/i18n/format';
import { useCurrentUser } from '../../auth/api';
import { useMyItems } from '../../catalogue/api';
import { MANAGE_PATH } from '../../catalogue/components/content-grid';
import { useEarningStats } from '../../earnings/api';
import { useUnreadMessages } from '../../messages/api';
import { useSubscriberStats, useSubscribers } from '../../subscriptions/api';

const DAY = 86_400_000;
const fmt = (n: number | undefined) => (n === undefined ? '…' : formatAmount(n));

function Stat({
  label,
  value,
  unit,
  hint,
  to,
}: {
  label: string;
  value: string;
  unit?: string;
  hint?: string;
  to: string;
}) {
  return (
    <Link
      to={to}
      className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm transition hover:shadow-md dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{label}</p>
      <p className="mt-1 text-2xl font-bold tracking-tight">
        {value}
        {unit && <span className="ml-1 text-sm font-medium text-zinc-600 dark:text-zinc-400">{unit}</span>}
      </p>
      {hint && <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{hint}</p>}
    </Link>
  );
}

interface Tool {
  /** A key of `creatorHome.tools`. */
  label: keyof Messages['creatorHome']['tools'];
  to: string;
  icon: LucideIcon;
  add?: string;
}

const CONTENT: Array<Tool & { type?: ContentType }> = [
  { label: 'posts', to: '/creator/feeds', icon: Newspaper, add: '/creator/feeds/new' },
  { label: 'stories', to: '/creator/stories', icon: Sparkles, add: '/creator/stories?new=1' },
  { label: 'videos', to: MANAGE_PATH.video, icon: Video, add: `${MANAGE_PATH.video}?new=1`, type: 'video' },
  { label: 'reels', to: MANAGE_PATH.reel, icon: Clapperboard, add: `${MANAGE_PATH.reel}?new=1`, type: 'reel' },
  { label: 'galleries', to: MANAGE_PATH.gallery, icon: Images, add: `${MANAGE_PATH.gallery}?new=1`, type: 'gallery' },
  {
    label: 'products',
    to: MANAGE_PATH.product,
    icon: ShoppingBag,
    add: `${MANAGE_PATH.product}?new=1`,
    type: 'product',
  },
  { label: 'scenes', to: MANAGE_PATH.scene, icon: Film, add: `${MANAGE_PATH.scene}?new=1`, type: 'scene' },
  { label: 'scenarios', to: MANAGE_PATH.scenario, icon: Film, add: `${MANAGE_PATH.scenario}?new=1`, type: 'scenario' },
];

const BUSINESS: Tool[] = [
  { label: 'subscribers', to: '/creator/subscribers', icon: Users },
  { label: 'subscriptionPrices', to: '/creator/subscription-settings', icon: Star },
  { label: 'massMessages', to: '/creator/mass-messages', icon: Megaphone },
  { label: 'messages', to: '/messages', icon: MessageCircle },
  { label: 'earnings', to: '/creator/earnings', icon: ChartLine },
  { label: 'orders', to: '/creator/orders', icon: Package },
  { label: 'wallet', to: '/wallet', icon: Wallet },
  { label: 'account', to: '/creator/account', icon: Settings2 },
];

/** Suggests the type that has gone quiet longest (or never had anything). */
function useNextIdea(): { text: string; to: string } | null {
  const { t } = useTranslation();
  const video = useMyItems('video', { pageSize: 1 });
  const reel = useMyItems('reel', { pageSize: 1 });
  const gallery = useMyItems('gallery', { pageSize: 1 });
  const product = useMyItems('product', { pageSize: 1 });
  const lists = [
    { type: 'reel' as const, r: reel },
    { type: 'video' as const, r: video },
    { type: 'gallery' as const, r: gallery },
    { type: 'product' as const, r: product },
  ];
  if (lists.some((l) => l.r.isLoading)) return null;
  const age = (l: (typeof lists)[number]) => {
    const last = l.r.data?.data[0]?.createdAt;
    return last ? Date.now() - new Date(last).getTime() : Number.POSITIVE_INFINITY;
  };
  const oldest = [...lists].sort((a, b) => age(b) - age(a))[0];
  const days = age(oldest);
  const tip = t(`creatorHome.idea.tip.${oldest.type}`);
  return {
    text:
      days === Number.POSITIVE_INFINITY
        ? `${t(`creatorHome.idea.none.${oldest.type}`)} ${tip}`
        : days < DAY
          ? `${t('creatorHome.idea.momentum')} ${tip}`
          : `${t(`creatorHome.idea.last.${oldest.type}`, { count: Math.round(days / DAY) })} ${tip}`,
    to: `${MANAGE_PATH[oldest.type]}?new=1`,
  };
}

/** /creator/studio: the creator's home — today's numbers, what to do next, and every tool. */
export function CreatorHome() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  // Today and the last 30 days as every report counts them (shared periodStart; the admin dashboard too).
  const since = useMemo(() => ({ today: periodStart(1).toISOString(), month: periodStart(30).toISOString() }), []);
  const { data: todayStats } = useEarningStats({ fromDate: since.today });
  const { data: monthStats } = useEarningStats({
    fromDate: since.month,
  });
  const { data: subStats } = useSubscriberStats();
  const { data: subs } = useSubscribers('page=1&pageSize=5&sortBy=createdAt&sort=desc');
  const unread = useUnreadMessages();
  const idea = useNextIdea();
  const weekAgo = Date.now() - 7 * DAY;
  // A creator with no earnings and no subscribers yet is greeted, not welcomed back.
  const isNew = monthStats !== undefined && subs !== undefined && subs.total === 0 && monthStats.totals.count === 0;
  const newThisWeek = subs?.data.filter((s) => s.startedAt && new Date(s.startedAt).getTime() > weekAgo).length;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Avatar src={user?.avatar} alt="" name={user?.name} size="md" />
          <div>
            <h1 className="text-2xl font-bold tracking-tight">{t('nav.Studio')}</h1>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {isNew
                ? t('creatorHome.welcomeNew', { name: user?.name ?? '' })
                : user?.name
                  ? t('creatorHome.welcomeName', { name: user.name })
                  : t('creatorHome.welcome')}
            </p>
          </div>
        </div>
        <Link to="/creator/feeds/new" className={buttonClasses('primary')}>
          <PenSquare className="size-4" aria-hidden="true" /> {t('feeds.newPost')}
        </Link>
      </header>

      <section aria-label={t('creatorHome.today')} className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label={t('creatorHome.earnedToday')}
          value={fmt(todayStats?.totals.net)}
          unit={t('creatorHome.tokensUnit')}
          hint={t('creatorHome.in30Days', { amount: fmt(monthStats?.totals.net) })}
          to="/creator/earnings"
        />
        <Stat
          label={t('creatorHome.tools.subscribers')}
          value={subStats ? String(subStats.active) : '…'}
          hint={newThisWeek === undefined ? undefined : t('creatorHome.newThisWeek', { count: newThisWeek })}
          to="/creator/subscribers"
        />
        <Stat label={t('creatorHome.unread')} value={String(unread)} to="/messages" />
        <Stat
          label={t('creatorHome.available')}
          value={fmt(monthStats?.available)}
          unit={t('creatorHome.tokensUnit')}
          to="/creator/earnings"
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          {idea && (
            <Card className="flex flex-wrap items-center justify-between gap-3 bg-gradient-to-r from-brand-600 to-violet-600 p-5 text-white">
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold">{t('creatorHome.whatNext')}</h2>
                <p className="mt-1 text-sm text-white/90">{idea.text}</p>
              </div>
              <Link to={idea.to} className={buttonClasses('secondary', 'sm')}>
                {t('creatorHome.startNow')}
              </Link>
            </Card>
          )}
          <section aria-labelledby="content-h">
            <h2 id="content-h" className="mb-3 text-lg font-semibold">
              {t('creatorHome.content')}
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {CONTENT.map((tool) => (
                <li
                  key={tool.label}
                  className="flex flex-col gap-2 rounded-2xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
                >
                  <Link
                    to={tool.to}
                    className="flex items-center gap-2 font-medium hover:text-brand-700 dark:hover:text-brand-300"
                  >
                    <tool.icon className="size-5 text-brand-600 dark:text-brand-400" aria-hidden="true" />
                    {t(`creatorHome.tools.${tool.label}`)}
                  </Link>
                  {tool.add && (
                    <Link
                      to={tool.add}
                      className="text-sm text-zinc-600 underline-offset-2 hover:underline dark:text-zinc-400"
                    >
                      + {tool.type ? t(`catalogue.types.${tool.type}.new`) : t('feeds.newPost')}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="business-h">
            <h2 id="business-h" className="mb-3 text-lg font-semibold">
              {t('creatorHome.business')}
            </h2>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {BUSINESS.map((tool) => (
                <li key={tool.label}>
                  <Link
                    to={tool.to}
                    className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800"
                  >
                    <tool.icon className="size-4 shrink-0 text-zinc-600 dark:text-zinc-400" aria-hidden="true" />
                    {t(`creatorHome.tools.${tool.label}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside aria-labelledby="recent-subs-h">
          <Card className="p-4">
            <h2 id="recent-subs-h" className="mb-3 font-semibold">
              {t('creatorHome.newest')}
            </h2>
            {!subs ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('creatorHome.loading')}</p>
            ) : subs.data.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('creatorHome.noSubscribers')}</p>
            ) : (
              <ul className="space-y-3">
                {subs.data.map((s) => (
                  <li key={s._id} className="flex items-center gap-3">
                    <Avatar src={s.user?.avatar ?? undefined} alt="" name={s.user?.name} size="sm" />
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">{s.user?.name ?? t('streaming.aFan')}</p>
                      <p className="text-xs text-zinc-600 dark:text-zinc-400">
                        {s.startedAt ? formatDate(s.startedAt) : ''}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </aside>
      </div>
    </div>
  );
}
