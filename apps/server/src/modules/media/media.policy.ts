import { type Actor, isAdmin, ownsOrAdmin } from '../../plugins/auth';

/** Who sees an upload's file and processing state: its owner or an admin. */
export const canSeeFile = (viewer: Actor, m: { ownerId: string }) => ownsOrAdmin(viewer, m.ownerId);

/** Who uploads with a creator's video limits: creators and admins (fans have their own). */
export const hasCreatorLimits = (role: string | null) => role === 'performer' || isAdmin({ role });
