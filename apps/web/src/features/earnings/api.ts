import type { EarningStats, ListResponse } from '@marquee/shared';
import useSWR from 'swr';

export interface Earning {
  _id: string;
  source: string;
  gross: number;
  commission: number;
  net: number;
  status: 'paid' | 'refunded' | 'chargeback';
  fan: { _id: string; username: string | null; name: string; avatar: string | null } | null;
  createdAt: string;
}
export interface ReferralCode {
  code: string;
  link: string;
}
export interface ReferredUser {
  _id: string;
  username: string | null;
  name: string;
  avatar: string | null;
  role: string;
  createdAt: string;
}
export interface ReferralEarning {
  _id: string;
  kind: 'creator' | 'fan';
  amount: number;
  percent: number;
  status: 'paid' | 'refunded' | 'chargeback';
  referred: { _id: string; username: string | null; name: string; avatar: string | null } | null;
  createdAt: string;
}
export interface ReferralStats {
  totalEarned: number;
  available: number;
  referredCreators: number;
  referredFans: number;
  count: number;
}

export const useEarningStats = (query: string) => useSWR<EarningStats>(`/performer/earning/stats?${query}`);
export const useEarnings = (query: string) => useSWR<ListResponse<Earning>>(`/performer/earning/search?${query}`);
export const useReferralCode = () => useSWR<ReferralCode>('/referrals/user/code');
export const useReferredUsers = (query: string) =>
  useSWR<ListResponse<ReferredUser>>(`/referrals/user/search?${query}`);
export const useReferralStats = () => useSWR<ReferralStats>('/referral-earnings/stats');
export const useReferralEarnings = (query: string) =>
  useSWR<ListResponse<ReferralEarning>>(`/referral-earnings/search?${query}`);

export const SOURCE_LABEL: Record<string, string> = {
  tip: 'Tips',
  feed: 'Posts',
  video: 'Videos',
  gallery: 'Galleries',
  product: 'Products',
  scene: 'Scenes',
  scenario: 'Scenarios',
  message: 'Messages',
  stream: 'Streams',
  subscription: 'Subscriptions',
};
