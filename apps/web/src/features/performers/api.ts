import useSWR from 'swr';
import type { PerformerSummary } from './types';

/** GET /performers/{id}: a creator by username or id. */
export function usePerformer(profileId: string | undefined) {
  return useSWR<PerformerSummary>(profileId ? `/performers/${encodeURIComponent(profileId)}` : null);
}
