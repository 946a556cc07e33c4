import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Label } from '../../../components/ui/input';
import type { ApiBody, ApiQuery } from '../../../lib/api-contract';
import { adminActions, useAdminSubscriptions } from '../api';
import { act, Badge, fmtDate, Pager, Select, Table, td, word } from './kit';

const PERIODS = ['monthly', 'three_months', 'six_months', 'yearly'] as const;
type Grant = ApiBody<'/admin/subscriptions/grant', 'post'>;
type SubscriptionStatus = NonNullable<ApiQuery<'/admin/subscriptions'>>['status'];

function GrantForm() {
  const { t } = useTranslation();
  const empty: Grant = { user: '', creator: '', subscriptionType: 'monthly', reason: '' };
  const [f, setF] = useState(empty);
  const grant = async () => {
    if (await act(() => adminActions.grantSubscription(f), t('adminMoney.subscriptions.granted'))) setF(empty);
  };
  return (
    <Card className="mb-4">
      <CardHeader>
        <CardTitle>{t('adminMoney.subscriptions.grantTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-3 text-sm text-zinc-500">{t('adminMoney.subscriptions.grantHint')}</p>
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void grant();
          }}
        >
          <Field
            label={t('adminMoney.subscriptions.fanUsername')}
            value={f.user}
            required
            onChange={(e) => setF({ ...f, user: e.target.value })}
          />
          <Field
            label={t('adminMoney.subscriptions.creatorUsername')}
            value={f.creator}
            required
            onChange={(e) => setF({ ...f, creator: e.target.value })}
          />
          <div>
            <Label htmlFor="grant-period">{t('adminMoney.subscriptions.period')}</Label>
            <Select
              id="grant-period"
              value={f.subscriptionType}
              onChange={(e) => setF({ ...f, subscriptionType: e.target.value as Grant['subscriptionType'] })}
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`subscriptions.type.${p}`)}
                </option>
              ))}
            </Select>
          </div>
          <Field
            label={t('adminMoney.subscriptions.reason')}
            value={f.reason}
            required
            onChange={(e) => setF({ ...f, reason: e.target.value })}
          />
          <Button type="submit">{t('adminMoney.subscriptions.grant')}</Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Subscriptions across the site: filter, cancel renewal, end at once, and grant one by hand. */
export function SubscriptionsTab() {
  const { t } = useTranslation();
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
        aria-label={t('adminMoney.status')}
        className="mb-3"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as SubscriptionStatus | '');
          setPage(1);
        }}
      >
        <option value="">{t('adminMoney.anyStatus')}</option>
        <option value="active">{t('subscriptions.subscribers.statusOption.active')}</option>
        <option value="cancelled">{t('subscriptions.subscribers.statusOption.cancelled')}</option>
        <option value="expired">{t('subscriptions.subscribers.statusOption.expired')}</option>
      </Select>
      <Table
        head={[
          t('adminMoney.fan'),
          t('adminMoney.creator'),
          t('adminMoney.type'),
          t('adminMoney.status'),
          t('adminMoney.subscriptions.until'),
          t('adminMoney.subscriptions.method'),
          '',
        ]}
        empty={!isLoading && data?.data.length === 0}
      >
        {data?.data.map((s) => (
          <tr key={s._id}>
            <td className={td}>@{s.user?.username ?? '—'}</td>
            <td className={td}>@{s.performer?.username ?? '—'}</td>
            <td className={td}>{t(`subscriptions.type.${s.subscriptionType}`)}</td>
            <td className={td}>
              <Badge tone={s.isActive ? 'green' : 'zinc'}>{t(`subscriptions.status.${s.status}`)}</Badge>
            </td>
            <td className={td}>{fmtDate(s.expiredAt)}</td>
            <td className={td}>{word('adminMoney.subscriptions.methods', s.paymentMethod)}</td>
            <td className={`${td} space-x-2 whitespace-nowrap`}>
              {s.status === 'active' && s.autoRenew && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    withReason(
                      t('adminMoney.subscriptions.cancelReason'),
                      (r) => adminActions.cancelSubscription(s._id, r),
                      t('adminMoney.subscriptions.cancelled'),
                    )
                  }
                >
                  {t('adminMoney.subscriptions.cancel')}
                </Button>
              )}
              {s.status !== 'expired' && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() =>
                    withReason(
                      t('adminMoney.subscriptions.endReason'),
                      (r) => adminActions.endSubscription(s._id, r),
                      t('adminMoney.subscriptions.ended'),
                    )
                  }
                >
                  {t('adminMoney.subscriptions.endNow')}
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
