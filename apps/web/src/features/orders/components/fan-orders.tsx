import { Package } from 'lucide-react';
import { useState } from 'react';
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
  usePageTitle('My orders');
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
      toast.success('Delivery address changed');
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
        <h1 className="text-2xl font-bold">My orders</h1>
        <Link to="/user/addresses" className="text-sm font-medium text-brand-600 hover:underline">
          Addresses
        </Link>
      </div>
      {isLoading && <Skeleton className="h-24 w-full" />}
      {data && data.data.length === 0 && (
        <EmptyState icon={Package} title="No orders yet" description="Products you buy from creators show here." />
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
                  Change delivery address
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
        title="Change delivery address"
        description="You can change it until the creator ships the order."
        size="lg"
        footer={
          <>
            <Button variant="ghost" onClick={() => setChanging(null)}>
              Cancel
            </Button>
            <Button loading={busy} disabled={!addressId} onClick={save}>
              Use this address
            </Button>
          </>
        }
      >
        <AddressPicker value={addressId} onChange={setAddressId} />
      </Dialog>
    </div>
  );
}
