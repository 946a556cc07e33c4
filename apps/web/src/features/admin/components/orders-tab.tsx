import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, Input, Label } from '../../../components/ui/input';
import { type AdminOrder, adminActions, useAdminOrders } from '../api';
import { act, Badge, fmtDate, fmtMoney, Pager, Select, Table, td } from './kit';

type DeliveryStatus = AdminOrder['deliveryStatus'];
const DELIVERY_STATUSES = ['processing', 'shipping', 'delivered', 'refunded'] as const satisfies DeliveryStatus[];

/** Where each status may go next (the server enforces it; this only offers the allowed choices). */
const NEXT: Record<DeliveryStatus, Array<'processing' | 'shipping' | 'delivered'>> = {
  processing: ['shipping', 'delivered'],
  shipping: ['delivered'],
  delivered: [],
  refunded: [],
};
const TONE = { processing: 'amber', shipping: 'brand', delivered: 'green', refunded: 'red' } as const;

function StatusDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState(NEXT[order.deliveryStatus][0]);
  const [code, setCode] = useState(order.shippingCode ?? '');
  const [reason, setReason] = useState('');
  const save = async () => {
    const ok = await act(
      () =>
        adminActions.orderStatus(order._id, {
          deliveryStatus: status,
          shippingCode: code.trim() || undefined,
          reason,
        }),
      t('adminMoney.orders.updated'),
    );
    if (ok) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('adminMoney.orders.title', { number: order.orderNumber })}
      description={t('adminMoney.orders.description', {
        title: order.title,
        quantity: order.quantity,
        status: t(`orders.status.${order.deliveryStatus}`),
      })}
      footer={<Button onClick={save}>{t('adminMoney.orders.save')}</Button>}
    >
      <div className="space-y-3">
        <div>
          <Label htmlFor="order-status">{t('adminMoney.orders.newStatus')}</Label>
          <Select
            id="order-status"
            className="w-full"
            value={status}
            onChange={(e) => setStatus(e.target.value as typeof status)}
          >
            {NEXT[order.deliveryStatus].map((s) => (
              <option key={s} value={s}>
                {t(`orders.status.${s}`)}
              </option>
            ))}
          </Select>
        </div>
        {order.isPhysical && (
          <Field label={t('adminMoney.orders.tracking')} value={code} onChange={(e) => setCode(e.target.value)} />
        )}
        <Field
          label={t('adminMoney.orders.reason')}
          value={reason}
          required
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
    </Dialog>
  );
}

/** Every order on the site, filterable; an admin moves one along processing → shipping → delivered. */
export function OrdersTab() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminOrder | null>(null);
  const pageSize = 20;
  const { data, isLoading } = useAdminOrders({
    deliveryStatus: status || undefined,
    q: q.trim() || undefined,
    page,
    pageSize,
  });
  return (
    <>
      <div className="mb-3 flex flex-wrap gap-2">
        <Input
          aria-label={t('adminMoney.orders.search')}
          placeholder={t('adminMoney.orders.searchPlaceholder')}
          className="h-10 w-64"
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
        <Select
          aria-label={t('adminMoney.orders.deliveryStatus')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as DeliveryStatus | '');
            setPage(1);
          }}
        >
          <option value="">{t('adminMoney.anyStatus')}</option>
          {DELIVERY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      <Table
        head={[
          t('adminMoney.orders.order'),
          t('adminMoney.when'),
          t('adminMoney.fan'),
          t('adminMoney.creator'),
          t('adminMoney.orders.total'),
          t('adminMoney.status'),
          '',
        ]}
        empty={!isLoading && data?.data.length === 0}
      >
        {data?.data.map((o) => (
          <tr key={o._id}>
            <td className={td}>
              <span className="font-mono">{o.orderNumber}</span>
              <div className="text-xs text-zinc-500">
                {o.title} × {o.quantity}
                {o.shippingCode ? t('adminMoney.orders.trackingLine', { code: o.shippingCode }) : ''}
              </div>
            </td>
            <td className={`${td} whitespace-nowrap`}>{fmtDate(o.createdAt)}</td>
            <td className={td}>@{o.user?.username ?? '—'}</td>
            <td className={td}>@{o.performer?.username ?? '—'}</td>
            <td className={td}>{fmtMoney(o.totalPrice)}</td>
            <td className={td}>
              <Badge tone={TONE[o.deliveryStatus]}>{t(`orders.status.${o.deliveryStatus}`)}</Badge>
            </td>
            <td className={td}>
              {NEXT[o.deliveryStatus].length > 0 && (
                <Button size="sm" variant="outline" onClick={() => setEditing(o)}>
                  {t('adminMoney.orders.change')}
                </Button>
              )}
            </td>
          </tr>
        ))}
      </Table>
      {data && <Pager page={page} pageSize={pageSize} total={data.total} onPage={setPage} />}
      {editing && <StatusDialog order={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
