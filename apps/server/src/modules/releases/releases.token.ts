import type { ReleaseRow } from '../../db/schema';
import { hmac, safeEqual } from '../../lib/secret';

/**
 * The invite link of an outside person: `/release/<id>~<expiry>~<signature>` (no dot: a path ending in `.xyz` is taken for a file by static servers), an HMAC-SHA256 of
 * the id and expiry under the site's secret key. Signing needs an unexpired link; the same link
 * keeps working to withdraw consent later (a withdrawal must never be harder than consent).
 */
const sign = (secret: string, id: string, exp: number) => hmac(secret, `release:${id}.${exp}`);

export function inviteToken(secret: string, r: Pick<ReleaseRow, 'id' | 'inviteExpiresAt'>): string {
  const exp = Math.floor(r.inviteExpiresAt!.getTime() / 1000);
  return `${r.id}~${exp}~${sign(secret, r.id, exp)}`;
}

export const inviteUrl = (origin: string, secret: string, r: Pick<ReleaseRow, 'id' | 'inviteExpiresAt'>) =>
  `${origin.replace(/\/$/, '')}/release/${inviteToken(secret, r)}`;

/** The release id and expiry of a well-signed token; null when forged or malformed. */
export function readInviteToken(secret: string, token: string): { id: string; exp: number } | null {
  const [id, expText, sig] = token.split('~');
  const exp = Number(expText);
  if (!id || !sig || !Number.isInteger(exp)) return null;
  return safeEqual(sig, sign(secret, id, exp)) ? { id, exp } : null;
}
