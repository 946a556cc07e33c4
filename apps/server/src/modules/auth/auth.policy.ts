import { isAdmin } from '../../plugins/auth';

/** An unverified account waits for its email link to sign in (when the site asks for it); admins never do. */
export const mustVerifyEmailFirst = (user: { emailVerified: boolean; role: string }) =>
  !user.emailVerified && !isAdmin(user);
