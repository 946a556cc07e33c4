import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatNumber } from '../../../lib/i18n/format';
import { usePageTitle } from '../../settings/hooks';
import { useDashboard } from '../api';
import { fmtDate, fmtMoney, SectionTitle, Select } from './kit';

export default function DashboardSection() {
  const { t } = useTranslation();
  usePageTitle(t('adminOps.dashboard.pageTitle'));
  const [days, setDays] = useState(30);
  const { data } = useDashboard(days);
  const n = data?.totals;
  const count = (v: number | undefined) => (v === undefined ? undefined : formatNumber(v));
  const stats: Array<[string, string | number | undefined]> = [
    [t('adminOps.dashboard.users'), count(n?.users)],
    [t('adminOps.dashboard.creators'), count(n?.creators)],
    [t('adminOps.dashboard.activeCreators'), count(n?.activeCreators)],
    [t('adminOps.dashboard.activeSubscriptions'), count(n?.activeSubscriptions)],
    [t('adminOps.dashboard.openReports'), count(n?.openReports)],
    [t('adminOps.dashboard.pendingVerifications'), count(n?.pendingVerifications)],
    [t('adminOps.dashboard.gross'), n && fmtMoney(n.gross)],
    [t('adminOps.dashboard.commission'), n && fmtMoney(n.commission)],
    [t('adminOps.dashboard.creatorsNet'), n && fmtMoney(n.net)],
  ];
  return (
    <div>
      <SectionTitle title={t('adminCommon.sections.dashboard')}>
        <Select
          aria-label={t('adminOps.dashboard.period')}
          value={days}
          onChange={(e) => setDays(Number(e.target.value))}
        >
          {[7, 30, 90].map((d) => (
            <option key={d} value={d}>
              {t('adminOps.dashboard.lastDays', { count: d })}
            </option>
          ))}
        </Select>
      </SectionTitle>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {stats.map(([label, value]) => (
          <Card key={label}>
            <CardContent className="p-4 sm:p-4">
              <p className="text-xs font-medium text-zinc-500">{label}</p>
              {value === undefined ? (
                <Skeleton className="mt-1 h-7 w-16" />
              ) : (
                <p className="text-2xl font-bold">{value}</p>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="mt-6 grid gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('adminOps.dashboard.revenue')}</CardTitle>
          </CardHeader>
          <CardContent className="h-72">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={data?.days ?? []}>
                <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
                <XAxis dataKey="date" tick={{ fontSize: 11 }} />
                <YAxis tick={{ fontSize: 11 }} />
                <Tooltip />
                <Legend />
                <Area
                  type="monotone"
                  dataKey="gross"
                  name={t('adminOps.dashboard.gross')}
                  stroke="#e11d48"
                  fill="#e11d4833"
                />
                <Area
                  type="monotone"
                  dataKey="net"
                  name={t('adminOps.dashboard.net')}
                  stroke="#7c3aed"
                  fill="#7c3aed22"
                />
                <Area
                  type="monotone"
                  dataKey="commission"
                  name={t('adminOps.dashboard.commission')}
                  stroke="#059669"
                  fill="#05966922"
                />
              </AreaChart>
            </ResponsiveContainer>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('adminOps.dashboard.signups')}</CardTitle>
          </CardHeader>
          <CardContent className="h-72">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data?.days ?? []}>
                <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
                <XAxis dataKey="date" tick={{ fontSize: 11 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                <Tooltip />
                <Bar
                  dataKey="signups"
                  name={t('adminOps.dashboard.signupsSeries')}
                  fill="#e11d48"
                  radius={[4, 4, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          </CardContent>
        </Card>
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>{t('adminOps.dashboard.jobErrors')}</CardTitle>
        </CardHeader>
        <CardContent>
          {data && data.jobErrors.length === 0 && (
            <p className="text-sm text-zinc-500">{t('adminOps.dashboard.noJobErrors')}</p>
          )}
          <ul className="space-y-2 text-sm">
            {data?.jobErrors.map((e) => (
              <li key={`${e.name}-${e.at}`}>
                <span className="font-semibold">{e.name}</span> <span className="text-zinc-500">{fmtDate(e.at)}</span>
                <pre className="mt-1 overflow-x-auto rounded bg-zinc-100 p-2 text-xs dark:bg-zinc-800">{e.error}</pre>
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
