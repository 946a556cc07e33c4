import type { ApiData } from '../../lib/api-contract';

/**
 * The public face of a creator as lists show it (GET /performers/top, search, trending). `verified`
 * is its one verification flag; `isVerified` was never sent and stays declared as absent only
 * until feeds/components/feed-aside.tsx stops reading it.
 */
export type PerformerSummary = ApiData<'/performers/top'>['data'][number];
