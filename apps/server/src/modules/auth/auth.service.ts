import {
  type Locale,
  type LoginResponse,
  matchLocale,
  type RegisterResponse,
  type registerPerformerBodySchema,
  type registerUserBodySchema,
} from '@marquee/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import { performers, type UserRow, users } from '../../db/schema';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { en } from '../../lib/i18n/en';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { assertAdult } from '../performers';
import {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByReferralCode,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
} from '../users';
import { adminPasswordResetMail, passwordResetMail, verificationMail } from './auth.mails';
import { mustVerifyEmailFirst } from './auth.policy';
import { consumeAccountToken, findAccountToken, issueAccountToken } from './auth.repo';
import { assertPasswordAllowed } from './password-policy';
import { revokeUserSessions } from './sessions';
import { acceptTotp, finishSignIn, SUSPENDED } from './sign-in';
import { encryptTotpSecret, newTotpSecret, otpauthUrl } from './totp';

export interface RequestMeta {
  ip?: string;
  userAgent?: string;
  /** The site's public origin for links in mails (PUBLIC_URL, else the request's). */
  origin: string;
  /** The request's language (Accept-Language), for mails to accounts that have not chosen one. */
  locale?: Locale;
}

export const EMAIL_VERIFICATION_TTL_MIN = 48 * 60;
export const PASSWORD_RESET_TTL_MIN = 60;
export const INCORRECT_CREDENTIALS = en['error.incorrectCredentials'];
export const EMAIL_NOT_VERIFIED = en['error.emailNotVerified'];
const FORGOT_ANSWER = 'If an account exists for this email, we have sent a link to reset the password.';
const RESEND_ANSWER = 'If this email belongs to an unverified account, we have sent a new verification link.';

/** A throwaway argon2 hash, so a login for an unknown account costs the same time as a wrong password. */
let dummyHash: Promise<string> | null = null;

type RegisterInput = z.infer<typeof registerUserBodySchema> & Partial<z.infer<typeof registerPerformerBodySchema>>;

export async function assertIdentityFree(
  ctx: Ctx,
  input: { username?: string | null; email?: string | null },
  exceptId?: string,
) {
  if (input.username && (await isUsernameTaken(ctx.db, input.username, exceptId))) {
    throw conflict('This username is already taken', 'USERNAME_TAKEN');
  }
  if (input.email && (await isEmailTaken(ctx.db, input.email, exceptId))) {
    throw conflict('This email is already registered', 'EMAIL_TAKEN');
  }
}

/**
 * Registers a fan or a creator. The account, its creator profile and (when
 * given) the link to its referrer are written in one transaction; the
 * verification mail goes out after commit. Without required email
 * verification the new account is signed in at once.
 */
export async function register(
  ctx: Ctx,
  role: 'user' | 'performer',
  input: RegisterInput,
  meta: RequestMeta,
  afterInsert?: (tx: Parameters<Parameters<Ctx['db']['transaction']>[0]>[0], user: UserRow) => Promise<void>,
): Promise<RegisterResponse> {
  assertPasswordAllowed(input.password);
  if (role === 'performer') assertAdult(input.dateOfBirth, ctx.now(), { required: true });
  await assertIdentityFree(ctx, input);
  let referredById: string | null = null;
  if (input.referralCode) {
    const referrer = await findUserByReferralCode(ctx.db, input.referralCode);
    if (!referrer)
      throw badRequest('This referral code does not exist', 'INVALID_REFERRAL_CODE', [
        { field: 'body.referralCode', message: 'does not exist' },
      ]);
    referredById = referrer.id;
  }
  const passwordHash = await hashPassword(input.password);
  const requireVerification = await ctx.settings.get('requireEmailVerification');
  let user: UserRow;
  try {
    user = await ctx.db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        role,
        username: input.username,
        email: input.email,
        name: input.name?.trim() || input.username,
        passwordHash,
        passwordChangedAt: ctx.now(),
        referredById,
        emailVerified: false,
      });
      if (role === 'performer') {
        await tx
          .update(performers)
          .set({
            displayName: input.name?.trim() || input.username,
            dateOfBirth: input.dateOfBirth ?? null,
            gender: input.gender ?? null,
            country: input.country?.toUpperCase() ?? null,
          })
          .where(eq(performers.userId, row.id));
      }
      if (afterInsert) await afterInsert(tx, row);
      return row;
    });
  } catch (err) {
    // Two registrations racing for one name: the unique index decides.
    if ((err as { code?: string }).code === '23505' || /unique/i.test(String((err as Error).message))) {
      await assertIdentityFree(ctx, input);
      throw conflict('This username or email is already registered', 'IDENTITY_TAKEN');
    }
    throw err;
  }
  if (requireVerification) {
    await sendVerificationMail(ctx, user, meta);
    return {
      message: 'Thanks for signing up! Please check your inbox and confirm your email address to log in.',
      emailVerificationRequired: true,
      userId: user.id,
    };
  }
  const session = await finishSignIn(ctx, user, { ...meta, remember: input.remember ?? false });
  return {
    message: 'Welcome! Your account is ready.',
    emailVerificationRequired: false,
    ...('token' in session ? session : {}),
    userId: user.id,
  };
}

/** A mail to an account: in its language, else the request's (a new registration), else English. */
export async function mailFacts(ctx: Ctx, user: UserRow & { email: string }, link: string, meta?: RequestMeta) {
  const locale = matchLocale(user.locale) ?? meta?.locale ?? 'en';
  const site = await ctx.settings.get('siteName');
  return { locale, facts: { to: user.email, name: user.name || user.username || '', link, site } };
}

async function sendVerificationMail(ctx: Ctx, user: UserRow, meta: RequestMeta) {
  if (!user.email) return;
  const token = await issueAccountToken(ctx.db, user.id, 'email_verification', EMAIL_VERIFICATION_TTL_MIN);
  const link = `${meta.origin}/auth/verify-email?token=${encodeURIComponent(token)}`;
  const { locale, facts } = await mailFacts(ctx, { ...user, email: user.email }, link, meta);
  await ctx.mail.send(verificationMail(locale, facts));
}

/**
 * Username-or-email and password. Every wrong-credential case answers the same
 * message (no account enumeration). With two-factor authentication on, a
 * correct password without a code answers { totpRequired, challengeToken } instead of a session.
 */
export async function login(
  ctx: Ctx,
  input: { login: string; password: string; remember: boolean; totpCode?: string },
  meta: RequestMeta,
): Promise<LoginResponse> {
  const user = await findUserByLogin(ctx.db, input.login);
  if (!user?.passwordHash) {
    dummyHash ??= hashPassword('dummy-password-for-timing');
    await verifyPassword(await dummyHash, input.password);
    throw unauthorized(INCORRECT_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw unauthorized(INCORRECT_CREDENTIALS);
  if (user.status !== 'active') throw forbidden(SUSPENDED);
  if (mustVerifyEmailFirst(user) && (await ctx.settings.get('requireEmailVerification'))) {
    throw forbidden(EMAIL_NOT_VERIFIED);
  }
  return finishSignIn(ctx, user, { ...meta, remember: input.remember, totpCode: input.totpCode });
}

export async function resendVerification(ctx: Ctx, email: string, meta: RequestMeta) {
  const user = await findUserByEmail(ctx.db, email);
  if (user && !user.emailVerified && user.status === 'active') await sendVerificationMail(ctx, user, meta);
  return { success: true, message: RESEND_ANSWER };
}

export function assertUsable(row: { usedAt: Date | null; expiresAt: Date } | null, ctx: Ctx, what: string) {
  if (!row) throw badRequest(`This ${what} link is invalid`, 'INVALID_LINK');
  if (row.usedAt) throw badRequest(`This ${what} link has already been used`, 'LINK_USED');
  if (row.expiresAt.getTime() <= ctx.now().getTime())
    throw badRequest(`This ${what} link has expired, please ask for a new one`, 'LINK_EXPIRED');
}

export async function confirmEmail(ctx: Ctx, token: string) {
  const row = await findAccountToken(ctx.db, token, 'email_verification');
  assertUsable(row, ctx, 'verification');
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeAccountToken(tx, row!.id)))
      throw badRequest('This verification link has already been used', 'LINK_USED');
    await tx.update(users).set({ emailVerified: true, updatedAt: ctx.now() }).where(eq(users.id, row!.userId));
  });
  return { success: true, message: 'Your email address is confirmed. You can log in now.' };
}

/**
 * Always the same answer, whether or not the account exists. A reset link goes only to a verified
 * address; an unverified one gets the verification link instead (confirm first, then reset).
 */
export async function forgotPassword(ctx: Ctx, email: string, meta: RequestMeta) {
  const user = await findUserByEmail(ctx.db, email);
  if (user?.email && user.status === 'active' && !user.emailVerified) await sendVerificationMail(ctx, user, meta);
  if (user?.email && user.status === 'active' && user.emailVerified) {
    const token = await issueAccountToken(ctx.db, user.id, 'password_reset', PASSWORD_RESET_TTL_MIN);
    const link = `${meta.origin}/auth/reset-password?token=${encodeURIComponent(token)}`;
    const { locale, facts } = await mailFacts(ctx, { ...user, email: user.email }, link, meta);
    await ctx.mail.send(passwordResetMail(locale, facts));
  }
  return { success: true, message: FORGOT_ANSWER };
}

/** Sets a new password from a recovery link; every session of the account is revoked. */
export async function recoverPassword(ctx: Ctx, token: string, password: string) {
  const row = await findAccountToken(ctx.db, token, 'password_reset');
  assertUsable(row, ctx, 'password reset');
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeAccountToken(tx, row!.id)))
      throw badRequest('This password reset link has already been used', 'LINK_USED');
    // Following the mailed link proves the address, too.
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: ctx.now(), emailVerified: true, updatedAt: ctx.now() })
      .where(eq(users.id, row!.userId));
    await revokeUserSessions(tx, ctx.bus, row!.userId);
  });
  return { success: true, message: 'Your password has been changed. You can log in with it now.' };
}

/** Changes the signed-in user's password; other sessions are revoked, the current one stays. */
export async function changePassword(
  ctx: Ctx,
  actor: { id: string; sessionId: string },
  input: { password: string; currentPassword?: string },
) {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw unauthorized();
  if (user.passwordHash) {
    if (!input.currentPassword)
      throw badRequest('Enter your current password', 'CURRENT_PASSWORD_REQUIRED', [
        { field: 'body.currentPassword', message: 'is required' },
      ]);
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      throw badRequest('Your current password is not correct', 'WRONG_PASSWORD', [
        { field: 'body.currentPassword', message: 'is not correct' },
      ]);
    }
  }
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: ctx.now(), updatedAt: ctx.now() })
      .where(eq(users.id, user.id));
    await revokeUserSessions(tx, ctx.bus, user.id, actor.sessionId);
  });
  return { success: true, message: 'Your password has been changed' };
}

/** Starts 2FA setup: a new secret, stored (encrypted) but not active until a code confirms it. */
export async function setupTotp(ctx: Ctx, userId: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (user.totpEnabled) throw conflict('Two-factor authentication is already on', 'TOTP_ENABLED');
  const secret = newTotpSecret();
  await ctx.db
    .update(users)
    .set({ totpSecret: encryptTotpSecret(ctx.config.secretKey, secret), totpLastStep: null })
    .where(eq(users.id, userId));
  const siteName = await ctx.settings.get('siteName');
  return { secret, otpauthUrl: otpauthUrl(secret, user.email ?? user.username ?? user.id, siteName) };
}

export async function enableTotp(ctx: Ctx, userId: string, code: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (user.totpEnabled) throw conflict('Two-factor authentication is already on', 'TOTP_ENABLED');
  if (!user.totpSecret) throw badRequest('Start the setup first', 'TOTP_NOT_SET_UP');
  await acceptTotp(ctx, user, code).catch(() => {
    throw badRequest('The code is not correct. Check the time on your phone and try again.', 'INVALID_TOTP');
  });
  await ctx.db.update(users).set({ totpEnabled: true, updatedAt: ctx.now() }).where(eq(users.id, userId));
  return { success: true, message: 'Two-factor authentication is on' };
}

export async function disableTotp(ctx: Ctx, userId: string, code: string) {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized();
  if (!user.totpEnabled) throw badRequest('Two-factor authentication is not on', 'TOTP_NOT_ENABLED');
  await acceptTotp(ctx, user, code).catch(() => {
    throw badRequest('The code is not correct', 'INVALID_TOTP');
  });
  await ctx.db
    .update(users)
    .set({ totpEnabled: false, totpSecret: null, totpLastStep: null, updatedAt: ctx.now() })
    .where(eq(users.id, userId));
  return { success: true, message: 'Two-factor authentication is off' };
}

/**
 * Admin console: a password recovery link for an account, mailed to it (when it has an email)
 * and returned so the admin can hand it over. Same single-use token and expiry as forgot-password.
 */
export async function issuePasswordResetLink(ctx: Ctx, user: UserRow, origin: string) {
  const token = await issueAccountToken(ctx.db, user.id, 'password_reset', PASSWORD_RESET_TTL_MIN);
  const link = `${origin}/auth/reset-password?token=${encodeURIComponent(token)}`;
  // Reset links are mailed to verified addresses only; the admin still gets the link to hand over.
  if (user.email && user.emailVerified) {
    const { locale, facts } = await mailFacts(ctx, { ...user, email: user.email }, link);
    await ctx.mail.send(adminPasswordResetMail(locale, facts));
  }
  return { link, expiresInMinutes: PASSWORD_RESET_TTL_MIN };
}

/** Repo functions other modules may call (through this module's index.ts). */
export { consumeAccountToken, expireAccountTokens, findAccountToken, issueAccountToken } from './auth.repo';
