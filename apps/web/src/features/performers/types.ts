import type { ApiData } from '../../lib/api-contract';

/** The public face of a creator as lists show it (GET /performers/top, search, trending); `verified` is its one verification flag. */
export type PerformerSummary = ApiData<'/performers/top'>['data'][number];
