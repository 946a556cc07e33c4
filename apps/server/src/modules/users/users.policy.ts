import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who sees an account's private fields (email, status) and an inactive account: itself and admins. */
export const canSeePrivateFields = (viewer: Actor | null, userId: string | undefined) => ownsOrAdmin(viewer, userId);
