import type { ApiQuery } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';

export const useEarningStats = (query: ApiQuery<'/performer/earning/stats'>) =>
  useApi('/performer/earning/stats', { query });
export const useEarnings = (query: ApiQuery<'/performer/earning/search'>) =>
  useApi('/performer/earning/search', { query });
export const useReferralCode = () => useApi('/referrals/user/code');
export const useReferredUsers = (query: ApiQuery<'/referrals/user/search'>) =>
  useApi('/referrals/user/search', { query });
export const useReferralStats = () => useApi('/referral-earnings/stats');
export const useReferralEarnings = (query: ApiQuery<'/referral-earnings/search'>) =>
  useApi('/referral-earnings/search', { query });

/** Earning sources, in the filter's order; their names are `earnings.sources.<source>`. */
export const SOURCES = [
  'tip',
  'feed',
  'video',
  'gallery',
  'product',
  'scene',
  'scenario',
  'message',
  'stream',
  'subscription',
] as const;
export type Source = (typeof SOURCES)[number];
export const isSource = (s: string): s is Source => (SOURCES as readonly string[]).includes(s);
