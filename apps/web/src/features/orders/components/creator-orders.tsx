import { DELIVERY_STATUSES } from '@marquee/shared';
import { Package } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/input';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { useListQuery } from '../../../lib/query-string';
import { usePageTitle } from '../../settings/hooks';
import { type Order, ordersApi, useCreatorOrders } from '../api';
import { OrderCard } from './order-row';

function Shipping({ order, onSaved }: { order: Order; onSaved: () => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState(order.deliveryStatus === 'refunded' ? 'processing' : order.deliveryStatus);
  const [code, setCode] = useState(order.shippingCode ?? '');
  const [busy, setBusy] = useState(false);
  if (!order.isPhysical || order.deliveryStatus === 'refunded') return null;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await ordersApi.update(order._id, {
        deliveryStatus: status,
        shippingCode: code.trim() || undefined,
      });
      toast.success(t('orders.updated'));
      onSaved();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} className="flex flex-wrap items-end gap-2">
      <label className="text-sm">
        <span className="mb-1.5 block font-medium">{t('orders.statusLabel')}</span>
        <select
          name="delivery-status"
          className="h-11 rounded-xl border border-zinc-300 bg-white px-3 dark:border-zinc-700 dark:bg-zinc-900"
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
        >
          {(['processing', 'shipping', 'delivered'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <div className="min-w-48 flex-1">
        <Field
          label={t('orders.trackingCode')}
          name="tracking"
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
      </div>
      <Button type="submit" loading={busy}>
        {t('orders.save')}
      </Button>
    </form>
  );
}

/** /creator/orders: the creator's orders with shipping status and tracking. */
export function CreatorOrders() {
  const { t } = useTranslation();
  usePageTitle(t('orders.title'));
  const { query, setPage, setFilters } = useListQuery({ pageSize: 10, sortBy: 'createdAt' });
  const { data, isLoading, mutate } = useCreatorOrders(query);
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t('orders.title')}</h1>
        <select
          aria-label={t('orders.filterByStatus')}
          className="h-10 rounded-xl border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-900"
          value={query.filters.deliveryStatus ?? ''}
          onChange={(e) => setFilters({ deliveryStatus: e.target.value })}
        >
          <option value="">{t('orders.allOrders')}</option>
          {DELIVERY_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${s}`)}
            </option>
          ))}
        </select>
      </div>
      {isLoading && <Skeleton className="h-24 w-full" />}
      {data && data.data.length === 0 && (
        <EmptyState icon={Package} title={t('orders.none')} description={t('orders.noneCreator')} />
      )}
      <ul className="space-y-3" data-testid="creator-orders">
        {data?.data.map((o) => (
          <li key={o._id}>
            <OrderCard order={o} who="creator">
              <Shipping key={o.updatedAt} order={o} onSaved={() => void mutate()} />
            </OrderCard>
          </li>
        ))}
      </ul>
      {data && <Pager page={query.page} pageSize={query.pageSize} total={data.total} onPage={setPage} />}
    </div>
  );
}
