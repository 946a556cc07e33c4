import useSWR from 'swr';

/** GET /posts/{slug}: a CMS page (title and HTML content). */
export interface CmsPost {
  _id?: string;
  slug?: string;
  title: string;
  content: string;
  updatedAt?: string;
}

export function usePost(slug: string | undefined) {
  return useSWR<CmsPost>(slug ? `/posts/${encodeURIComponent(slug)}` : null);
}
