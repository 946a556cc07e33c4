import { client } from '../../lib/api-client';
import type { ApiBody, ApiData, ApiQuery } from '../../lib/api-contract';
import { type ListQueryState, toApiQuery } from '../../lib/query-string';
import { useApi } from '../../lib/use-api';

export type Order = ApiData<'/orders/search'>['data'][number];
export type DeliveryStatus = Order['deliveryStatus'];

/** The fan's orders, for the list state in the address bar. */
export function useFanOrders(query: ListQueryState) {
  return useApi('/orders/users/search', { query: toApiQuery<ApiQuery<'/orders/users/search'>>(query) });
}
/** The creator's orders, for the list state in the address bar. */
export function useCreatorOrders(query: ListQueryState) {
  return useApi('/orders/search', { query: toApiQuery<ApiQuery<'/orders/search'>>(query) });
}

export const ordersApi = {
  update: (id: string, body: ApiBody<'/orders/{id}/update', 'put'>) =>
    client.put('/orders/{id}/update', { path: { id }, body }),
  changeAddress: (id: string, deliveryAddressId: string) =>
    client.put('/orders/{id}/update/delivery-address', { path: { id }, body: { deliveryAddressId } }),
};
