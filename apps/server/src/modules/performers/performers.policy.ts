import { type Actor, isAdmin, ownsOrAdmin } from '../../plugins/auth';

/** Who reads an identity document: the creator who uploaded it, or an admin. */
export const canReadDocument = (viewer: Actor, doc: { userId: string }) => ownsOrAdmin(viewer, doc.userId);

/** Who may change a creator's profile: the creator itself, or an admin. */
export const canManagePerformer = (actor: Actor, performerId: string) =>
  isAdmin(actor) || (actor.role === 'performer' && actor.id === performerId);
