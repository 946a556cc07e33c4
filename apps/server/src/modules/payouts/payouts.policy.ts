import { type Actor, isAdmin, ownsOrAdmin } from '../../plugins/auth';

/** Who reads a creator's (masked) payout settings: the creator or an admin. */
export const canReadPayoutSettings = (viewer: Actor, creatorId: string) => ownsOrAdmin(viewer, creatorId);

/** Who reads a payout request: its creator or an admin. */
export const canSeePayoutRequest = (viewer: Actor, request: { creatorId: string }) =>
  ownsOrAdmin(viewer, request.creatorId);

/** Who sees a request's payout details unmasked: admins. */
export const revealsPayoutDetails = (viewer: Actor) => isAdmin(viewer);
