import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who may delete a comment: its author, the creator of what it is on, or an admin. */
export const canDeleteComment = (viewer: Actor | null, c: { userId: string; creatorId: string | null }) =>
  !!viewer && (viewer.id === c.userId || ownsOrAdmin(viewer, c.creatorId));

/** Who may edit a comment: its author only. */
export const canEditComment = (viewer: Actor, c: { userId: string }) => viewer.id === c.userId;
