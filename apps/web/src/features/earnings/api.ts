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
