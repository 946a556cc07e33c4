import type { ApiData } from '../../lib/api-contract';

/** The signed-in user as GET /users/me answers it (spec §3 Current user). */
export type CurrentUser = ApiData<'/users/me'>;
