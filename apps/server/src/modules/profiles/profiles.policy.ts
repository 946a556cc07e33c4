import { type Actor, isAdmin } from '../../plugins/auth';

/** Who sees a suspended or deactivated creator's profile (besides the creator): admins. */
export const canSeeInactiveProfiles = (viewer: Pick<Actor, 'role'> | null) => isAdmin(viewer);
