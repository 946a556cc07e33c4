import { PAYOUT_STATUSES, type PayoutRequest } from '@marquee/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  Dialog,
  EmptyState,
  Field,
  Pager,
  Skeleton,
  toast,
} from '../../../components/ui';
import { getErrorMessage } from '../../../lib/api';
import type { ApiQuery } from '../../../lib/api-contract';
import { formatCurrency, formatTokenAmount } from '../../../lib/i18n/format';
import { toApiQuery, useListQuery } from '../../../lib/query-string';
import { useRealtimeEvent } from '../../../lib/realtime';
import { useCurrentUser } from '../../auth/api';
import { usePageTitle } from '../../settings/hooks';
import { dateTime } from '../../wallet/api';
import {
  currentMonth,
  downloadStatementCsv,
  payoutActions,
  refreshPayouts,
  usePayoutFigures,
  usePayoutRequests,
  usePayoutSettings,
  usePendingReview,
} from '../api';
import { PayoutSettingsCard } from './payout-settings-card';
import { RequestForm } from './request-form';
import { money, PayoutStatusBadge } from './status-badge';

function Figure({
  label,
  value,
  currency,
  testId,
  hint,
}: {
  label: string;
  value: number | undefined;
  currency: string;
  testId: string;
  hint?: string;
}) {
  return (
    <Card className="p-4">
      <p className="text-xs uppercase tracking-wide text-zinc-500">{label}</p>
      <p className="mt-1 text-2xl font-bold" data-testid={testId}>
        {value === undefined ? (
          <Skeleton className="h-8 w-20" />
        ) : (
          <>
            {formatTokenAmount(value)}
            {/* What it is paid out as (1 token = 1 unit of the site currency). */}
            <span className="block text-sm font-medium text-zinc-500">{formatCurrency(value, currency)}</span>
          </>
        )}
      </p>
      {hint && <p className="mt-1 text-xs text-zinc-500">{hint}</p>}
    </Card>
  );
}

function EditDialog({ request, onClose }: { request: PayoutRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (request) setAmount(request.amount.toFixed(2));
    setError(undefined);
  }, [request]);
  return (
    <Dialog open={Boolean(request)} onOpenChange={(o) => !o && onClose()} title={t('payouts.changeAmount')} size="sm">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!request) return;
          setSaving(true);
          try {
            await payoutActions.update(request._id, { amount: Number(amount) });
            toast.success(t('payouts.saved'));
            await refreshPayouts();
            onClose();
          } catch (err) {
            setError(getErrorMessage(err));
          } finally {
            setSaving(false);
          }
        }}
        className="space-y-4"
      >
        <Field
          label={t('payouts.amount')}
          type="number"
          step="0.01"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error}
        />
        <Button type="submit" loading={saving}>
          {t('payouts.save')}
        </Button>
      </form>
    </Dialog>
  );
}

function History() {
  const { t } = useTranslation();
  const { query, setPage, setFilters } = useListQuery({ pageSize: 10, sortBy: 'createdAt' });
  const { data, isLoading } = usePayoutRequests(toApiQuery<ApiQuery<'/payout-requests/search'>>(query));
  const [editing, setEditing] = useState<PayoutRequest | null>(null);
  const cancel = async (r: PayoutRequest) => {
    try {
      await payoutActions.cancel(r._id);
      toast.success(t('payouts.requestCancelled'));
      await refreshPayouts();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t('payouts.history')}</CardTitle>
        <select
          aria-label={t('payouts.filterByStatus')}
          className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          value={query.filters.status ?? ''}
          onChange={(e) => setFilters({ status: e.target.value })}
        >
          <option value="">{t('payouts.everyStatus')}</option>
          {PAYOUT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`payouts.statusOption.${s}`)}
            </option>
          ))}
        </select>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : data && data.data.length === 0 ? (
          <EmptyState title={t('payouts.none')} description={t('payouts.noneHint')} level={3} />
        ) : (
          <ul className="divide-y divide-zinc-200 dark:divide-zinc-800" data-testid="payout-history">
            {data?.data.map((r) => (
              <li
                key={r._id}
                className="flex flex-wrap items-start justify-between gap-3 py-3"
                data-testid="payout-row"
              >
                <div className="min-w-0">
                  <p className="font-semibold">
                    {money(r.amount)}{' '}
                    <span className="font-normal text-zinc-500">· {t(`payouts.method.${r.paymentAccountType}`)}</span>
                  </p>
                  <p className="text-xs text-zinc-500">
                    {t('payouts.requested', { date: dateTime(r.createdAt) })}
                    {r.paidAt ? t('payouts.paidOn', { date: dateTime(r.paidAt) }) : ''}
                    {r.reference ? t('payouts.ref', { reference: r.reference }) : ''}
                  </p>
                  {r.requestNote && <p className="mt-1 text-sm">{t('payouts.yourNote', { note: r.requestNote })}</p>}
                  {r.adminNote && (
                    <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">
                      {t('payouts.fromTeam', { note: r.adminNote })}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-2">
                  <PayoutStatusBadge status={r.status} />
                  {r.status === 'pending' && (
                    <>
                      <Button size="sm" variant="outline" onClick={() => setEditing(r)}>
                        {t('payouts.edit')}
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => cancel(r)}>
                        {t('payouts.cancel')}
                      </Button>
                    </>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
        {data && data.total > query.pageSize && (
          <Pager page={query.page} pageSize={query.pageSize} total={data.total} onPage={setPage} />
        )}
      </CardContent>
      <EditDialog request={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}

function Statement() {
  const { t } = useTranslation();
  const [month, setMonth] = useState(currentMonth());
  const [busy, setBusy] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('payouts.statement.title')}</CardTitle>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('payouts.statement.description')}</p>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        <Field
          label={t('payouts.statement.month')}
          type="month"
          value={month}
          onChange={(e) => setMonth(e.target.value)}
          max={currentMonth()}
        />
        <Button
          variant="secondary"
          loading={busy}
          data-testid="statement-csv"
          onClick={async () => {
            setBusy(true);
            await downloadStatementCsv(month).catch((err) => toast.error(getErrorMessage(err)));
            setBusy(false);
          }}
        >
          {t('payouts.statement.csv')}
        </Button>
        <Link
          to={`/creator/payouts/statement?month=${month}`}
          className="inline-flex h-10 items-center rounded-xl border border-zinc-300 px-4 text-sm font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          {t('payouts.statement.printable')}
        </Link>
      </CardContent>
    </Card>
  );
}

/** /creator/payouts: figures, the request form, history, payout settings and statements. */
export function PayoutsPage() {
  const { t } = useTranslation();
  usePageTitle(t('payouts.title'));
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [stripeReturn] = useState(params.get('stripe'));
  useEffect(() => {
    if (params.has('stripe')) {
      const next = new URLSearchParams(params);
      next.delete('stripe');
      setParams(next, { replace: true });
    }
  }, [params, setParams]);
  const { data: figures } = usePayoutFigures();
  const { data: check } = usePendingReview();
  const { data: settings } = usePayoutSettings(user?._id);
  useRealtimeEvent('payout/updated', () => void refreshPayouts());
  const currency = figures?.currency ?? 'USD';

  return (
    <div className="mx-auto max-w-5xl space-y-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('payouts.title')}</h1>
        <Link to="/creator/earnings" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          {t('payouts.earningsDetails')}
        </Link>
      </div>
      {stripeReturn && (
        <p role="status" className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950/40 dark:text-sky-200">
          {stripeReturn === 'done' ? t('payouts.stripeDone') : t('payouts.stripeExpired')}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure
          label={t('payouts.available')}
          value={figures?.available}
          currency={currency}
          testId="payout-available"
        />
        <Figure
          label={t('payouts.onHold')}
          value={figures?.onHold}
          currency={currency}
          testId="payout-on-hold"
          hint={figures ? t('payouts.holdDays', { count: figures.holdDays }) : undefined}
        />
        <Figure label={t('payouts.pending')} value={figures?.pending} currency={currency} testId="payout-pending" />
        <Figure label={t('payouts.paidOut')} value={figures?.paidOut} currency={currency} testId="payout-paid-out" />
      </div>
      {figures && figures.owed > 0 && (
        <p
          className="rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-200"
          data-testid="payout-owed"
        >
          {t('payouts.owed', { amount: money(figures.owed, currency) })}
        </p>
      )}
      <RequestForm figures={figures} settings={settings} check={check} />
      <History />
      {user && <PayoutSettingsCard performerId={user._id} settings={settings} />}
      <Statement />
    </div>
  );
}
