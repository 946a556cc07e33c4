import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import type { ApiBody, ApiQuery } from '../../../lib/api-contract';
import { formatNumber } from '../../../lib/i18n/format';
import { AdminPayoutsTab } from '../../payouts/components/admin-payouts-tab';
import { usePageTitle } from '../../settings/hooks';
import { adminActions, CHARGE_TYPES, downloadRevenueCsv, useAdminCharges, useCoupons, useRevenue } from '../api';
import { ChargebacksCard } from './chargebacks-card';
import { act, Badge, fmtDate, fmtMoney, Pager, SectionTitle, Select, Table, td, word } from './kit';
import { OrdersTab } from './orders-tab';
import { SubscriptionsTab } from './subscriptions-tab';

type ChargesQuery = NonNullable<ApiQuery<'/admin/charges'>>;

function Charges() {
  const { t } = useTranslation();
  const [type, setType] = useState<ChargesQuery['type'] | ''>('');
  const [status, setStatus] = useState<ChargesQuery['status'] | ''>('');
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const { data } = useAdminCharges({ type: type || undefined, status: status || undefined, page, pageSize });
  return (
    <>
      <div className="mb-3 flex flex-wrap gap-2">
        <Select
          aria-label={t('adminMoney.type')}
          value={type}
          onChange={(e) => {
            setType(e.target.value as ChargesQuery['type'] | '');
            setPage(1);
          }}
        >
          <option value="">{t('adminMoney.allTypes')}</option>
          {CHARGE_TYPES.map((c) => (
            <option key={c} value={c}>
              {word('wallet.charge', c)}
            </option>
          ))}
        </Select>
        <Select
          aria-label={t('adminMoney.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ChargesQuery['status'] | '');
            setPage(1);
          }}
        >
          <option value="">{t('adminMoney.anyStatus')}</option>
          <option value="paid">{t('adminMoney.chargeStatusOption.paid')}</option>
          <option value="refunded">{t('adminMoney.chargeStatusOption.refunded')}</option>
          <option value="chargeback">{t('adminMoney.chargeStatusOption.chargeback')}</option>
        </Select>
      </div>
      <Table
        head={[
          t('adminMoney.when'),
          t('adminMoney.type'),
          t('adminMoney.fan'),
          t('adminMoney.creator'),
          t('adminMoney.paid'),
          t('adminMoney.commission'),
          t('adminMoney.net'),
          t('adminMoney.status'),
          '',
        ]}
        empty={data?.data.length === 0}
      >
        {data?.data.map((c) => (
          <tr key={c._id}>
            <td className={`${td} whitespace-nowrap`}>{fmtDate(c.createdAt)}</td>
            <td className={td}>
              {word('wallet.charge', c.type)}
              <div className="text-xs text-zinc-500">{c.title}</div>
            </td>
            <td className={td}>@{c.user?.username ?? '—'}</td>
            <td className={td}>@{c.creator?.username ?? '—'}</td>
            <td className={td}>{fmtMoney(c.paid)}</td>
            <td className={td}>{fmtMoney(c.commission)}</td>
            <td className={td}>{fmtMoney(c.net)}</td>
            <td className={td}>
              <Badge tone={c.status === 'paid' ? 'green' : 'red'}>{t(`adminMoney.chargeStatus.${c.status}`)}</Badge>
            </td>
            <td className={td}>
              {c.status === 'paid' && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    const reason = window.prompt(t('adminMoney.refundReason'));
                    if (reason) act(() => adminActions.refund(c._id, reason), t('adminMoney.refunded'));
                  }}
                >
                  {t('adminMoney.refund')}
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

function Revenue() {
  const { t } = useTranslation();
  const [fromDate, setFrom] = useState('');
  const [toDate, setTo] = useState('');
  const query = { fromDate: fromDate || undefined, toDate: toDate || undefined };
  const { data } = useRevenue(query);
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <Field label={t('adminMoney.from')} type="date" value={fromDate} onChange={(e) => setFrom(e.target.value)} />
        <Field label={t('adminMoney.to')} type="date" value={toDate} onChange={(e) => setTo(e.target.value)} />
        <Button
          variant="outline"
          onClick={() => downloadRevenueCsv(query).catch((err) => toast.error(getErrorMessage(err)))}
        >
          {t('adminMoney.exportCsv')}
        </Button>
      </div>
      <Table
        head={[
          t('adminMoney.creator'),
          t('adminMoney.payments'),
          t('adminMoney.gross'),
          t('adminMoney.platformCommission'),
          t('adminMoney.creatorNet'),
          t('adminMoney.refundedColumn'),
        ]}
        empty={data?.data.length === 0}
      >
        {data?.data.map((r) => (
          <tr key={r.creatorId}>
            <td className={td}>@{r.username ?? r.creatorId}</td>
            <td className={td}>{formatNumber(r.charges)}</td>
            <td className={td}>{fmtMoney(r.gross)}</td>
            <td className={td}>{fmtMoney(r.commission)}</td>
            <td className={td}>{fmtMoney(r.net)}</td>
            <td className={td}>{fmtMoney(r.refunded)}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}

type CouponKind = ApiBody<'/admin/coupons', 'post'>['kind'];
interface CouponForm {
  code: string;
  kind: CouponKind;
  value: string;
  maxUses: string;
  expiresAt: string;
}

function Coupons() {
  const { t } = useTranslation();
  const { data } = useCoupons();
  const [form, setForm] = useState<CouponForm>({
    code: '',
    kind: 'percentage',
    value: '10',
    maxUses: '',
    expiresAt: '',
  });
  return (
    <div className="space-y-4">
      <Card>
        <CardHeader>
          <CardTitle>{t('adminMoney.coupons.new')}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end gap-2">
          <Field
            label={t('adminMoney.coupons.code')}
            value={form.code}
            onChange={(e) => setForm({ ...form, code: e.target.value })}
          />
          <Select
            aria-label={t('adminMoney.coupons.kind')}
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as CouponKind })}
          >
            <option value="percentage">{t('adminMoney.coupons.percentage')}</option>
            <option value="amount">{t('adminMoney.coupons.amount')}</option>
          </Select>
          <Field
            label={t('adminMoney.coupons.value')}
            type="number"
            value={form.value}
            onChange={(e) => setForm({ ...form, value: e.target.value })}
          />
          <Field
            label={t('adminMoney.coupons.totalUses')}
            type="number"
            value={form.maxUses}
            onChange={(e) => setForm({ ...form, maxUses: e.target.value })}
          />
          <Field
            label={t('adminMoney.coupons.expires')}
            type="date"
            value={form.expiresAt}
            onChange={(e) => setForm({ ...form, expiresAt: e.target.value })}
          />
          <Button
            onClick={() =>
              act(
                () =>
                  adminActions.createCoupon({
                    code: form.code,
                    kind: form.kind,
                    value: Number(form.value),
                    maxUses: form.maxUses ? Number(form.maxUses) : null,
                    expiresAt: form.expiresAt || null,
                  }),
                t('adminMoney.coupons.created'),
              )
            }
          >
            {t('adminMoney.coupons.create')}
          </Button>
        </CardContent>
      </Card>
      <Table
        head={[
          t('adminMoney.coupons.code'),
          t('adminMoney.coupons.discount'),
          t('adminMoney.coupons.used'),
          t('adminMoney.coupons.expires'),
          t('adminMoney.coupons.state'),
          '',
        ]}
        empty={data?.data.length === 0}
      >
        {data?.data.map((c) => (
          <tr key={c._id}>
            <td className={`${td} font-mono`}>{c.code}</td>
            <td className={td}>
              {c.kind === 'percentage' ? formatNumber(c.value / 100, { style: 'percent' }) : fmtMoney(c.value)}
            </td>
            <td className={td}>
              {formatNumber(c.usedCount)}
              {c.maxUses ? ` / ${formatNumber(c.maxUses)}` : ''}
            </td>
            <td className={td}>{fmtDate(c.expiresAt)}</td>
            <td className={td}>
              <Badge tone={c.active ? 'green' : 'zinc'}>
                {c.active ? t('adminMoney.coupons.active') : t('adminMoney.coupons.inactive')}
              </Badge>
            </td>
            <td className={td}>
              <Button
                size="sm"
                variant="outline"
                onClick={() => act(() => adminActions.setCouponActive(c._id, !c.active), t('adminCommon.saved'))}
              >
                {c.active ? t('adminMoney.coupons.deactivate') : t('adminMoney.coupons.activate')}
              </Button>
            </td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

export default function MoneySection() {
  const { t } = useTranslation();
  usePageTitle(t('adminMoney.pageTitle'));
  return (
    <div>
      <SectionTitle title={t('adminCommon.sections.money')} />
      <Tabs defaultValue="charges">
        <TabsList>
          <TabsTrigger value="charges">{t('adminMoney.tabs.charges')}</TabsTrigger>
          <TabsTrigger value="revenue">{t('adminMoney.tabs.revenue')}</TabsTrigger>
          <TabsTrigger value="coupons">{t('adminMoney.tabs.coupons')}</TabsTrigger>
          <TabsTrigger value="orders">{t('adminMoney.tabs.orders')}</TabsTrigger>
          <TabsTrigger value="subscriptions">{t('adminMoney.tabs.subscriptions')}</TabsTrigger>
          <TabsTrigger value="payouts">{t('adminMoney.tabs.payouts')}</TabsTrigger>
          <TabsTrigger value="chargebacks">{t('chargebacks.tab')}</TabsTrigger>
        </TabsList>
        <TabsContent value="charges" className="pt-4">
          <Charges />
        </TabsContent>
        <TabsContent value="revenue" className="pt-4">
          <Revenue />
        </TabsContent>
        <TabsContent value="coupons" className="pt-4">
          <Coupons />
        </TabsContent>
        <TabsContent value="orders" className="pt-4">
          <OrdersTab />
        </TabsContent>
        <TabsContent value="subscriptions" className="pt-4">
          <SubscriptionsTab />
        </TabsContent>
        <TabsContent value="payouts" className="pt-4">
          <AdminPayoutsTab />
        </TabsContent>
        <TabsContent value="chargebacks" className="pt-4">
          <ChargebacksCard />
        </TabsContent>
      </Tabs>
    </div>
  );
}
