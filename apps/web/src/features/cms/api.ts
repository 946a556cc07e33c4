import type { ApiData } from '../../lib/api-contract';
import { useApi } from '../../lib/use-api';

/** GET /posts/{id}: a CMS page (title and HTML content), by its slug. */
export type CmsPost = ApiData<'/posts/{id}'>;

export function usePost(slug: string | undefined) {
  return useApi(slug ? '/posts/{id}' : null, { path: { id: slug ?? '' } });
}
