import { PAYOUT_METHOD_LABELS, PAYOUT_STATUSES, type PayoutRequest } from '@marquee/shared';
import { useEffect, useState } from 'react';
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
        {value === undefined ? <Skeleton className="h-8 w-20" /> : money(value, currency)}
      </p>
      {hint && <p className="mt-1 text-xs text-zinc-500">{hint}</p>}
    </Card>
  );
}

function EditDialog({ request, onClose }: { request: PayoutRequest | null; onClose: () => void }) {
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (request) setAmount(request.amount.toFixed(2));
    setError(undefined);
  }, [request]);
  return (
    <Dialog open={Boolean(request)} onOpenChange={(o) => !o && onClose()} title="Change the amount" size="sm">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (!request) return;
          setSaving(true);
          try {
            await payoutActions.update(request._id, { amount: Number(amount) });
            toast.success('Changes saved');
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
          label="Amount"
          type="number"
          step="0.01"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={error}
        />
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </form>
    </Dialog>
  );
}

function History() {
  const { query, setPage, setFilters } = useListQuery({ pageSize: 10, sortBy: 'createdAt' });
  const { data, isLoading } = usePayoutRequests(toApiQuery<ApiQuery<'/payout-requests/search'>>(query));
  const [editing, setEditing] = useState<PayoutRequest | null>(null);
  const cancel = async (r: PayoutRequest) => {
    try {
      await payoutActions.cancel(r._id);
      toast.success('Payout request cancelled');
      await refreshPayouts();
    } catch (err) {
      toast.error(getErrorMessage(err));
    }
  };
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>History</CardTitle>
        <select
          aria-label="Filter by status"
          className="h-9 rounded-lg border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          value={query.filters.status ?? ''}
          onChange={(e) => setFilters({ status: e.target.value })}
        >
          <option value="">Every status</option>
          {PAYOUT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s[0].toUpperCase() + s.slice(1)}
            </option>
          ))}
        </select>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : data && data.data.length === 0 ? (
          <EmptyState
            title="No payout requests yet"
            description="Your requests and their states will show here."
            level={3}
          />
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
                    <span className="font-normal text-zinc-500">· {PAYOUT_METHOD_LABELS[r.paymentAccountType]}</span>
                  </p>
                  <p className="text-xs text-zinc-500">
                    Requested {dateTime(r.createdAt)}
                    {r.paidAt ? ` · paid ${dateTime(r.paidAt)}` : ''}
                    {r.reference ? ` · ref ${r.reference}` : ''}
                  </p>
                  {r.requestNote && <p className="mt-1 text-sm">Your note: {r.requestNote}</p>}
                  {r.adminNote && (
                    <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-300">From the team: {r.adminNote}</p>
                  )}
                </div>
                <div className="flex items-center gap-2">
                  <PayoutStatusBadge status={r.status} />
                  {r.status === 'pending' && (
                    <>
                      <Button size="sm" variant="outline" onClick={() => setEditing(r)}>
                        Edit
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => cancel(r)}>
                        Cancel
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
  const [month, setMonth] = useState(currentMonth());
  const [busy, setBusy] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Monthly statement</CardTitle>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Earnings, commission, refunds and payouts of a month.
        </p>
      </CardHeader>
      <CardContent className="flex flex-wrap items-end gap-3">
        <Field
          label="Month"
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
          Download CSV
        </Button>
        <Link
          to={`/creator/payouts/statement?month=${month}`}
          className="inline-flex h-10 items-center rounded-xl border border-zinc-300 px-4 text-sm font-semibold hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          Printable statement
        </Link>
      </CardContent>
    </Card>
  );
}

/** /creator/payouts: figures, the request form, history, payout settings and statements. */
export function PayoutsPage() {
  usePageTitle('Payouts');
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
        <h1 className="text-2xl font-bold">Payouts</h1>
        <Link to="/creator/earnings" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          Earnings details
        </Link>
      </div>
      {stripeReturn && (
        <p role="status" className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950/40 dark:text-sky-200">
          {stripeReturn === 'done'
            ? 'Back from Stripe. Stripe payouts turn on as soon as Stripe confirms your account.'
            : 'The Stripe link expired. Continue onboarding below.'}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label="Available" value={figures?.available} currency={currency} testId="payout-available" />
        <Figure
          label="On hold"
          value={figures?.onHold}
          currency={currency}
          testId="payout-on-hold"
          hint={figures ? `${figures.holdDays}-day hold` : undefined}
        />
        <Figure label="Pending" value={figures?.pending} currency={currency} testId="payout-pending" />
        <Figure label="Paid out" value={figures?.paidOut} currency={currency} testId="payout-paid-out" />
      </div>
      {figures && figures.owed > 0 && (
        <p
          className="rounded-xl bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-200"
          data-testid="payout-owed"
        >
          A refund or chargeback after a payout left {money(figures.owed, currency)} to pay back. Your next earnings
          cover it first.
        </p>
      )}
      <RequestForm figures={figures} settings={settings} check={check} />
      <History />
      {user && <PayoutSettingsCard performerId={user._id} settings={settings} />}
      <Statement />
    </div>
  );
}
