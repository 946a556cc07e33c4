import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who sees an upload's file and processing state: its owner or an admin. */
export const canSeeFile = (viewer: Actor, m: { ownerId: string }) => ownsOrAdmin(viewer, m.ownerId);
