import type { Config } from '../../config';

/**
 * MEDIA_CDN_URL: a CDN whose origin is this site. Links to public media (avatars, covers, public
 * files: responses cached `public, immutable`) start with it; protected and paid media never do,
 * and their responses are `private`, so a CDN that honours Cache-Control keeps no copy.
 * Set once per process by buildApp (presenters are plain functions without ctx).
 */
let base = '';

export function configureMediaCdn(config: Pick<Config, 'MEDIA_CDN_URL'>) {
  base = (config.MEDIA_CDN_URL ?? '').replace(/\/+$/, '');
}

/** A site path of public media, through the CDN when one is configured. */
export function publicMediaUrl(sitePath: string): string {
  return base && sitePath.startsWith('/') ? `${base}${sitePath}` : sitePath;
}
