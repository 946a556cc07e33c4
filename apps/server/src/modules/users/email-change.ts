import { and, eq, gte } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { linkedAccounts, type UserRow, users } from '../../db/schema';
import { appError, badRequest, conflict } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { verifyPassword } from '../../lib/passwords';
import {
  type AuthUser,
  assertIdentityFree,
  assertUsable,
  consumeAccountToken,
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  expireAccountTokens,
  findAccountToken,
  issueAccountToken,
  mailFacts,
  type RequestMeta,
  revokeUserSessions,
  sessionStartedAt,
} from '../auth';
import { findUserById, isEmailTaken } from './users.repo';

/** The confirmation link to the new address works this long. */
export const EMAIL_CHANGE_TTL_MIN = 48 * 60;
/** The undo link to the old address works this long (also after the change took effect). */
export const EMAIL_CHANGE_UNDO_TTL_MIN = 7 * 24 * 60;
/** An account without a password proves it is its owner by a sign-in this recent. */
export const RECENT_SIGN_IN_MIN = 15;

/**
 * Asks to change the account's email (docs/accounts.md): the current password (or, for an
 * account without one, a sign-in in the last minutes) proves the owner; the address is only
 * stored as pending, a link to confirm it goes to the new address and a notice with an undo
 * link to the current one. Asking for the current address again cancels a pending change.
 */
export async function requestEmailChange(
  ctx: Ctx,
  actor: AuthUser,
  user: UserRow,
  input: { email: string; currentPassword?: string },
  meta: RequestMeta,
) {
  const email = input.email.toLowerCase();
  if (email === user.email?.toLowerCase()) {
    if (user.pendingEmail) await cancelPendingChange(ctx, user.id);
    return;
  }
  // An admin editing someone else's account needs no proof; the new address must still confirm.
  if (actor.id === user.id) await assertOwnerProof(ctx, actor, user, input.currentPassword);
  await assertIdentityFree(ctx, { email }, user.id);
  const { confirm, undo } = await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ pendingEmail: email, updatedAt: ctx.now() }).where(eq(users.id, user.id));
    const confirm = await issueAccountToken(tx, user.id, 'email_change', EMAIL_CHANGE_TTL_MIN, { email });
    const undo = user.email
      ? await issueAccountToken(tx, user.id, 'email_change_undo', EMAIL_CHANGE_UNDO_TTL_MIN, {
          email: user.email,
          keepEarlier: true,
        })
      : null;
    return { confirm, undo };
  });
  const confirmLink = `${meta.origin}/auth/email-change/confirm?token=${encodeURIComponent(confirm)}`;
  const toNew = await mailFacts(ctx, { ...user, email }, confirmLink, meta);
  await ctx.mail.send(emailChangeConfirmMail(toNew.locale, toNew.facts));
  if (undo && user.email) {
    const undoLink = `${meta.origin}/auth/email-change/undo?token=${encodeURIComponent(undo)}`;
    const toOld = await mailFacts(ctx, { ...user, email: user.email }, undoLink, meta);
    await ctx.mail.send(emailChangeNoticeMail(toOld.locale, { ...toOld.facts, newEmail: email }));
  }
}

async function assertOwnerProof(ctx: Ctx, actor: AuthUser, user: UserRow, currentPassword?: string) {
  if (user.passwordHash) {
    if (!currentPassword)
      throw badRequest(msg('error.currentPasswordRequired'), 'CURRENT_PASSWORD_REQUIRED', [
        { field: 'body.currentPassword', message: 'is required' },
      ]);
    if (!(await verifyPassword(user.passwordHash, currentPassword)))
      throw badRequest(msg('error.wrongPassword'), 'WRONG_PASSWORD', [
        { field: 'body.currentPassword', message: 'is not correct' },
      ]);
    return;
  }
  const since = await sessionStartedAt(ctx.db, actor.sessionId);
  if (!since || ctx.now().getTime() - since.getTime() > RECENT_SIGN_IN_MIN * 60_000) {
    throw appError(403, 'RECENT_SIGN_IN_REQUIRED', msg('error.emailChangeNeedsRecentSignIn'));
  }
}

async function cancelPendingChange(ctx: Ctx, userId: string) {
  await ctx.db.transaction(async (tx) => {
    await expireAccountTokens(tx, userId, 'email_change');
    await tx.update(users).set({ pendingEmail: null, updatedAt: ctx.now() }).where(eq(users.id, userId));
  });
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string }).code === '23505' || /unique/i.test(String((err as Error).message));

/** The link mailed to the new address: the change takes effect, the address counts as verified. */
export async function confirmEmailChange(ctx: Ctx, token: string) {
  const row = await findAccountToken(ctx.db, token, 'email_change');
  assertUsable(row, ctx, 'confirmation');
  const user = await findUserById(ctx.db, row!.userId);
  // A later request or an undo replaced this change.
  if (!user || !row!.email || user.pendingEmail !== row!.email)
    throw badRequest(msg('error.users.confirmLinkInvalid'), 'INVALID_LINK');
  if (await isEmailTaken(ctx.db, row!.email, user.id)) throw conflict(msg('error.emailTaken'), 'EMAIL_TAKEN');
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await consumeAccountToken(tx, row!.id))) throw badRequest(msg('error.users.confirmLinkUsed'), 'LINK_USED');
      await tx
        .update(users)
        .set({ email: row!.email, emailVerified: true, pendingEmail: null, updatedAt: ctx.now() })
        .where(eq(users.id, user.id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg('error.emailTaken'), 'EMAIL_TAKEN');
    throw err;
  }
  return { success: true, message: `Your email address is now ${row!.email}.` };
}

/**
 * The link mailed to the old address: the old address comes back (verified), a pending change is
 * dropped, every session ends and the social identities linked since the change are unlinked, so
 * whoever asked for it is out. The owner then chooses a new password ("Forgot password").
 */
export async function undoEmailChange(ctx: Ctx, token: string) {
  const row = await findAccountToken(ctx.db, token, 'email_change_undo');
  assertUsable(row, ctx, 'undo');
  const { userId, email, createdAt } = row!;
  try {
    await ctx.db.transaction(async (tx) => {
      if (!(await consumeAccountToken(tx, row!.id))) throw badRequest(msg('error.users.undoLinkUsed'), 'LINK_USED');
      await expireAccountTokens(tx, userId, 'email_change');
      await tx
        .update(users)
        .set({ email, emailVerified: true, pendingEmail: null, updatedAt: ctx.now() })
        .where(eq(users.id, userId));
      await tx
        .delete(linkedAccounts)
        .where(and(eq(linkedAccounts.userId, userId), gte(linkedAccounts.createdAt, createdAt)));
      await revokeUserSessions(tx, ctx.bus, userId);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(msg('error.emailTaken'), 'EMAIL_TAKEN');
    throw err;
  }
  return {
    success: true,
    message: `Your email address is ${email} again and every session has been signed out. Choose a new password now with "Forgot password".`,
  };
}
