import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who manages a story and sees it in any state: its creator or an admin. */
export const canManageStory = (viewer: Actor | null, s: { performerId: string }) => ownsOrAdmin(viewer, s.performerId);
