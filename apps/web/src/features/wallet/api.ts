import type { GatewayName } from '@marquee/shared/payments';
import { mutate } from 'swr';
import { client } from '../../lib/api-client';
import type { ApiBody, ApiData, ApiQuery } from '../../lib/api-contract';
import { formatDate, formatTokenAmount } from '../../lib/i18n/format';
import { apiKey, useApi } from '../../lib/use-api';
import { ME_KEY } from '../auth/api';

export const WALLET_KEY = apiKey('/wallet');

/** What a coupon takes off a top-up or a purchase (POST /coupons/{code}/apply-coupon). */
export type CouponCheck = ApiData<'/coupons/{code}/apply-coupon', 'post'>;
/** A delivery address as the address forms send it (orders/addresses.tsx). */
export type AddressInput = ApiBody<'/addresses/create', 'post'>;

export function useWallet(enabled = true) {
  return useApi(enabled && '/wallet');
}
export function usePayments(query: ApiQuery<'/payment/transactions/user/search'>) {
  return useApi('/payment/transactions/user/search', { query });
}
export function useCharges(query: ApiQuery<'/wallet/charges/search'>) {
  return useApi('/wallet/charges/search', { query });
}
export function usePayment(id: string | undefined) {
  return useApi(id ? '/payment/transactions/{id}' : null, { path: { id: id ?? '' } });
}
export function useCards() {
  return useApi('/payment-cards');
}
export function useAddresses() {
  return useApi('/addresses/search', { query: { pageSize: 50 } });
}

/** Refreshes every cached view that shows the balance or spending. */
export function refreshWallet() {
  return mutate(
    (key) => {
      const k = Array.isArray(key) ? key[0] : key;
      return (
        typeof k === 'string' &&
        (k === WALLET_KEY || k === ME_KEY || k.startsWith('/wallet/charges') || k.startsWith('/payment/'))
      );
    },
    undefined,
    { revalidate: true },
  );
}

const idem = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export const walletApi = {
  topUp: (amount: number, couponCode?: string, cardId?: string, gateway?: GatewayName) =>
    client.post('/payment/wallet/top-up', {
      body: { amount, couponCode: couponCode || undefined, cardId, gateway: cardId ? undefined : gateway },
      ...idem(),
    }),
  sandboxPay: (id: string, cardNumber: string, saveCard = false) =>
    client.post('/payment/sandbox/checkout/{id}/pay', { path: { id }, body: { cardNumber, saveCard } }),
  /** After a decline: the same purchase as a fresh payment (a declined payment is closed). */
  sandboxRetry: (id: string) => client.post('/payment/sandbox/checkout/{id}/retry', { path: { id } }),
  sandboxConfirm: (id: string, approve: boolean) =>
    client.post('/payment/sandbox/checkout/{id}/confirm', { path: { id }, body: { approve } }),
  checkCoupon: (code: string, target: 'topup' | 'purchase', amount?: number) =>
    client.post('/coupons/{code}/apply-coupon', { path: { code }, body: { target, amount } }),
  tip: (performerId: string, amount: number, message?: string, feedId?: string) =>
    client.post('/wallet/charges/tip/{id}', {
      path: { id: performerId },
      body: { amount, message: message || undefined, feedId },
      ...idem(),
    }),
  addCard: (body: ApiBody<'/{gateway}/cards', 'post'>) =>
    client.post('/{gateway}/cards', { path: { gateway: 'sandbox' }, body }),
  removeCard: (id: string) => client.delete('/payment-cards/{id}', { path: { id } }),
  createAddress: (body: AddressInput) => client.post('/addresses/create', { body }),
  updateAddress: (id: string, body: AddressInput) => client.put('/addresses/{id}', { path: { id }, body }),
  removeAddress: (id: string) => client.delete('/addresses/{id}', { path: { id } }),
};

/** "12.50 tokens" / "12,50 Token" in the interface language (English exactly as `toFixed(2)`). */
export const tokens = (n: number) => formatTokenAmount(n);
export const dateTime = (iso: string | null) =>
  iso ? formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** Where "Insufficient balance, top up" goes: the wallet with the missing amount and the way back. */
export function topUpPath(needed: number, returnTo: string) {
  const amount = Math.ceil(needed * 100) / 100;
  return `/wallet?topup=${amount.toFixed(2)}&returnTo=${encodeURIComponent(returnTo)}`;
}

/** Only same-app paths are accepted as a return address. */
/**
 * Goes to a payment's checkout: the sandbox's page inside the app (with the way
 * back), or the gateway's hosted page (Stripe Checkout returns by itself).
 */
export function goToCheckout(checkoutUrl: string, returnTo: string, navigate: (to: string) => void) {
  if (/^https?:\/\//.test(checkoutUrl)) window.location.assign(checkoutUrl);
  else navigate(`${checkoutUrl}${checkoutUrl.includes('?') ? '&' : '?'}returnTo=${encodeURIComponent(returnTo)}`);
}

export function safeReturnTo(value: string | null | undefined, fallback = '/wallet') {
  return value?.startsWith('/') && !value.startsWith('//') ? value : fallback;
}
