import type {
  ListResponse,
  SubscribeBody,
  SubscribeResult,
  Subscription,
  SubscriptionOffer,
  SubscriptionSettings,
  UpdateSubscriptionSettingsBody,
} from '@marquee/shared';
import useSWR, { mutate } from 'swr';
import { api } from '../../lib/api';
import { useUiStore } from '../../lib/ui-store';

export const offerKey = (performerId: string) => `/subscriptions/performers/${performerId}/offer`;
export const SETTINGS_KEY = '/performers/me/subscription-settings';
export const STATS_KEY = '/subscriptions/performer/stats';

export interface SubscriberStats {
  active: number;
  total: number;
  lifetimeRevenue: number;
}

/** What the modal offers this viewer (prices, promotion, current subscription, wallet). Keyed by sign-in state. */
export function useOffer(performerId: string | null | undefined) {
  const token = useUiStore((s) => s.token);
  return useSWR<SubscriptionOffer>(performerId ? [offerKey(performerId), token ?? ''] : null, ([key]: [string]) =>
    api.get<SubscriptionOffer>(key),
  );
}

export function useMySubscriptions(query: string) {
  return useSWR<ListResponse<Subscription>>(`/subscriptions/user/search?${query}`);
}
export function useSubscribers(query: string) {
  return useSWR<ListResponse<Subscription>>(`/subscriptions/performer/search?${query}`);
}
export function useSubscriberStats() {
  return useSWR<SubscriberStats>(STATS_KEY);
}
export function useSubscriptionSettings() {
  return useSWR<SubscriptionSettings>(SETTINGS_KEY);
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
  subscribe: (body: SubscribeBody) => api.post<SubscribeResult>('/payment/subscribe/performers', body),
  cancel: (s: Pick<Subscription, '_id' | 'paymentMethod'>) =>
    api.post<Subscription>(`/payment/${s.paymentMethod}/cancel-subscription/${s._id}`),
  saveSettings: (body: UpdateSubscriptionSettingsBody) => api.put<SubscriptionSettings>(SETTINGS_KEY, body),
};

/** Prices with the unit the rest of the site uses (wallet, catalogue). */
export const money = (n: number) => `${n.toFixed(2)} tokens`;
export const dateOf = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' }) : '—';
