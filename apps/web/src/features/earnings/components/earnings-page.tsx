import { useState } from 'react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toApiQuery, useListQuery } from '../../../lib/query-string';
import { usePageTitle } from '../../settings/hooks';
import { dateTime, tokens } from '../../wallet/api';
import { SOURCE_LABEL, useEarningStats, useEarnings } from '../api';

const PERIODS = [
  { key: '7', label: '7 days' },
  { key: '30', label: '30 days' },
  { key: '90', label: '90 days' },
  { key: 'all', label: 'All time' },
] as const;

function Stat({ label, value, testId }: { label: string; value: number | undefined; testId?: string }) {
  return (
    <Card className="p-4">
      <p className="text-xs uppercase tracking-wide text-zinc-500">{label}</p>
      <p className="mt-1 text-2xl font-bold" data-testid={testId}>
        {value === undefined ? '…' : value.toFixed(2)}
      </p>
    </Card>
  );
}

/** /creator/earnings: totals, charts by day and by source, and every earning. */
export function EarningsPage() {
  usePageTitle('Earnings');
  const [period, setPeriod] = useState<(typeof PERIODS)[number]['key']>('30');
  const from = period === 'all' ? '' : new Date(Date.now() - Number(period) * 86_400_000).toISOString().slice(0, 10);
  const statsQuery = from ? { fromDate: from } : {};
  const { data: stats, isLoading } = useEarningStats(statsQuery);
  const { query, setPage, setFilters } = useListQuery({ pageSize: 10, sortBy: 'createdAt' });
  const { data: list } = useEarnings(toApiQuery(query));
  const bySource = (stats?.bySource ?? []).map((s) => ({ ...s, label: SOURCE_LABEL[s.source] ?? s.source }));

  return (
    <div className="mx-auto max-w-5xl space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-baseline gap-3">
          <h1 className="text-2xl font-bold">Earnings</h1>
          <Link
            to="/creator/payouts"
            className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            Payouts
          </Link>
        </div>
        <div className="flex gap-1" role="tablist" aria-label="Period">
          {PERIODS.map((p) => (
            <button
              key={p.key}
              type="button"
              role="tab"
              aria-selected={period === p.key}
              onClick={() => setPeriod(p.key)}
              className={`rounded-full px-3 py-1.5 text-sm font-medium ${period === p.key ? 'bg-zinc-900 text-white dark:bg-white dark:text-zinc-900' : 'text-zinc-600 hover:bg-zinc-100 dark:text-zinc-400 dark:hover:bg-zinc-800'}`}
            >
              {p.label}
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Net in period" value={stats?.totals.net} testId="earnings-net" />
        <Stat label="Gross in period" value={stats?.totals.gross} />
        <Stat label="Available" value={stats?.available} testId="earnings-available" />
        <Stat label="Paid out" value={stats?.paidOut} />
      </div>
      <p className="text-xs text-zinc-500">
        Commission in period {stats ? tokens(stats.totals.commission) : '…'} · {stats?.totals.count ?? 0} sales ·
        pending payouts {stats ? tokens(stats.pending) : '…'} · earned all time{' '}
        {stats ? tokens(stats.totalEarned) : '…'}
      </p>
      {isLoading ? (
        <Skeleton className="h-72 w-full" />
      ) : (
        <div className="grid gap-5 lg:grid-cols-2">
          <Card className="p-4">
            <h2 className="mb-3 font-semibold">By day</h2>
            <div className="h-64" data-testid="earnings-by-day">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={stats?.byDay ?? []}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="date" fontSize={11} tickFormatter={(d: string) => d.slice(5)} />
                  <YAxis fontSize={11} />
                  <Tooltip formatter={(v: number) => v.toFixed(2)} />
                  <Legend />
                  <Bar dataKey="gross" name="Gross" fill="#f9a8d4" />
                  <Bar dataKey="net" name="Net" fill="#db2777" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </Card>
          <Card className="p-4">
            <h2 className="mb-3 font-semibold">By source</h2>
            <div className="h-64" data-testid="earnings-by-source">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={bySource} layout="vertical" margin={{ left: 24 }}>
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" fontSize={11} />
                  <YAxis type="category" dataKey="label" fontSize={11} width={90} />
                  <Tooltip formatter={(v: number) => v.toFixed(2)} />
                  <Bar dataKey="net" name="Net" fill="#db2777" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </Card>
        </div>
      )}
      <Card className="p-4">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 className="font-semibold">All earnings</h2>
          <select
            aria-label="Filter by source"
            className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
            value={query.filters.source ?? ''}
            onChange={(e) => setFilters({ source: e.target.value })}
          >
            <option value="">Every source</option>
            {Object.entries(SOURCE_LABEL).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </div>
        {list && list.data.length === 0 ? (
          <EmptyState title="No earnings yet" level={3} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="earnings-list">
              <thead className="text-left text-xs uppercase text-zinc-500">
                <tr>
                  <th className="py-2">Date</th>
                  <th>Source</th>
                  <th>Fan</th>
                  <th className="text-right">Gross</th>
                  <th className="text-right">Commission</th>
                  <th className="text-right">Net</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {list?.data.map((e) => (
                  <tr key={e._id} className={e.status !== 'paid' ? 'text-zinc-400 line-through' : ''}>
                    <td className="py-2">{dateTime(e.createdAt)}</td>
                    <td>{SOURCE_LABEL[e.source] ?? e.source}</td>
                    <td>{e.fan ? e.fan.name || e.fan.username : '—'}</td>
                    <td className="text-right">{e.gross.toFixed(2)}</td>
                    <td className="text-right">{e.commission.toFixed(2)}</td>
                    <td className="text-right font-semibold">{e.net.toFixed(2)}</td>
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
