import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who manages a post and sees it in any state (draft, expired, taken down): its creator or an admin. */
export const canManagePost = (viewer: Actor | null, f: { performerId: string }) => ownsOrAdmin(viewer, f.performerId);
