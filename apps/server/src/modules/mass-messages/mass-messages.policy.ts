import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who sees and cancels a mass message: its creator or an admin. */
export const canManageMassMessage = (viewer: Actor, m: { performerId: string }) => ownsOrAdmin(viewer, m.performerId);
