import { isAdmin } from '../../plugins/auth';

/** An upload matching a hash list suspends its owner, unless already suspended or an admin. */
export const suspendsOnMatch = (user: { status: string; role: string }) =>
  user.status !== 'suspended' && !isAdmin(user);
