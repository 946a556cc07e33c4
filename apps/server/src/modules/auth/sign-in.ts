import type { SignInResponse } from '@marquee/shared';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { type UserRow, users } from '../../db/schema';
import { badRequest, forbidden, unauthorized } from '../../lib/errors';
import { en } from '../../lib/i18n/en';
import { findUserById } from '../users';
import { consumeAccountToken, findAccountToken, issueAccountToken } from './auth.repo';
import { createSession } from './sessions';
import { checkTotp, decryptTotpSecret } from './totp';

/** How long the second step of a sign-in may wait for its code. */
export const SIGN_IN_CHALLENGE_TTL_MIN = 10;
export const SUSPENDED = en['error.suspended'];
export const TOTP_PROMPT = 'Enter the 6-digit code from your authenticator app';
export const SIGN_IN_EXPIRED = en['error.signInExpired'];

export interface SignInOptions {
  remember: boolean;
  ip?: string;
  userAgent?: string;
  /** The authenticator code, when the client already has it (password login sends it with the password). */
  totpCode?: string;
}

/**
 * The one way a sign-in ends, whatever proved the first factor (password, Google, Twitter/X,
 * a new registration): a suspended account is refused; an account with two-factor
 * authentication gets a short-lived challenge (or has the code checked) instead of a session.
 * Only this module opens sessions (a guard test keeps it so), so no path can skip the code.
 */
export async function finishSignIn(ctx: Ctx, user: UserRow, opts: SignInOptions): Promise<SignInResponse> {
  if (user.status !== 'active') throw forbidden(SUSPENDED);
  if (user.totpEnabled && user.totpSecret) {
    if (!opts.totpCode) {
      const challengeToken = await issueAccountToken(ctx.db, user.id, 'sign_in_challenge', SIGN_IN_CHALLENGE_TTL_MIN);
      return { totpRequired: true, message: TOTP_PROMPT, challengeToken };
    }
    await acceptTotp(ctx, user, opts.totpCode);
  }
  return openSession(ctx, user, opts);
}

async function openSession(ctx: Ctx, user: UserRow, opts: SignInOptions) {
  const session = await createSession(ctx.db, user.id, {
    remember: opts.remember,
    ip: opts.ip,
    userAgent: opts.userAgent,
  });
  return { token: session.token, expiresAt: session.expiresAt.toISOString() };
}

/** The second step: the challenge of a sign-in and a code from the app give the session. */
export async function completeTotpChallenge(
  ctx: Ctx,
  input: { challengeToken: string; code: string; remember: boolean },
  meta: { ip?: string; userAgent?: string },
) {
  const row = await findAccountToken(ctx.db, input.challengeToken, 'sign_in_challenge');
  if (!row || row.usedAt || row.expiresAt.getTime() <= ctx.now().getTime()) throw unauthorized(SIGN_IN_EXPIRED);
  const user = await findUserById(ctx.db, row.userId);
  if (!user?.totpEnabled || !user.totpSecret) throw unauthorized(SIGN_IN_EXPIRED);
  if (user.status !== 'active') throw forbidden(SUSPENDED);
  await acceptTotp(ctx, user, input.code);
  if (!(await consumeAccountToken(ctx.db, row.id))) throw unauthorized(SIGN_IN_EXPIRED);
  return openSession(ctx, user, { ...meta, remember: input.remember });
}

/** Checks a TOTP code of a user with 2FA and records its time step (a code works once). */
export async function acceptTotp(ctx: Ctx, user: UserRow, code: string) {
  if (!user.totpSecret) throw badRequest('Two-factor authentication is not set up', 'TOTP_NOT_SET_UP');
  const step = checkTotp(decryptTotpSecret(ctx.config.secretKey, user.totpSecret), code);
  if (step === null || (user.totpLastStep !== null && step <= user.totpLastStep)) {
    throw unauthorized(en['error.invalidTotp']);
  }
  await ctx.db.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id));
}
