import { type Actor, isAdmin, ownsOrAdmin } from '../../plugins/auth';

/** Who manages a story and sees it in any state: its creator or an admin. */
export const canManageStory = (viewer: Actor | null, s: { performerId: string }) => ownsOrAdmin(viewer, s.performerId);

/** Who still opens a story the site took down: admins. */
export const canSeeTakenDown = (viewer: Actor | null) => isAdmin(viewer);
