import type { ReleaseRow } from '../../db/schema';
import type { AuthUser } from '../auth';

/** Who may see a release and its PDF: the producer, the named creator, admins. */
export const canSeeRelease = (actor: AuthUser, r: ReleaseRow) =>
  actor.role === 'admin' || actor.id === r.creatorId || actor.id === r.performerId;

/** Who may withdraw consent from the app: the named creator and admins (an outside person uses their link). */
export const canRevokeRelease = (actor: AuthUser, r: ReleaseRow) =>
  actor.role === 'admin' || actor.id === r.performerId;

/** Only admins check identities and export §2257 records. */
export const isAdmin = (actor: AuthUser) => actor.role === 'admin';

/** The producer: the creator who named the people (and whose items the release covers). */
export const isProducer = (actor: Pick<AuthUser, 'id'>, r: { creatorId: string }) => actor.id === r.creatorId;

/** Who signs a release in the app: the creator it names. */
export const canSignRelease = (actor: AuthUser, r: ReleaseRow) => actor.id === r.performerId;
