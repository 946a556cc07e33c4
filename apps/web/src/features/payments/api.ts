import type { BuyableType } from '@marquee/shared';
import type { CheckoutPurpose, GatewayName } from '@marquee/shared/payments';
import { mutate } from 'swr';
import { isApiError } from '../../lib/api';
import { client } from '../../lib/api-client';
import type { ApiBody, ApiData } from '../../lib/api-contract';
import { apiKey, useApi } from '../../lib/use-api';
import { useSettings } from '../settings/api';

export type PaymentResult = ApiData<'/payment/transactions/{id}/result'>;
export type AdminGateways = ApiData<'/admin/payments/gateways'>;

/** The methods offered for a purpose, in the admin's order (the first is the default). */
export function usePaymentMethods(purpose: CheckoutPurpose): GatewayName[] {
  return useSettings().paymentMethods[purpose];
}

const OPEN = new Set(['created', 'requires_action']);

/**
 * One payment for the result page. The postback's `payment/updated` event refreshes it at once
 * (result-page.tsx); this polls every 3 s as a fallback while it is open (a new arrow each render,
 * see privacy/api.ts on SWR's refreshInterval).
 */
export function usePaymentResult(id: string | null) {
  return useApi(
    id ? '/payment/transactions/{id}/result' : null,
    { path: { id: id ?? '' } },
    { refreshInterval: (latest) => (latest && !OPEN.has(latest.status) ? 0 : 3000) },
  );
}

/** CCBill returns to a fixed approval URL without our id: the fan's latest payment. */
export function useLatestPayment(enabled: boolean) {
  return useApi(enabled ? '/payment/transactions/user/search' : null, { query: { pageSize: 1 } });
}

export function refreshPaymentResult(id: string) {
  return mutate(apiKey('/payment/transactions/{id}/result', { path: { id } }));
}

/** What a card purchase buys (POST /payment/purchase/{type}/{id}). */
export type CardPurchase = { type: BuyableType; id: string } & Omit<
  ApiBody<'/payment/purchase/{type}/{id}', 'post'>,
  'gateway' | 'returnTo'
>;

export const paymentsApi = {
  /** One item bought on a processor's hosted page (not from the wallet); the approval buys it. */
  buyByCard: ({ type, id, ...body }: CardPurchase, gateway: GatewayName | null, returnTo: string) =>
    client.post('/payment/purchase/{type}/{id}', {
      path: { type, id },
      body: { ...body, gateway: gateway ?? undefined, returnTo },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  failover: (id: string, gateway: GatewayName) =>
    client.post('/payment/transactions/{id}/failover', { path: { id }, body: { gateway } }),
  testGateway: (gateway: GatewayName) => client.post('/admin/payments/gateways/{gateway}/test', { path: { gateway } }),
};

/** A checkout that did not open (502): the next processor the server offers, if any. */
export function nextGatewayOf(err: unknown): GatewayName | null {
  if (!isApiError(err) || err.code !== 'GATEWAY_ERROR') return null;
  const next = err.details?.find((d) => d.field === 'nextGateway')?.message;
  return (next as GatewayName | undefined) ?? null;
}

export function useAdminGateways() {
  return useApi('/admin/payments/gateways');
}
