import { Copy, Users } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Input } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { formatAmount, formatNumber } from '../../../lib/i18n/format';
import { usePageTitle } from '../../settings/hooks';
import { dateTime, tokens } from '../../wallet/api';
import { useReferralCode, useReferralEarnings, useReferralStats, useReferredUsers } from '../api';

const PAGE = 10;
const q = (page: number) => ({ page, pageSize: PAGE, sortBy: 'createdAt', sort: 'desc' as const });

function Referred() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useReferredUsers(q(page));
  if (isLoading) return <Skeleton className="h-24 w-full" />;
  if (!data || data.data.length === 0)
    return (
      <EmptyState
        icon={Users}
        title={t('earnings.referrals.nobody')}
        description={t('earnings.referrals.nobodyHint')}
      />
    );
  return (
    <>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="referred-users">
        {data.data.map((u) => (
          <li key={u._id} className="flex items-center gap-3 py-2.5 text-sm">
            <Avatar src={u.avatar ?? undefined} alt="" name={u.name} className="size-9" />
            <span className="flex-1">
              <span className="block font-medium">{u.name || u.username}</span>
              <span className="block text-xs text-zinc-500">
                {t('earnings.referrals.joined', {
                  role: u.role === 'performer' ? t('earnings.referrals.creator') : t('earnings.referrals.fan'),
                  date: dateTime(u.createdAt),
                })}
              </span>
            </span>
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={PAGE} total={data.total} onPage={setPage} />
    </>
  );
}

function Earnings() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useReferralEarnings(q(page));
  if (isLoading) return <Skeleton className="h-24 w-full" />;
  if (!data || data.data.length === 0) return <EmptyState title={t('earnings.referrals.none')} />;
  return (
    <>
      <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="referral-earnings">
        {data.data.map((e) => (
          <li key={e._id} className="flex items-center justify-between py-2.5 text-sm">
            <span>
              <span className="block font-medium">
                {e.referred ? e.referred.name || e.referred.username : t('earnings.referrals.someone')} (
                {e.kind === 'creator' ? t('earnings.referrals.kindCreator') : t('earnings.referrals.kindFan')})
              </span>
              <span className="block text-xs text-zinc-500">
                {dateTime(e.createdAt)} · {formatNumber(e.percent)}%
                {e.status !== 'paid' ? ` · ${t(`earnings.referrals.status.${e.status}`)}` : ''}
              </span>
            </span>
            <span className="font-semibold">+{tokens(e.amount)}</span>
          </li>
        ))}
      </ul>
      <Pager page={page} pageSize={PAGE} total={data.total} onPage={setPage} />
    </>
  );
}

/** /referrals: my link (copyable), who signed up through it, and what it earned. */
export function ReferralsPage() {
  const { t } = useTranslation();
  usePageTitle(t('earnings.referrals.title'));
  const { data: code } = useReferralCode();
  const { data: stats } = useReferralStats();
  const link = code ? (code.link.startsWith('http') ? code.link : `${location.origin}${code.link}`) : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t('earnings.referrals.copied'));
    } catch {
      toast.error(t('earnings.referrals.copyFailed'));
    }
  };
  return (
    <div className="mx-auto max-w-3xl space-y-5 p-4 sm:p-6">
      <h1 className="text-2xl font-bold">{t('earnings.referrals.title')}</h1>
      <Card className="space-y-3 p-5">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('earnings.referrals.intro')}</p>
        <div className="flex gap-2">
          <Input
            readOnly
            value={link}
            aria-label={t('earnings.referrals.link')}
            data-testid="referral-link"
            onFocus={(e) => e.target.select()}
          />
          <Button onClick={copy} disabled={!link}>
            <Copy className="size-4" aria-hidden="true" /> {t('earnings.referrals.copy')}
          </Button>
        </div>
        {code && (
          <p className="text-xs text-zinc-500">
            {t('earnings.referrals.code')} <span className="font-mono">{code.code}</span>
          </p>
        )}
      </Card>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {[
          [t('earnings.referrals.earned'), stats ? formatAmount(stats.totalEarned) : '…'],
          [t('earnings.referrals.available'), stats ? formatAmount(stats.available) : '…'],
          [t('earnings.referrals.creatorsReferred'), stats ? formatNumber(stats.referredCreators) : '…'],
          [t('earnings.referrals.fansReferred'), stats ? formatNumber(stats.referredFans) : '…'],
        ].map(([label, value]) => (
          <Card key={label} className="p-4">
            <p className="text-xs uppercase tracking-wide text-zinc-500">{label}</p>
            <p className="mt-1 text-2xl font-bold">{value}</p>
          </Card>
        ))}
      </div>
      <Card className="p-5">
        <Tabs defaultValue="users">
          <TabsList className="max-w-sm">
            <TabsTrigger value="users">{t('earnings.referrals.referredUsers')}</TabsTrigger>
            <TabsTrigger value="earnings">{t('earnings.referrals.earnings')}</TabsTrigger>
          </TabsList>
          <TabsContent value="users">
            <Referred />
          </TabsContent>
          <TabsContent value="earnings">
            <Earnings />
          </TabsContent>
        </Tabs>
      </Card>
    </div>
  );
}
