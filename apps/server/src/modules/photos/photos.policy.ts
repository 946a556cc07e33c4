import { type Actor, isAdmin, ownsOrAdmin } from '../../plugins/auth';

/** Who manages a gallery photo: its creator or an admin. */
export const canManagePhoto = (viewer: Actor, p: { creatorId: string }) => ownsOrAdmin(viewer, p.creatorId);

/** Who sees a taken-down gallery and its photos: admins. */
export const canSeeTakenDownPhotos = (viewer: Pick<Actor, 'role'> | null | undefined) => isAdmin(viewer);
