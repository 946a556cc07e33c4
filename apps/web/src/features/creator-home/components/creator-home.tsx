import type { ContentType } from '@marquee/shared';
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
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useCurrentUser } from '../../auth/api';
import { useMyItems } from '../../catalogue/api';
import { MANAGE_PATH } from '../../catalogue/components/content-grid';
import { useEarningStats } from '../../earnings/api';
import { useUnreadMessages } from '../../messages/api';
import { useSubscriberStats, useSubscribers } from '../../subscriptions/api';

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const fmt = (n: number | undefined) => (n === undefined ? '…' : n.toFixed(2));

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
  label: string;
  to: string;
  icon: LucideIcon;
  add?: string;
}

const CONTENT: Array<Tool & { type?: ContentType }> = [
  { label: 'Posts', to: '/creator/feeds', icon: Newspaper, add: '/creator/feeds/new' },
  { label: 'Stories', to: '/creator/stories', icon: Sparkles },
  { label: 'Videos', to: MANAGE_PATH.video, icon: Video, add: `${MANAGE_PATH.video}?new=1`, type: 'video' },
  { label: 'Reels', to: MANAGE_PATH.reel, icon: Clapperboard, add: `${MANAGE_PATH.reel}?new=1`, type: 'reel' },
  { label: 'Galleries', to: MANAGE_PATH.gallery, icon: Images, add: `${MANAGE_PATH.gallery}?new=1`, type: 'gallery' },
  {
    label: 'Products',
    to: MANAGE_PATH.product,
    icon: ShoppingBag,
    add: `${MANAGE_PATH.product}?new=1`,
    type: 'product',
  },
  { label: 'Scenes', to: MANAGE_PATH.scene, icon: Film, add: `${MANAGE_PATH.scene}?new=1`, type: 'scene' },
  { label: 'Scenarios', to: MANAGE_PATH.scenario, icon: Film, add: `${MANAGE_PATH.scenario}?new=1`, type: 'scenario' },
];

const BUSINESS: Tool[] = [
  { label: 'Subscribers', to: '/creator/subscribers', icon: Users },
  { label: 'Subscription prices', to: '/creator/subscription-settings', icon: Star },
  { label: 'Mass messages', to: '/creator/mass-messages', icon: Megaphone },
  { label: 'Messages', to: '/messages', icon: MessageCircle },
  { label: 'Earnings', to: '/creator/earnings', icon: ChartLine },
  { label: 'Orders', to: '/creator/orders', icon: Package },
  { label: 'Wallet', to: '/wallet', icon: Wallet },
  { label: 'Profile and account', to: '/creator/account', icon: Settings2 },
];

/** Suggests the type that has gone quiet longest (or never had anything). */
function useNextIdea(): { text: string; to: string } | null {
  const video = useMyItems('video', { pageSize: 1 });
  const reel = useMyItems('reel', { pageSize: 1 });
  const gallery = useMyItems('gallery', { pageSize: 1 });
  const product = useMyItems('product', { pageSize: 1 });
  const lists = [
    { type: 'reel' as const, r: reel, text: 'A short reel: 15 seconds behind the scenes gets the most views.' },
    { type: 'video' as const, r: video, text: 'A video for your subscribers: a tutorial or a longer session.' },
    { type: 'gallery' as const, r: gallery, text: 'A photo gallery: your best shots of the week, free or for sale.' },
    { type: 'product' as const, r: product, text: 'A product: merch, a print or a digital download in your shop.' },
  ];
  if (lists.some((l) => l.r.isLoading)) return null;
  const age = (l: (typeof lists)[number]) => {
    const last = l.r.data?.data[0]?.createdAt;
    return last ? Date.now() - new Date(last).getTime() : Number.POSITIVE_INFINITY;
  };
  const oldest = [...lists].sort((a, b) => age(b) - age(a))[0];
  const days = age(oldest);
  return {
    text:
      days === Number.POSITIVE_INFINITY
        ? `You have no ${oldest.type === 'gallery' ? 'galleries' : `${oldest.type}s`} yet. ${oldest.text}`
        : days < DAY
          ? `Keep the momentum going. ${oldest.text}`
          : `Your last ${oldest.type} was ${Math.round(days / DAY)} day${Math.round(days / DAY) === 1 ? '' : 's'} ago. ${oldest.text}`,
    to: `${MANAGE_PATH[oldest.type]}?new=1`,
  };
}

/** /creator/studio: the creator's home — today's numbers, what to do next, and every tool. */
export function CreatorHome() {
  const { user } = useCurrentUser();
  const { data: todayStats } = useEarningStats({ fromDate: today() });
  const { data: monthStats } = useEarningStats({
    fromDate: new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10),
  });
  const { data: subStats } = useSubscriberStats();
  const { data: subs } = useSubscribers('page=1&pageSize=5&sortBy=createdAt&sort=desc');
  const unread = useUnreadMessages();
  const idea = useNextIdea();
  const weekAgo = Date.now() - 7 * DAY;
  const newThisWeek = subs?.data.filter((s) => s.startedAt && new Date(s.startedAt).getTime() > weekAgo).length;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Avatar src={user?.avatar} alt="" name={user?.name} size="md" />
          <div>
            <h1 className="text-2xl font-bold tracking-tight">Studio</h1>
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              Welcome back{user?.name ? `, ${user.name}` : ''}.
            </p>
          </div>
        </div>
        <Link to="/creator/feeds/new" className={buttonClasses('primary')}>
          <PenSquare className="size-4" aria-hidden="true" /> New post
        </Link>
      </header>

      <section aria-label="Today" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Earned today"
          value={fmt(todayStats?.totals.net)}
          unit="tokens"
          hint={`${fmt(monthStats?.totals.net)} tokens in 30 days`}
          to="/creator/earnings"
        />
        <Stat
          label="Subscribers"
          value={subStats ? String(subStats.active) : '…'}
          hint={newThisWeek === undefined ? undefined : `${newThisWeek} new this week`}
          to="/creator/subscribers"
        />
        <Stat label="Unread messages" value={String(unread)} to="/messages" />
        <Stat label="Available to pay out" value={fmt(monthStats?.available)} unit="tokens" to="/creator/earnings" />
      </section>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          {idea && (
            <Card className="flex flex-wrap items-center justify-between gap-3 bg-gradient-to-r from-brand-600 to-violet-600 p-5 text-white">
              <div className="min-w-0 flex-1">
                <h2 className="font-semibold">What to post next</h2>
                <p className="mt-1 text-sm text-white/90">{idea.text}</p>
              </div>
              <Link to={idea.to} className={buttonClasses('secondary', 'sm')}>
                Start now
              </Link>
            </Card>
          )}
          <section aria-labelledby="content-h">
            <h2 id="content-h" className="mb-3 text-lg font-semibold">
              Your content
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {CONTENT.map((t) => (
                <li
                  key={t.label}
                  className="flex flex-col gap-2 rounded-2xl border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
                >
                  <Link
                    to={t.to}
                    className="flex items-center gap-2 font-medium hover:text-brand-700 dark:hover:text-brand-300"
                  >
                    <t.icon className="size-5 text-brand-600 dark:text-brand-400" aria-hidden="true" />
                    {t.label}
                  </Link>
                  {t.add && (
                    <Link
                      to={t.add}
                      className="text-sm text-zinc-600 underline-offset-2 hover:underline dark:text-zinc-400"
                    >
                      + New {t.label === 'Galleries' ? 'gallery' : t.label.slice(0, -1).toLowerCase()}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="business-h">
            <h2 id="business-h" className="mb-3 text-lg font-semibold">
              Your business
            </h2>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {BUSINESS.map((t) => (
                <li key={t.label}>
                  <Link
                    to={t.to}
                    className="flex items-center gap-2 rounded-xl px-3 py-2 text-sm font-medium hover:bg-zinc-100 dark:hover:bg-zinc-800"
                  >
                    <t.icon className="size-4 shrink-0 text-zinc-600 dark:text-zinc-400" aria-hidden="true" />
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside aria-labelledby="recent-subs-h">
          <Card className="p-4">
            <h2 id="recent-subs-h" className="mb-3 font-semibold">
              Newest subscribers
            </h2>
            {!subs ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">Loading…</p>
            ) : subs.data.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                No subscribers yet. Share your page to get your first fans.
              </p>
            ) : (
              <ul className="space-y-3">
                {subs.data.map((s) => (
                  <li key={s._id} className="flex items-center gap-3">
                    <Avatar src={s.user?.avatar ?? undefined} alt="" name={s.user?.name} size="sm" />
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium">{s.user?.name ?? 'A fan'}</p>
                      <p className="text-xs text-zinc-600 dark:text-zinc-400">
                        {s.startedAt
                          ? new Date(s.startedAt).toLocaleDateString(undefined, { dateStyle: 'medium' })
                          : ''}
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
