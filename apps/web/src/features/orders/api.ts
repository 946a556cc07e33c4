import type { ListResponse, Order } from '@marquee/shared';
import useSWR from 'swr';
import { api } from '../../lib/api';

export function useFanOrders(query: string) {
  return useSWR<ListResponse<Order>>(`/orders/users/search?${query}`);
}
export function useCreatorOrders(query: string) {
  return useSWR<ListResponse<Order>>(`/orders/search?${query}`);
}

export const ordersApi = {
  update: (
    id: string,
    body: { deliveryStatus?: 'processing' | 'shipping' | 'delivered'; shippingCode?: string; note?: string },
  ) => api.put<Order>(`/orders/${id}/update`, body),
  changeAddress: (id: string, deliveryAddressId: string) =>
    api.put<Order>(`/orders/${id}/update/delivery-address`, { deliveryAddressId }),
};

export const STATUS_LABEL: Record<Order['deliveryStatus'], string> = {
  processing: 'Processing',
  shipping: 'Shipped',
  delivered: 'Delivered',
  refunded: 'Refunded',
};
