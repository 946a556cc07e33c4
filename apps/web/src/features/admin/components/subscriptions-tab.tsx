import { SUBSCRIPTION_TYPE_LABELS } from '@marquee/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Label } from '../../../components/ui/input';
import type { ApiBody, ApiQuery } from '../../../lib/api-contract';
import { adminActions, useAdminSubscriptions } from '../api';
import { act, Badge, fmtDate, Pager, Select, Table, td } from './kit';

const PERIODS = ['monthly', 'three_months', 'six_months', 'yearly'] as const;
type Grant = ApiBody<'/admin/subscriptions/grant', 'post'>;
type SubscriptionStatus = NonNullable<ApiQuery<'/admin/subscriptions'>>['status'];

function GrantForm() {
  const empty: Grant = { user: '', creator: '', subscriptionType: 'monthly', reason: '' };
  const [f, setF] = useState(empty);
  const grant = async () => {
    if (await act(() => adminActions.grantSubscription(f), 'Subscription granted')) setF(empty);
  };
  return (
    <Card className="mb-4">
      <CardHeader>
        <CardTitle>Grant a subscription</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm text-zinc-500">
          Gateway “system”: no money moves and it does not renew. The fan and the creator are told.
        </p>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void grant();
          }}
        >
          <Field
            label="Fan (username)"
            value={f.user}
            required
            onChange={(e) => setF({ ...f, user: e.target.value })}
          />
          <Field
            label="Creator (username)"
            value={f.creator}
            required
            onChange={(e) => setF({ ...f, creator: e.target.value })}
          />
          <div>
            <Label htmlFor="grant-period">Period</Label>
            <Select
              id="grant-period"
              value={f.subscriptionType}
              onChange={(e) => setF({ ...f, subscriptionType: e.target.value as Grant['subscriptionType'] })}
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {SUBSCRIPTION_TYPE_LABELS[p]}
                </option>
              ))}
            </Select>
          </div>
          <Field label="Reason" value={f.reason} required onChange={(e) => setF({ ...f, reason: e.target.value })} />
          <Button type="submit">Grant</Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Subscriptions across the site: filter, cancel renewal, end at once, and grant one by hand. */
export function SubscriptionsTab() {
  const [status, setStatus] = useState<SubscriptionStatus | ''>('');
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const { data, isLoading } = useAdminSubscriptions({ status: status || undefined, page, pageSize });
  const withReason = (question: string, fn: (reason: string) => Promise<unknown>, done: string) => {
    const reason = window.prompt(question);
    if (reason) void act(() => fn(reason), done);
  };
  return (
    <>
      <GrantForm />
      <Select
        aria-label="Status"
        className="mb-3"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as SubscriptionStatus | '');
          setPage(1);
        }}
      >
        <option value="">Any status</option>
        <option value="active">Active</option>
        <option value="cancelled">Cancelled</option>
        <option value="expired">Expired</option>
      </Select>
      <Table
        head={['Fan', 'Creator', 'Type', 'Status', 'Until', 'Method', '']}
        empty={!isLoading && data?.data.length === 0}
      >
        {data?.data.map((s) => (
          <tr key={s._id}>
            <td className={td}>@{s.user?.username ?? '—'}</td>
            <td className={td}>@{s.performer?.username ?? '—'}</td>
            <td className={td}>{SUBSCRIPTION_TYPE_LABELS[s.subscriptionType]}</td>
            <td className={td}>
              <Badge tone={s.isActive ? 'green' : 'zinc'}>{s.status}</Badge>
            </td>
            <td className={td}>{fmtDate(s.expiredAt)}</td>
            <td className={td}>{s.paymentMethod}</td>
            <td className={`${td} space-x-2 whitespace-nowrap`}>
              {s.status === 'active' && s.autoRenew && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    withReason(
                      'Reason for cancelling the renewal',
                      (r) => adminActions.cancelSubscription(s._id, r),
                      'Subscription cancelled',
                    )
                  }
                >
                  Cancel
                </Button>
              )}
              {s.status !== 'expired' && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    withReason(
                      'Reason for ending it now (access stops at once)',
                      (r) => adminActions.endSubscription(s._id, r),
                      'Subscription ended',
                    )
                  }
                >
                  End now
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {data && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
    </>
  );
}
