import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/i18n/format';
import { dateOf, money, useSubscriberStats, useSubscribers } from '../api';

const TYPES = ['', 'monthly', 'three_months', 'six_months', 'yearly', 'free'] as const;
const STATUSES = ['', 'active', 'cancelled', 'expired'] as const;
const selectClass =
  'h-10 rounded-xl border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** /creator/subscribers: who subscribes, how, until when, and their lifetime spend. */
export function Subscribers() {
  const { t } = useTranslation();
  const [type, setType] = useState<(typeof TYPES)[number]>('');
  const [status, setStatus] = useState<(typeof STATUSES)[number]>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data, isLoading } = useSubscribers({
    page,
    pageSize: 20,
    sortBy: 'updatedAt',
    sort: 'desc',
    subscriptionType: type || undefined,
    status: status || undefined,
    q: q.trim() || undefined,
  });
  const { data: stats } = useSubscriberStats();
  const pages = data ? Math.max(1, Math.ceil(data.total / 20)) : 1;

  return (
    <div className="mx-auto max-w-4xl p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('subscriptions.subscribers.title')}</h1>
        <Link to="/creator/subscription-settings" className="text-sm font-medium text-brand-600">
          {t('subscriptions.subscribers.settings')}
        </Link>
      </div>
      {stats && (
        <div className="mb-4 grid grid-cols-3 gap-3" data-testid="subscriber-stats">
          {[
            [t('subscriptions.subscribers.activeNow'), formatNumber(stats.active)],
            [t('subscriptions.subscribers.allTime'), formatNumber(stats.total)],
            [t('subscriptions.subscribers.revenue'), money(stats.lifetimeRevenue)],
          ].map(([label, value]) => (
            <Card key={label} className="p-4">
              <p className="text-xs text-zinc-500">{label}</p>
              <p className="text-xl font-bold">{value}</p>
            </Card>
          ))}
        </div>
      )}
      <div className="mb-4 flex flex-wrap gap-2">
        <Input
          className="max-w-xs"
          placeholder={t('subscriptions.subscribers.search')}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          aria-label={t('subscriptions.subscribers.search')}
        />
        <select
          className={selectClass}
          value={type}
          onChange={(e) => {
            setType(TYPES.find((v) => v === e.target.value) ?? '');
            setPage(1);
          }}
          aria-label={t('subscriptions.subscribers.typeLabel')}
        >
          {TYPES.map((v) => (
            <option key={v} value={v}>
              {v ? t(`subscriptions.type.${v}`) : t('subscriptions.subscribers.allTypes')}
            </option>
          ))}
        </select>
        <select
          className={selectClass}
          value={status}
          onChange={(e) => {
            setStatus(STATUSES.find((v) => v === e.target.value) ?? '');
            setPage(1);
          }}
          aria-label={t('subscriptions.subscribers.statusLabel')}
        >
          {STATUSES.map((v) => (
            <option key={v} value={v}>
              {v ? t(`subscriptions.subscribers.statusOption.${v}`) : t('subscriptions.subscribers.anyStatus')}
            </option>
          ))}
        </select>
      </div>
      {isLoading && <Skeleton className="h-32 w-full" />}
      {data && data.data.length === 0 && (
        <EmptyState title={t('subscriptions.subscribers.none')} description={t('subscriptions.subscribers.noneHint')} />
      )}
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="subscribers">
        {data?.data.map((s) => (
          <li key={s._id} className="flex items-center gap-3 py-3">
            <Avatar src={s.user?.avatar ?? undefined} alt="" name={s.user?.name} className="size-10" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{s.user?.name || s.user?.username}</p>
              <p className="text-sm text-zinc-500">
                {t(`subscriptions.type.${s.subscriptionType}`)} · {t(`subscriptions.status.${s.status}`)}
                {' · '}
                {t(
                  s.isActive
                    ? s.renewsAt
                      ? 'subscriptions.subscribers.renews'
                      : 'subscriptions.subscribers.ends'
                    : 'subscriptions.subscribers.ended',
                  { date: dateOf(s.expiredAt) },
                )}
              </p>
            </div>
            <div className="text-right text-sm">
              <p className="font-semibold">{money(s.totalPaid)}</p>
              <p className="text-xs text-zinc-500">{t('subscriptions.subscribers.lifetime')}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-4">
        <Pager page={page} pages={pages} onPage={setPage} />
      </div>
    </div>
  );
}
