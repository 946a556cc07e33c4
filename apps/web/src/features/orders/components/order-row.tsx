import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { dateTime, tokens } from '../../wallet/api';
import type { DeliveryStatus, Order } from '../api';
import { formatAddress } from './addresses';

const TONE: Record<DeliveryStatus, string> = {
  processing: 'bg-amber-100 text-amber-900',
  shipping: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  refunded: 'bg-zinc-200 text-zinc-700',
};

export function OrderCard({ order, who, children }: { order: Order; who: 'fan' | 'creator'; children?: ReactNode }) {
  const { t } = useTranslation();
  const other = who === 'fan' ? order.performer : order.user;
  const otherName = other ? other.name || other.username : '';
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
            {other
              ? ` · ${who === 'fan' ? t('orders.from', { name: otherName }) : t('orders.boughtBy', { name: otherName })}`
              : ''}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONE[order.deliveryStatus]}`}>
          {order.isPhysical ? t(`orders.status.${order.deliveryStatus}`) : t('orders.digital')}
        </span>
      </div>
      {order.deliveryAddress && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="order-address">
          {t('orders.shipTo', { name: order.deliveryAddress.name, address: formatAddress(order.deliveryAddress) })}
        </p>
      )}
      {order.shippingCode && (
        <p className="text-sm">
          {t('orders.tracking')} <span className="font-mono">{order.shippingCode}</span>
        </p>
      )}
      {order.note && <p className="text-sm italic text-zinc-500">{order.note}</p>}
      {children}
    </Card>
  );
}
