import type { Role } from '@marquee/shared/constants';

/** GET /users/me (spec §3 Current user). */
export interface CurrentUser {
  _id: string;
  avatar?: string;
  cover?: string;
  name?: string;
  email?: string;
  username?: string;
  isPerformer: boolean;
  role?: Role;
  /** Token balance. */
  balance?: number;
  [key: string]: unknown;
}

export interface LoginBody {
  username: string;
  password: string;
  remember: boolean;
  totpCode?: string;
}

export type LoginResponse =
  | { token: string; expiresAt?: string }
  | { totpRequired: true; message: string; challengeToken: string };

export interface RegisterBody {
  name: string;
  username: string;
  email: string;
  password: string;
  /** Creators: YYYY-MM-DD, 18 or older. */
  dateOfBirth?: string;
}
