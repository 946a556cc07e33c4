import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { dateOf, money, useSubscriberStats, useSubscribers } from '../api';

const TYPES = [
  ['', 'All types'],
  ['monthly', 'Monthly'],
  ['three_months', '3 months'],
  ['six_months', '6 months'],
  ['yearly', '12 months'],
  ['free', 'Free trial'],
] as const;
const STATUSES = [
  ['', 'Any status'],
  ['active', 'Active'],
  ['cancelled', 'Cancelled'],
  ['expired', 'Expired'],
] as const;
const selectClass =
  'h-10 rounded-xl border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900';

/** /creator/subscribers: who subscribes, how, until when, and their lifetime spend. */
export function Subscribers() {
  const [type, setType] = useState<(typeof TYPES)[number][0]>('');
  const [status, setStatus] = useState<(typeof STATUSES)[number][0]>('');
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
        <h1 className="text-2xl font-bold">Subscribers</h1>
        <Link to="/creator/subscription-settings" className="text-sm font-medium text-brand-600">
          Subscription settings
        </Link>
      </div>
      {stats && (
        <div className="mb-4 grid grid-cols-3 gap-3" data-testid="subscriber-stats">
          {[
            ['Active now', String(stats.active)],
            ['All time', String(stats.total)],
            ['Lifetime revenue', money(stats.lifetimeRevenue)],
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
          placeholder="Search fans"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
          aria-label="Search fans"
        />
        <select
          className={selectClass}
          value={type}
          onChange={(e) => {
            setType(TYPES.find(([v]) => v === e.target.value)?.[0] ?? '');
            setPage(1);
          }}
          aria-label="Type"
        >
          {TYPES.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        <select
          className={selectClass}
          value={status}
          onChange={(e) => {
            setStatus(STATUSES.find(([v]) => v === e.target.value)?.[0] ?? '');
            setPage(1);
          }}
          aria-label="Status"
        >
          {STATUSES.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </div>
      {isLoading && <Skeleton className="h-32 w-full" />}
      {data && data.data.length === 0 && (
        <EmptyState title="No subscribers here yet" description="Fans who subscribe to you show up here." />
      )}
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="subscribers">
        {data?.data.map((s) => (
          <li key={s._id} className="flex items-center gap-3 py-3">
            <Avatar src={s.user?.avatar ?? undefined} alt="" name={s.user?.name} className="size-10" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium">{s.user?.name || s.user?.username}</p>
              <p className="text-sm text-zinc-500">
                {TYPES.find(([v]) => v === s.subscriptionType)?.[1]} · {s.status}
                {s.isActive
                  ? ` · ${s.renewsAt ? 'renews' : 'ends'} ${dateOf(s.expiredAt)}`
                  : ` · ended ${dateOf(s.expiredAt)}`}
              </p>
            </div>
            <div className="text-right text-sm">
              <p className="font-semibold">{money(s.totalPaid)}</p>
              <p className="text-xs text-zinc-500">lifetime</p>
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
