import { RESERVED_USERNAMES, USERNAME_PATTERN } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import { linkedAccounts, type UserRow } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { msg, render } from '../../lib/i18n';
import { finishSignIn } from '../auth';
import { findUserByEmail, findUserById, findUserByReferralCode, insertUser, isUsernameTaken } from '../users';

export type SocialProvider = 'google' | 'twitter';

export interface SocialProfile {
  provider: SocialProvider;
  providerUserId: string;
  email?: string | null;
  emailVerified?: boolean;
  name?: string | null;
  /** The handle at the provider, offered as the username when it is free. */
  handle?: string | null;
  credentials?: Record<string, string>;
}

async function freeUsername(ctx: Ctx, handle: string | null | undefined): Promise<string | null> {
  if (!handle) return null;
  const clean = handle.replace(/[^A-Za-z0-9_.]/g, '').slice(0, 30);
  if (!USERNAME_PATTERN.test(clean) || (RESERVED_USERNAMES as readonly string[]).includes(clean.toLowerCase()))
    return null;
  return (await isUsernameTaken(ctx.db, clean)) ? null : clean;
}

/**
 * Signs in with a provider identity: the linked account, else the account with
 * the same email when the provider and the account have both verified it (then linked; an
 * account whose address was never confirmed is refused), else a new account. The sign-in ends
 * like every other one (finishSignIn: the two-factor step when it is on). A new account may
 * have no username (and, from Twitter, no email): the web app sends it to the
 * account page to complete them (spec §2).
 */
export async function socialLogin(
  ctx: Ctx,
  profile: SocialProfile,
  opts: { role: 'user' | 'performer'; remember: boolean; referralCode?: string; ip?: string; userAgent?: string },
) {
  const [link] = await ctx.db
    .select()
    .from(linkedAccounts)
    .where(
      and(eq(linkedAccounts.provider, profile.provider), eq(linkedAccounts.providerUserId, profile.providerUserId)),
    )
    .limit(1);
  let user: UserRow | null = link ? await findUserById(ctx.db, link.userId) : null;
  let created = false;
  if (!user && profile.email && profile.emailVerified) {
    user = await findUserByEmail(ctx.db, profile.email);
    // Pre-hijacking: whoever registered an address they never confirmed must not receive the
    // provider's sign-ins for it (docs/accounts.md). Only a confirmed address is joined.
    if (user && !user.emailVerified) throw conflict(socialEmailUnconfirmed(profile.provider), 'EMAIL_NOT_CONFIRMED');
    if (user) await linkAccount(ctx, user.id, profile);
  }
  if (!user) {
    const referrer = opts.referralCode ? await findUserByReferralCode(ctx.db, opts.referralCode) : null;
    const username = await freeUsername(ctx, profile.handle);
    user = await ctx.db.transaction(async (tx) => {
      const row = await insertUser(tx, {
        role: opts.role,
        username,
        email: profile.email && profile.emailVerified ? profile.email.toLowerCase() : null,
        emailVerified: Boolean(profile.email && profile.emailVerified),
        name: profile.name?.slice(0, 100) || username || '',
        referredById: referrer?.id ?? null,
      });
      await tx.insert(linkedAccounts).values({
        id: newId(),
        userId: row.id,
        provider: profile.provider,
        providerUserId: profile.providerUserId,
        username: profile.handle ?? null,
        email: profile.email ?? null,
        credentials: profile.credentials ?? null,
      });
      return row;
    });
    created = true;
  }
  return { ...(await finishSignIn(ctx, user, opts)), created };
}

const PROVIDER_NAMES: Record<SocialProvider, string> = { google: 'Google', twitter: 'Twitter/X' };
const socialEmailUnconfirmed = (provider: SocialProvider) =>
  render('en', msg('error.socialEmailUnconfirmed', { provider: PROVIDER_NAMES[provider] }));

/** Links a provider identity to an account; an identity linked to someone else is a conflict. */
export async function linkAccount(ctx: Ctx, userId: string, profile: SocialProfile) {
  const [existing] = await ctx.db
    .select()
    .from(linkedAccounts)
    .where(
      and(eq(linkedAccounts.provider, profile.provider), eq(linkedAccounts.providerUserId, profile.providerUserId)),
    )
    .limit(1);
  if (existing && existing.userId !== userId)
    throw conflict(`This ${profile.provider} account is linked to another account`, 'ALREADY_LINKED');
  await ctx.db
    .delete(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.provider, profile.provider)));
  const [row] = await ctx.db
    .insert(linkedAccounts)
    .values({
      id: newId(),
      userId,
      provider: profile.provider,
      providerUserId: profile.providerUserId,
      username: profile.handle ?? null,
      email: profile.email ?? null,
      credentials: profile.credentials ?? null,
    })
    .returning();
  return row;
}

export async function findLinkedAccount(ctx: Ctx, userId: string, provider: SocialProvider) {
  const [row] = await ctx.db
    .select()
    .from(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.provider, provider)))
    .limit(1);
  return row ?? null;
}

export async function unlinkAccount(ctx: Ctx, userId: string, provider: SocialProvider) {
  const user = await findUserById(ctx.db, userId);
  const rows = await ctx.db
    .select({ id: linkedAccounts.id })
    .from(linkedAccounts)
    .where(eq(linkedAccounts.userId, userId));
  // An account must keep a way to sign in.
  if (user && !user.passwordHash && rows.length <= 1) {
    throw conflict(msg('error.social.lastSignInMethod'), 'LAST_SIGN_IN_METHOD');
  }
  await ctx.db
    .delete(linkedAccounts)
    .where(and(eq(linkedAccounts.userId, userId), eq(linkedAccounts.provider, provider)));
}

export function presentLinkedAccount(row: typeof linkedAccounts.$inferSelect) {
  return {
    provider: row.provider,
    username: row.username,
    providerUserId: row.providerUserId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every social account linked to a user. */
export async function linkedAccountsOf(ctx: Ctx, userId: string) {
  return ctx.db.select().from(linkedAccounts).where(eq(linkedAccounts.userId, userId));
}
