import { type Actor, isAdmin, ownsOrAdmin } from '../../plugins/auth';

/** Who manages a post and sees it in any state (draft, expired, taken down): its creator or an admin. */
export const canManagePost = (viewer: Actor | null, f: { performerId: string }) => ownsOrAdmin(viewer, f.performerId);

/** Who reads why the site took a post down: its creator or an admin. */
export const canSeeTakedownReason = (viewer: Pick<Actor, 'role'> | null | undefined, isOwner: boolean) =>
  isOwner || isAdmin(viewer);

/** The post's own creator (who cannot vote in its poll). */
export const isPostCreator = (viewer: Pick<Actor, 'id'>, f: { performerId: string }) => viewer.id === f.performerId;
