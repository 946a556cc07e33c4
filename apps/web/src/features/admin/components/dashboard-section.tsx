import { useState } from 'react';
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
import { usePageTitle } from '../../settings/hooks';
import { useDashboard } from '../api';
import { fmtDate, fmtMoney, SectionTitle, Select } from './kit';

export default function DashboardSection() {
  usePageTitle('Admin dashboard');
  const [days, setDays] = useState(30);
  const { data } = useDashboard(days);
  const t = data?.totals;
  const stats: Array<[string, string | number | undefined]> = [
    ['Users', t?.users],
    ['Creators', t?.creators],
    ['Active creators', t?.activeCreators],
    ['Active subscriptions', t?.activeSubscriptions],
    ['Open reports', t?.openReports],
    ['Pending verifications', t?.pendingVerifications],
    ['Gross', t && fmtMoney(t.gross)],
    ['Commission', t && fmtMoney(t.commission)],
    ['Creators’ net', t && fmtMoney(t.net)],
  ];
  return (
    <div>
      <SectionTitle title="Dashboard">
        <Select aria-label="Period" value={days} onChange={(e) => setDays(Number(e.target.value))}>
          <option value={7}>Last 7 days</option>
          <option value={30}>Last 30 days</option>
          <option value={90}>Last 90 days</option>
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
            <CardTitle>Revenue by day</CardTitle>
          </CardHeader>
          <CardContent className="h-72">
            <ResponsiveContainer width="100%" height="100%">
              <AreaChart data={data?.days ?? []}>
                <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
                <XAxis dataKey="date" tick={{ fontSize: 11 }} />
                <YAxis tick={{ fontSize: 11 }} />
                <Tooltip />
                <Legend />
                <Area type="monotone" dataKey="gross" name="Gross" stroke="#e11d48" fill="#e11d4833" />
                <Area type="monotone" dataKey="net" name="Net" stroke="#7c3aed" fill="#7c3aed22" />
                <Area type="monotone" dataKey="commission" name="Commission" stroke="#059669" fill="#05966922" />
              </AreaChart>
            </ResponsiveContainer>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Sign-ups by day</CardTitle>
          </CardHeader>
          <CardContent className="h-72">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data?.days ?? []}>
                <CartesianGrid strokeDasharray="3 3" opacity={0.3} />
                <XAxis dataKey="date" tick={{ fontSize: 11 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                <Tooltip />
                <Bar dataKey="signups" name="Sign-ups" fill="#e11d48" radius={[4, 4, 0, 0]} />
              </BarChart>
            </ResponsiveContainer>
          </CardContent>
        </Card>
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Recent job errors</CardTitle>
        </CardHeader>
        <CardContent>
          {data && data.jobErrors.length === 0 && <p className="text-sm text-zinc-500">No failed background jobs.</p>}
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
