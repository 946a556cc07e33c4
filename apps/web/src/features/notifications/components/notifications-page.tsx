import { Bell, CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import i18n from '../../../lib/i18n';
import { formatDate } from '../../../lib/i18n/format';
import { useRealtimeEvent } from '../../../lib/realtime';
import { usePageTitle } from '../../settings/hooks';
import { markAllRead, markRead, type Notification, useNotifications } from '../api';
import { NotificationPreferences } from './notification-preferences';

function ago(iso: string) {
  const s = Math.round((Date.now() - new Date(iso).getTime()) / 1000);
  if (s < 60) return i18n.t('notifications.justNow');
  if (s < 3600) return i18n.t('notifications.minutesAgo', { n: Math.floor(s / 60) });
  if (s < 86400) return i18n.t('notifications.hoursAgo', { n: Math.floor(s / 3600) });
  return formatDate(iso, {});
}

function Row({ n, onRead }: { n: Notification; onRead: (n: Notification) => void }) {
  const body = (
    <>
      <span
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', n.read ? 'bg-transparent' : 'bg-brand-500')}
        aria-hidden="true"
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block text-sm', !n.read && 'font-semibold')}>{n.title}</span>
        {n.body && <span className="block truncate text-sm text-zinc-500 dark:text-zinc-400">{n.body}</span>}
        <span className="text-xs text-zinc-400">{ago(n.createdAt)}</span>
      </span>
    </>
  );
  const cls = 'flex w-full gap-3 rounded-xl p-3 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800/60';
  return (
    <li>
      {n.link ? (
        <Link to={n.link} className={cls} onClick={() => onRead(n)}>
          {body}
        </Link>
      ) : (
        <button type="button" className={cls} onClick={() => onRead(n)}>
          {body}
        </button>
      )}
    </li>
  );
}

/** The one notification center of the site, with per-kind preferences. */
export function NotificationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('notifications.title'));
  const [pages, setPages] = useState(1);
  const first = useNotifications(1);
  useRealtimeEvent('notification/new', () => void first.mutate());
  const total = first.data?.total ?? 0;

  async function onRead(n: Notification) {
    if (n.read) return;
    await markRead(n._id).catch(() => undefined);
    void first.mutate();
  }

  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <section aria-labelledby="notif-title" className="min-w-0">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h1 id="notif-title" className="text-2xl font-bold tracking-tight">
            {t('notifications.title')}
          </h1>
          <Button
            variant="outline"
            size="sm"
            onClick={async () => {
              try {
                await markAllRead();
                void first.mutate();
              } catch (err) {
                toast.error(getErrorMessage(err, t('errors.tryAgain')));
              }
            }}
          >
            <CheckCheck className="size-4" aria-hidden="true" /> {t('notifications.markAllRead')}
          </Button>
        </div>
        {first.isLoading ? (
          <div className="space-y-2">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 rounded-xl" />
            ))}
          </div>
        ) : total === 0 ? (
          <EmptyState icon={Bell} title={t('notifications.empty')} description={t('notifications.emptyText')} />
        ) : (
          <div className="rounded-2xl border border-zinc-200 bg-white p-1.5 dark:border-zinc-800 dark:bg-zinc-900">
            <ul>
              {(first.data?.data ?? []).map((n) => (
                <Row key={n._id} n={n} onRead={onRead} />
              ))}
              {Array.from({ length: pages - 1 }, (_, i) => i + 2).map((p) => (
                <MorePage key={p} page={p} onRead={onRead} />
              ))}
            </ul>
            {pages * 20 < total && (
              <div className="p-2">
                <Button variant="ghost" className="w-full" onClick={() => setPages((p) => p + 1)}>
                  {t('common.loadMore')}
                </Button>
              </div>
            )}
          </div>
        )}
      </section>
      <NotificationPreferences />
    </div>
  );
}

function MorePage({ page, onRead }: { page: number; onRead: (n: Notification) => void }) {
  const { data } = useNotifications(page);
  return (
    <>
      {(data?.data ?? []).map((n) => (
        <Row key={n._id} n={n} onRead={onRead} />
      ))}
    </>
  );
}
