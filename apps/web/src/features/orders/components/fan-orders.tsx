import { Package } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { Pager } from '../../../components/ui/pager';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { getErrorMessage } from '../../../lib/api';
import { useListQuery } from '../../../lib/query-string';
import { usePageTitle } from '../../settings/hooks';
import { type Order, ordersApi, useFanOrders } from '../api';
import { AddressPicker } from './addresses';
import { OrderCard } from './order-row';

/** /user/orders: what the fan bought, with the delivery address editable until the order ships. */
export function FanOrders() {
  const { t } = useTranslation();
  usePageTitle(t('orders.myOrders'));
  const { query, setPage } = useListQuery({ pageSize: 10, sortBy: 'createdAt' });
  const { data, isLoading, mutate } = useFanOrders(query);
  const [changing, setChanging] = useState<Order | null>(null);
  const [addressId, setAddressId] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!changing || !addressId) return;
    setBusy(true);
    try {
      await ordersApi.changeAddress(changing._id, addressId);
      toast.success(t('orders.addressChanged'));
      setChanging(null);
      await mutate();
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4 sm:p-6">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-bold">{t('orders.myOrders')}</h1>
        <Link to="/user/addresses" className="text-sm font-medium text-brand-600 hover:underline">
          {t('orders.addresses')}
        </Link>
      </div>
      {isLoading && <Skeleton className="h-24 w-full" />}
      {data && data.data.length === 0 && (
        <EmptyState icon={Package} title={t('orders.none')} description={t('orders.noneFan')} />
      )}
      <ul className="space-y-3" data-testid="fan-orders">
        {data?.data.map((o) => (
          <li key={o._id}>
            <OrderCard order={o} who="fan">
              {o.isPhysical && o.deliveryStatus === 'processing' && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setAddressId('');
                    setChanging(o);
                  }}
                >
                  {t('orders.changeAddress')}
                </Button>
              )}
            </OrderCard>
          </li>
        ))}
      </ul>
      {data && <Pager page={query.page} pageSize={query.pageSize} total={data.total} onPage={setPage} />}
      <Dialog
        open={changing !== null}
        onOpenChange={(o) => !o && setChanging(null)}
        title={t('orders.changeAddress')}
        description={t('orders.changeAddressHint')}
        size="lg"
        footer={
          <>
            <Button variant="ghost" onClick={() => setChanging(null)}>
              {t('orders.cancel')}
            </Button>
            <Button loading={busy} disabled={!addressId} onClick={save}>
              {t('orders.useAddress')}
            </Button>
          </>
        }
      >
        <AddressPicker value={addressId} onChange={setAddressId} />
      </Dialog>
    </div>
  );
}
