import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who manages a gallery photo: its creator or an admin. */
export const canManagePhoto = (viewer: Actor, p: { creatorId: string }) => ownsOrAdmin(viewer, p.creatorId);
