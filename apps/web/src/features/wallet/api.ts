import type { Address, ChargeResult, ListResponse, Payment, PaymentCard, Wallet, WalletCharge } from '@marquee/shared';
import useSWR, { mutate } from 'swr';
import { api } from '../../lib/api';
import i18n from '../../lib/i18n';
import { formatAmount, formatDate } from '../../lib/i18n/format';
import { ME_KEY } from '../auth/api';

export const WALLET_KEY = '/wallet';
export const CARDS_KEY = '/payment-cards';
export const ADDRESSES_KEY = '/addresses/search?pageSize=50';

export interface CouponCheck {
  coupon: { _id: string; code: string; name: string; kind: 'percentage' | 'amount'; value: number };
  discount: number | null;
  total: number | null;
}

export function useWallet(enabled = true) {
  return useSWR<Wallet>(enabled ? WALLET_KEY : null);
}
export function usePayments(query: string) {
  return useSWR<ListResponse<Payment>>(`/payment/transactions/user/search?${query}`);
}
export function useCharges(query: string) {
  return useSWR<ListResponse<WalletCharge>>(`/wallet/charges/search?${query}`);
}
export function usePayment(id: string | undefined) {
  return useSWR<Payment>(id ? `/payment/transactions/${id}` : null);
}
export function useCards() {
  return useSWR<ListResponse<PaymentCard>>(CARDS_KEY);
}
export function useAddresses() {
  return useSWR<ListResponse<Address>>(ADDRESSES_KEY);
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

export type AddressInput = Omit<Address, '_id' | 'createdAt' | 'updatedAt'>;

export const walletApi = {
  topUp: (amount: number, couponCode?: string, cardId?: string) =>
    api.post<Payment>('/payment/wallet/top-up', { amount, couponCode: couponCode || undefined, cardId }, idem()),
  sandboxPay: (id: string, cardNumber: string, saveCard = false) =>
    api.post<Payment>(`/payment/sandbox/checkout/${id}/pay`, { cardNumber, saveCard }),
  /** After a decline: the same purchase as a fresh payment (a declined payment is closed). */
  sandboxRetry: (id: string) => api.post<Payment>(`/payment/sandbox/checkout/${id}/retry`),
  sandboxConfirm: (id: string, approve: boolean) =>
    api.post<Payment>(`/payment/sandbox/checkout/${id}/confirm`, { approve }),
  checkCoupon: (code: string, target: 'topup' | 'purchase', amount?: number) =>
    api.post<CouponCheck>(`/coupons/${encodeURIComponent(code)}/apply-coupon`, { target, amount }),
  tip: (performerId: string, amount: number, message?: string, feedId?: string) =>
    api.post<ChargeResult>(
      `/wallet/charges/tip/${performerId}`,
      { amount, message: message || undefined, feedId },
      idem(),
    ),
  addCard: (body: { cardNumber: string; expMonth: number; expYear: number; holderName?: string }) =>
    api.post<PaymentCard>('/sandbox/cards', body),
  removeCard: (id: string) => api.delete(`/payment-cards/${id}`),
  createAddress: (body: AddressInput) => api.post<Address>('/addresses/create', body),
  updateAddress: (id: string, body: AddressInput) => api.put<Address>(`/addresses/${id}`, body),
  removeAddress: (id: string) => api.delete(`/addresses/${id}`),
};

/** "12.50 tokens" / "12,50 Token" in the interface language (English exactly as `toFixed(2)`). */
export const tokens = (n: number) => i18n.t('wallet.tokens', { amount: formatAmount(n) });
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
