import { type Actor, ownsOrAdmin } from '../../plugins/auth';

/** Who reads an identity document: the creator who uploaded it, or an admin. */
export const canReadDocument = (viewer: Actor, doc: { userId: string }) => ownsOrAdmin(viewer, doc.userId);
