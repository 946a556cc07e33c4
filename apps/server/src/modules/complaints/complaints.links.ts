import type { ModeratedType } from '@marquee/shared';

/** The web's content pages (apps/web routes) and the moderated type each shows. */
const PAGES: Array<{ pattern: RegExp; type: ModeratedType }> = [
  { pattern: /^\/post\/([^/?#]+)/, type: 'feed' },
  { pattern: /^\/video\/([^/?#]+)/, type: 'video' },
  { pattern: /^\/gallery\/([^/?#]+)/, type: 'gallery' },
  { pattern: /^\/product\/([^/?#]+)/, type: 'product' },
  { pattern: /^\/scene\/([^/?#]+)/, type: 'scene' },
  { pattern: /^\/scenario\/([^/?#]+)/, type: 'scenario' },
];

/**
 * What a reported link names on this site: a type and an id or slug. The host is not checked
 * (a reporter may paste the address of a mirror or an old domain); a link to a page that shows
 * no single item (a profile, the home page, another site) names nothing and stays for the admin
 * to read.
 */
export function contentOfLink(url: string): { type: ModeratedType; key: string } | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  for (const { pattern, type } of PAGES) {
    const m = pattern.exec(path);
    if (m?.[1]) return { type, key: decodeURIComponent(m[1]) };
  }
  return null;
}
