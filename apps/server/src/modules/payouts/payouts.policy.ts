import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who reads a creator's (masked) payout settings: the creator or an admin. */
export const canReadPayoutSettings = (viewer: Actor, creatorId: string) => ownsOrAdmin(viewer, creatorId);
