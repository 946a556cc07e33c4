import { EARNING_SOURCES } from '@marquee/shared';
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

/** An earning source the filter offers (shared `EARNING_SOURCES`); its name is `earnings.sources.<source>`. */
export const isSource = (s: string): s is (typeof EARNING_SOURCES)[number] =>
  (EARNING_SOURCES as readonly string[]).includes(s);
