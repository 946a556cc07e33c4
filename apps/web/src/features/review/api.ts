import { REVIEW_REASONS as SHARED_REASONS } from '@marquee/shared/review-reasons';
import { mutate } from 'swr';
import { client } from '../../lib/api-client';
import type { ApiBody, ApiData, ApiQuery } from '../../lib/api-contract';
import i18n from '../../lib/i18n';
import { useApi } from '../../lib/use-api';

export type ReviewQueue = ApiData<'/admin/review'>;
export type ReviewQueueItem = ReviewQueue['data'][number];
export type ReviewObjectType = ApiQuery<'/review/status'>['type'];
export type ReviewReason = NonNullable<ApiBody<'/admin/review/{id}/decision', 'post'>['reason']>;

/** The rejection reasons, from shared (the route's enum is built from the same list). */
export const REVIEW_REASONS: readonly ReviewReason[] = SHARED_REASONS;

/** The queue, refreshed every 15 s so the age figures stay current. */
export const useReviewQueue = (state: ApiQuery<'/admin/review'>['state']) =>
  useApi('/admin/review', { query: { state, limit: 50 } }, { refreshInterval: 15_000 });

/** The review state of one of the signed-in creator's own items (null path: nothing to ask). */
export const useReviewStatus = (type: ReviewObjectType, id: string | null) =>
  useApi(id ? '/review/status' : null, { query: { type, ids: id ?? '' } });

export const reviewApi = {
  decide: (id: string, body: ApiBody<'/admin/review/{id}/decision', 'post'>) =>
    client.post('/admin/review/{id}/decision', { path: { id }, body }),
};

export const refreshReview = () =>
  mutate((key) => typeof key === 'string' && (key.startsWith('/admin/review') || key.startsWith('/review/')));

/** "12 min", "3 h", "2 d" in the interface language. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return i18n.t('review.seconds', { n: Math.max(0, Math.round(seconds)) });
  if (seconds < 3600) return i18n.t('review.minutes', { n: Math.round(seconds / 60) });
  if (seconds < 86_400) return i18n.t('review.hours', { n: Math.round(seconds / 3600) });
  return i18n.t('review.days', { n: Math.round(seconds / 86_400) });
}
