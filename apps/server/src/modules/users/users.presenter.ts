import { FALLBACK_IMAGE, fromCents, type Me, type PublicUser, type UserBrief } from '@marquee/shared';
import type { PerformerRow, UserRow } from '../../db/schema';
import { profileMediaUrl } from './profile-media';
import { canSeePrivateFields } from './users.policy';

export const avatarUrl = (row: Pick<UserRow, 'avatarPath'>): string =>
  profileMediaUrl(row.avatarPath) ?? FALLBACK_IMAGE;
export const coverUrl = (row: Pick<UserRow, 'coverPath'>): string | null => profileMediaUrl(row.coverPath);

/** The current user as spec §3 describes it: only ever shown to the account itself (and admins). */
export function presentMe(row: UserRow, performerRow?: Pick<PerformerRow, 'verificationStatus'> | null): Me {
  return {
    _id: row.id,
    avatar: avatarUrl(row),
    cover: coverUrl(row),
    name: row.name,
    email: row.email,
    username: row.username,
    isPerformer: row.role === 'performer',
    role: row.role,
    staffRole: row.staffRole ?? null,
    status: row.status,
    balance: fromCents(row.balance),
    emailVerified: row.emailVerified,
    verificationStatus: row.role === 'performer' ? (performerRow?.verificationStatus ?? 'unverified') : null,
    referralCode: row.referralCode,
    totpEnabled: row.totpEnabled,
    hasPassword: Boolean(row.passwordHash),
    locale: row.locale ?? null,
    pendingEmail: row.pendingEmail ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who wrote a message or a comment: safe for anyone to see. */
export function presentUserBrief(row: Pick<UserRow, 'id' | 'username' | 'name' | 'avatarPath' | 'role'>): UserBrief {
  return {
    _id: row.id,
    username: row.username,
    name: row.name,
    avatar: avatarUrl(row),
    isPerformer: row.role === 'performer',
  };
}

/** Another account as a viewer may see it: email and status only for admins and the account itself. */
export function presentPublicUser(row: UserRow, viewer: { id: string; role: string } | null): PublicUser {
  const privileged = canSeePrivateFields(viewer, row.id);
  return {
    ...presentUserBrief(row),
    cover: coverUrl(row),
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    ...(privileged ? { email: row.email, status: row.status } : {}),
  };
}
