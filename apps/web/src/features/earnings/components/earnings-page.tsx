import { EARNING_SOURCES, periodStart } from '@marquee/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatAmount, formatDate, formatTokenAmount } from '../../../lib/i18n/format';
import { toApiQuery, useListQuery } from '../../../lib/query-string';
import { usePageTitle } from '../../settings/hooks';
import { dateTime, tokens } from '../../wallet/api';
import { isSource, useEarningStats, useEarnings } from '../api';

const PERIODS = ['7', '30', '90', 'all'] as const;

function Stat({ label, value, testId }: { label: string; value: number | undefined; testId?: string }) {
  return (
    <Card className="p-4">
      <p className="text-xs uppercase tracking-wide text-zinc-500">{label}</p>
      <p className="mt-1 text-2xl font-bold" data-testid={testId}>
        {value === undefined ? '…' : formatTokenAmount(value)}
      </p>
    </Card>
  );
}

/** /creator/earnings: totals, charts by day and by source, and every earning. */
export function EarningsPage() {
  const { t } = useTranslation();
  usePageTitle(t('earnings.title'));
  const sourceName = (s: string) => (isSource(s) ? t(`earnings.sources.${s}`) : s);
  const [period, setPeriod] = useState<(typeof PERIODS)[number]>('30');
  // The same window as the admin dashboard's (shared periodStart: N UTC days, today included).
  const from = useMemo(() => (period === 'all' ? '' : periodStart(Number(period)).toISOString()), [period]);
  const statsQuery = from ? { fromDate: from } : {};
  const { data: stats, isLoading } = useEarningStats(statsQuery);
  const { query, setPage, setFilters } = useListQuery({ pageSize: 10, sortBy: 'createdAt' });
  const { data: list } = useEarnings(toApiQuery(query));
  const bySource = (stats?.bySource ?? []).map((s) => ({ ...s, label: sourceName(s.source) }));

  return (
    <div className="mx-auto max-w-5xl space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-baseline gap-3">
          <h1 className="text-2xl font-bold">{t('earnings.title')}</h1>
          <Link
            to="/creator/payouts"
            className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            {t('earnings.payouts')}
          </Link>
        </div>
        <div className="flex flex-wrap gap-1" role="tablist" aria-label={t('earnings.period')}>
          {PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={period === p}
              onClick={() => setPeriod(p)}
              className={`rounded-full px-3 py-1.5 text-sm font-medium ${period === p ? 'bg-zinc-900 text-white dark:bg-white dark:text-zinc-900' : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800'}`}
            >
              {p === 'all' ? t('earnings.allTime') : t('earnings.days', { count: Number(p) })}
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label={t('earnings.netInPeriod')} value={stats?.totals.net} testId="earnings-net" />
        <Stat label={t('earnings.grossInPeriod')} value={stats?.totals.gross} />
        <Stat label={t('earnings.available')} value={stats?.available} testId="earnings-available" />
        <Stat label={t('earnings.paidOut')} value={stats?.paidOut} />
      </div>
      <p className="text-xs text-zinc-500">
        {t('earnings.summary', {
          commission: stats ? tokens(stats.totals.commission) : '…',
          count: stats?.totals.count ?? 0,
          pending: stats ? tokens(stats.pending) : '…',
          earned: stats ? tokens(stats.totalEarned) : '…',
        })}
      </p>
      {isLoading ? (
        <Skeleton className="h-72 w-full" />
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <Card className="p-4">
            <h2 className="mb-3 font-semibold">{t('earnings.byDay')}</h2>
            <div className="h-64" data-testid="earnings-by-day">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={stats?.byDay ?? []}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis
                    dataKey="date"
                    fontSize={11}
                    tickFormatter={(d: string) => formatDate(d, { day: '2-digit', month: '2-digit', timeZone: 'UTC' })}
                  />
                  <YAxis fontSize={11} />
                  <Tooltip formatter={(v: number) => formatAmount(v)} />
                  <Legend />
                  <Bar dataKey="gross" name={t('earnings.gross')} fill="#f9a8d4" />
                  <Bar dataKey="net" name={t('earnings.net')} fill="#db2777" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </Card>
          <Card className="p-4">
            <h2 className="mb-3 font-semibold">{t('earnings.bySource')}</h2>
            <div className="h-64" data-testid="earnings-by-source">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={bySource} layout="vertical" margin={{ left: 24 }}>
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" fontSize={11} />
                  <YAxis type="category" dataKey="label" fontSize={11} width={90} />
                  <Tooltip formatter={(v: number) => formatAmount(v)} />
                  <Bar dataKey="net" name={t('earnings.net')} fill="#db2777" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </Card>
        </div>
      )}
      <Card className="p-4">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="font-semibold">{t('earnings.all')}</h2>
          <select
            aria-label={t('earnings.filterBySource')}
            className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            value={query.filters.source ?? ''}
            onChange={(e) => setFilters({ source: e.target.value })}
          >
            <option value="">{t('earnings.everySource')}</option>
            {EARNING_SOURCES.map((k) => (
              <option key={k} value={k}>
                {t(`earnings.sources.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {list && list.data.length === 0 ? (
          <EmptyState title={t('earnings.none')} level={3} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="earnings-list">
              <thead className="text-left text-xs uppercase text-zinc-500">
                <tr>
                  <th className="py-2">{t('earnings.date')}</th>
                  <th>{t('earnings.source')}</th>
                  <th>{t('earnings.fan')}</th>
                  <th className="text-right">{t('earnings.gross')}</th>
                  <th className="text-right">{t('earnings.commission')}</th>
                  <th className="text-right">{t('earnings.net')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {list?.data.map((e) => (
                  <tr key={e._id} className={e.status !== 'paid' ? 'text-zinc-400 line-through' : ''}>
                    <td className="py-2">{dateTime(e.createdAt)}</td>
                    <td>{sourceName(e.source)}</td>
                    <td>{e.fan ? e.fan.name || e.fan.username : '—'}</td>
                    <td className="text-right">{formatAmount(e.gross)}</td>
                    <td className="text-right">{formatAmount(e.commission)}</td>
                    <td className="text-right font-semibold">{formatAmount(e.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {list && <Pager page={query.page} pageSize={query.pageSize} total={list.total} onPage={setPage} />}
      </Card>
    </div>
  );
}
