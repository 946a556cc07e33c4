import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import type { ApiBody, ApiQuery } from '../../../lib/api-contract';
import { AdminPayoutsTab } from '../../payouts/components/admin-payouts-tab';
import { usePageTitle } from '../../settings/hooks';
import { adminActions, CHARGE_TYPES, downloadRevenueCsv, useAdminCharges, useCoupons, useRevenue } from '../api';
import { ChargebacksCard } from './chargebacks-card';
import { act, Badge, fmtDate, fmtMoney, Pager, SectionTitle, Select, Table, td } from './kit';
import { OrdersTab } from './orders-tab';
import { SubscriptionsTab } from './subscriptions-tab';

type ChargesQuery = NonNullable<ApiQuery<'/admin/charges'>>;

function Charges() {
  const [type, setType] = useState<ChargesQuery['type'] | ''>('');
  const [status, setStatus] = useState<ChargesQuery['status'] | ''>('');
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const { data } = useAdminCharges({ type: type || undefined, status: status || undefined, page, pageSize });
  return (
    <>
      <div className="mb-3 flex flex-wrap gap-2">
        <Select
          aria-label="Type"
          value={type}
          onChange={(e) => {
            setType(e.target.value as ChargesQuery['type'] | '');
            setPage(1);
          }}
        >
          <option value="">All types</option>
          {CHARGE_TYPES.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </Select>
        <Select
          aria-label="Status"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ChargesQuery['status'] | '');
            setPage(1);
          }}
        >
          <option value="">Any status</option>
          <option value="paid">Paid</option>
          <option value="refunded">Refunded</option>
          <option value="chargeback">Chargeback</option>
        </Select>
      </div>
      <Table
        head={['When', 'Type', 'Fan', 'Creator', 'Paid', 'Commission', 'Net', 'Status', '']}
        empty={data?.data.length === 0}
      >
        {data?.data.map((c) => (
          <tr key={c._id}>
            <td className={`${td} whitespace-nowrap`}>{fmtDate(c.createdAt)}</td>
            <td className={td}>
              {c.type}
              <div className="text-xs text-zinc-500">{c.title}</div>
            </td>
            <td className={td}>@{c.user?.username ?? '—'}</td>
            <td className={td}>@{c.creator?.username ?? '—'}</td>
            <td className={td}>{fmtMoney(c.paid)}</td>
            <td className={td}>{fmtMoney(c.commission)}</td>
            <td className={td}>{fmtMoney(c.net)}</td>
            <td className={td}>
              <Badge tone={c.status === 'paid' ? 'green' : 'red'}>{c.status}</Badge>
            </td>
            <td className={td}>
              {c.status === 'paid' && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    const reason = window.prompt('Reason for the refund');
                    if (reason) act(() => adminActions.refund(c._id, reason), 'Refunded');
                  }}
                >
                  Refund
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
  const [fromDate, setFrom] = useState('');
  const [toDate, setTo] = useState('');
  const query = { fromDate: fromDate || undefined, toDate: toDate || undefined };
  const { data } = useRevenue(query);
  return (
    <>
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <Field label="From" type="date" value={fromDate} onChange={(e) => setFrom(e.target.value)} />
        <Field label="To" type="date" value={toDate} onChange={(e) => setTo(e.target.value)} />
        <Button
          variant="outline"
          onClick={() => downloadRevenueCsv(query).catch((err) => toast.error(getErrorMessage(err)))}
        >
          Export CSV
        </Button>
      </div>
      <Table
        head={['Creator', 'Payments', 'Gross', 'Platform commission', 'Creator net', 'Refunded']}
        empty={data?.data.length === 0}
      >
        {data?.data.map((r) => (
          <tr key={r.creatorId}>
            <td className={td}>@{r.username ?? r.creatorId}</td>
            <td className={td}>{r.charges}</td>
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
          <CardTitle>New coupon</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end gap-2">
          <Field label="Code" value={form.code} onChange={(e) => setForm({ ...form, code: e.target.value })} />
          <Select
            aria-label="Kind"
            value={form.kind}
            onChange={(e) => setForm({ ...form, kind: e.target.value as CouponKind })}
          >
            <option value="percentage">Percent off</option>
            <option value="amount">Amount off</option>
          </Select>
          <Field
            label="Value"
            type="number"
            value={form.value}
            onChange={(e) => setForm({ ...form, value: e.target.value })}
          />
          <Field
            label="Total uses"
            type="number"
            value={form.maxUses}
            onChange={(e) => setForm({ ...form, maxUses: e.target.value })}
          />
          <Field
            label="Expires"
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
                'Coupon created',
              )
            }
          >
            Create
          </Button>
        </CardContent>
      </Card>
      <Table head={['Code', 'Discount', 'Used', 'Expires', 'State', '']} empty={data?.data.length === 0}>
        {data?.data.map((c) => (
          <tr key={c._id}>
            <td className={`${td} font-mono`}>{c.code}</td>
            <td className={td}>{c.kind === 'percentage' ? `${c.value}%` : fmtMoney(c.value)}</td>
            <td className={td}>
              {c.usedCount}
              {c.maxUses ? ` / ${c.maxUses}` : ''}
            </td>
            <td className={td}>{fmtDate(c.expiresAt)}</td>
            <td className={td}>
              <Badge tone={c.active ? 'green' : 'zinc'}>{c.active ? 'active' : 'inactive'}</Badge>
            </td>
            <td className={td}>
              <Button
                size="sm"
                variant="outline"
                onClick={() => act(() => adminActions.setCouponActive(c._id, !c.active), 'Changes saved')}
              >
                {c.active ? 'Deactivate' : 'Activate'}
              </Button>
            </td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

export default function MoneySection() {
  usePageTitle('Admin: money');
  const { t } = useTranslation();
  return (
    <div>
      <SectionTitle title="Money" />
      <Tabs defaultValue="charges">
        <TabsList>
          <TabsTrigger value="charges">Transactions</TabsTrigger>
          <TabsTrigger value="revenue">Revenue</TabsTrigger>
          <TabsTrigger value="coupons">Coupons</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="subscriptions">Subscriptions</TabsTrigger>
          <TabsTrigger value="payouts">Payouts</TabsTrigger>
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
