import type { Subscription } from '@marquee/shared';
import useSWR, { mutate } from 'swr';
import { client } from '../../lib/api-client';
import type { ApiBody, ApiQuery } from '../../lib/api-contract';
import { formatDate, formatTokenAmount } from '../../lib/i18n/format';
import { useUiStore } from '../../lib/ui-store';
import { apiKey, useApi } from '../../lib/use-api';

type SubscriptionQuery = ApiQuery<'/subscriptions/performer/search'>;

/** What the modal offers this viewer (prices, promotion, current subscription, wallet). Keyed by sign-in state. */
export function useOffer(performerId: string | null | undefined) {
  const token = useUiStore((s) => s.token);
  return useSWR(
    performerId
      ? ([
          apiKey('/subscriptions/performers/{id}/offer', { path: { id: performerId } }),
          token ?? '',
          performerId,
        ] as const)
      : null,
    ([, , id]) => client.get('/subscriptions/performers/{id}/offer', { path: { id } }),
  );
}

export function useMySubscriptions(query: ApiQuery<'/subscriptions/user/search'>) {
  return useApi('/subscriptions/user/search', { query });
}
/**
 * The signed-in creator's subscribers. Pages outside this feature (creator home, the mass message's fan
 * picker) still pass a query string: its keys go to the server as they are, and it validates them.
 */
export function useSubscribers(query: SubscriptionQuery | string) {
  return useApi('/subscriptions/performer/search', {
    query: typeof query === 'string' ? Object.fromEntries(new URLSearchParams(query)) : query,
  });
}
export function useSubscriberStats() {
  return useApi('/subscriptions/performer/stats');
}
export function useSubscriptionSettings() {
  return useApi('/performers/me/subscription-settings');
}

/** Every cached view of subscriptions and of the creator (profile flags, locked posts) refreshes after a change. */
export function refreshAfterSubscriptionChange() {
  return mutate(
    (key) => {
      const k = Array.isArray(key) ? key[0] : key;
      return (
        typeof k === 'string' &&
        (k.startsWith('/subscriptions') ||
          k.startsWith('/performers/') ||
          k.includes('feeds') ||
          k === '/users/me' ||
          k === '/wallet')
      );
    },
    undefined,
    { revalidate: true },
  );
}

export const subscriptionsApi = {
  subscribe: (body: ApiBody<'/payment/subscribe/performers', 'post'>) =>
    client.post('/payment/subscribe/performers', { body }),
  /** The gateway segment is informational: the subscription's own payment method. */
  cancel: (s: Pick<Subscription, '_id' | 'paymentMethod'>) =>
    client.post('/payment/{gateway}/cancel-subscription/{id}', { path: { gateway: s.paymentMethod, id: s._id } }),
  saveSettings: (body: ApiBody<'/performers/me/subscription-settings', 'put'>) =>
    client.put('/performers/me/subscription-settings', { body }),
};

/** Prices with the unit the rest of the site uses (wallet, catalogue). */
export const money = (n: number) => formatTokenAmount(n);
export const dateOf = (iso: string | null) => (iso ? formatDate(iso, { dateStyle: 'medium' }) : '—');
