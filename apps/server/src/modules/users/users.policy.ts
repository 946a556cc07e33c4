import { type Actor, isAdmin, ownsOrAdmin } from '../../plugins/auth';

/** Who sees an account's private fields (email, status) and an inactive account: itself and admins. */
export const canSeePrivateFields = (viewer: Actor | null, userId: string | undefined) => ownsOrAdmin(viewer, userId);

/** Who searches every account (inactive ones too) and sees their emails in the results: admins. */
export const canSearchAllAccounts = (viewer: Actor | null | undefined) => isAdmin(viewer);
