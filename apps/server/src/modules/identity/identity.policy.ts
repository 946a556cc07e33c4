import { type Actor, isAdmin, ownsOrAdmin } from '../../plugins/auth';

/** Who sees a verification and asks for its latest verdict: the creator it is about, or an admin. */
export const canSeeVerification = (viewer: Actor, v: { userId: string }) => ownsOrAdmin(viewer, v.userId);

/** Who decides on an identity: admins. */
export const canReviewIdentities = (viewer: Actor) => isAdmin(viewer);
