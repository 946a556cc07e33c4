import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { dateTime, tokens } from '../../wallet/api';
import { type DeliveryStatus, type Order, STATUS_LABEL } from '../api';
import { formatAddress } from './addresses';

const TONE: Record<DeliveryStatus, string> = {
  processing: 'bg-amber-100 text-amber-900',
  shipping: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  refunded: 'bg-zinc-200 text-zinc-700',
};

export function OrderCard({ order, who, children }: { order: Order; who: 'fan' | 'creator'; children?: ReactNode }) {
  const other = who === 'fan' ? order.performer : order.user;
  return (
    <Card className="space-y-2 p-4" data-testid="order">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">
            <Link to={`/product/${order.productId}`} className="hover:underline">
              {order.title}
            </Link>
            {order.quantity > 1 ? ` × ${order.quantity}` : ''}
          </p>
          <p className="text-xs text-zinc-500">
            #{order.orderNumber} · {dateTime(order.createdAt)} · {tokens(order.totalPrice)}
            {other ? ` · ${who === 'fan' ? 'from' : 'bought by'} ${other.name || other.username}` : ''}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[order.deliveryStatus]}`}>
          {order.isPhysical ? STATUS_LABEL[order.deliveryStatus] : 'Digital'}
        </span>
      </div>
      {order.deliveryAddress && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="order-address">
          Ship to {order.deliveryAddress.name}: {formatAddress(order.deliveryAddress)}
        </p>
      )}
      {order.shippingCode && (
        <p className="text-sm">
          Tracking: <span className="font-mono">{order.shippingCode}</span>
        </p>
      )}
      {order.note && <p className="text-sm italic text-zinc-500">{order.note}</p>}
      {children}
    </Card>
  );
}
