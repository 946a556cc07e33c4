import type { adminUserUpdateBodySchema } from '@marquee/shared';
import {
  type AdminUser,
  type AdminUserDetail,
  type AdminUserSearchQuery,
  type DecisionGround,
  fromCents,
  toCents,
} from '@marquee/shared';
import { and, asc, count, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { isUuid } from '../../db/ids';
import { type PerformerRow, performers, sessions, type UserRow, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { isAdmin } from '../../plugins/auth';
import { invalidateUserSessions, issuePasswordResetLink, revokeUserSessions } from '../auth';
import { announceDecision, type DecisionInput, liftDecisions, recordDecision } from '../decisions';
import { reviewIdentity } from '../identity';
import { balanceOf, earningsAccount, platform, transfer, wallet } from '../ledger';
import { notify } from '../notifications';
import { ageOn, findPerformer, isOfAge, listDocuments, updatePerformerRow } from '../performers';
import { findUserById, isEmailTaken, isUsernameTaken, updateUser } from '../users';
import { type AdminActor, inAdminTx } from './admin.common';
import { isSelfDemotion } from './admin.policy';

export function presentAdminUser(
  u: UserRow,
  p: Pick<PerformerRow, 'verificationStatus' | 'commissionPercent'> | null,
): AdminUser {
  return {
    _id: u.id,
    username: u.username,
    email: u.email,
    name: u.name,
    role: u.role,
    staffRole: u.staffRole ?? null,
    status: u.status,
    emailVerified: u.emailVerified,
    balance: fromCents(u.balance),
    verificationStatus: p?.verificationStatus ?? null,
    commissionPercent: p?.commissionPercent ?? null,
    createdAt: u.createdAt.toISOString(),
    lastActiveAt: u.lastActiveAt?.toISOString() ?? null,
  };
}

const SORTS = { createdAt: users.createdAt, updatedAt: users.updatedAt, username: users.username } as const;

/** Admin search over every account (username, name, email), with the creator fields joined in one query. */
export async function searchAdminUsers(ctx: Pick<Ctx, 'db'>, q: AdminUserSearchQuery) {
  const conds: SQL[] = [];
  if (q.role) conds.push(eq(users.role, q.role));
  if (q.status) conds.push(eq(users.status, q.status));
  if (q.verificationStatus) conds.push(eq(performers.verificationStatus, q.verificationStatus));
  if (q.q) {
    const like = `%${q.q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(
      or(
        sql`lower(${users.username}) like ${like}`,
        sql`lower(${users.name}) like ${like}`,
        sql`lower(${users.email}) like ${like}`,
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const col = SORTS[q.sortBy];
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({
        user: users,
        verificationStatus: performers.verificationStatus,
        commissionPercent: performers.commissionPercent,
      })
      .from(users)
      .leftJoin(performers, eq(performers.userId, users.id))
      .where(where)
      .orderBy(q.sort === 'asc' ? asc(col) : desc(col), desc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    ctx.db.select({ total: count() }).from(users).leftJoin(performers, eq(performers.userId, users.id)).where(where),
  ]);
  return {
    data: rows.map((r) =>
      presentAdminUser(
        r.user,
        r.verificationStatus
          ? { verificationStatus: r.verificationStatus, commissionPercent: r.commissionPercent }
          : null,
      ),
    ),
    total: Number(total),
  };
}

async function loadUser(db: Executor, id: string): Promise<UserRow> {
  const user = isUuid(id) ? await findUserById(db, id) : null;
  if (!user) throw notFound('User');
  return user;
}

export async function adminUserDetail(ctx: Ctx, id: string): Promise<AdminUserDetail> {
  const user = await loadUser(ctx.db, id);
  const [performer, documents, [{ n }], earnings, siteCommission] = await Promise.all([
    findPerformer(ctx.db, id),
    listDocuments(ctx.db, id),
    ctx.db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt), gt(sessions.expiresAt, ctx.now()))),
    balanceOf(ctx.db, earningsAccount(id)),
    ctx.settings.get('commissionPercent'),
  ]);
  return {
    ...presentAdminUser(user, performer),
    performer: performer && {
      displayName: performer.displayName,
      bio: performer.bio,
      country: performer.country,
      dateOfBirth: performer.dateOfBirth,
      age: performer.dateOfBirth ? ageOn(performer.dateOfBirth, ctx.now()) : null,
      ofAge: isOfAge(performer.dateOfBirth, ctx.now()),
      verificationNote: performer.verificationNote,
      monthlyPrice: fromCents(performer.monthlyPrice),
      yearlyPrice: fromCents(performer.yearlyPrice),
    },
    documents: documents.map((d) => ({
      _id: d.id,
      kind: d.kind,
      originalName: d.originalName,
      mimeType: d.mimeType,
      size: d.size,
      url: `/api/performers/documents/${d.id}/file`,
      createdAt: d.createdAt.toISOString(),
    })),
    activeSessions: Number(n),
    earningsBalance: fromCents(earnings),
    siteCommissionPercent: siteCommission,
  };
}

const auditable = (u: UserRow) => ({
  username: u.username,
  email: u.email,
  name: u.name,
  role: u.role,
  status: u.status,
  emailVerified: u.emailVerified,
});

export async function editUser(
  ctx: Ctx,
  actor: AdminActor,
  id: string,
  body: z.infer<typeof adminUserUpdateBodySchema>,
) {
  await inAdminTx(ctx, actor, async (_c, tx, record) => {
    const before = await loadUser(tx, id);
    if (body.username && (await isUsernameTaken(tx, body.username, id)))
      throw conflict(msg('error.usernameTaken'), 'USERNAME_TAKEN');
    if (body.email && (await isEmailTaken(tx, body.email, id)))
      throw conflict(msg('error.admin.emailInUse'), 'EMAIL_TAKEN');
    if (body.role && body.role !== before.role && (body.role === 'performer' || before.role === 'performer')) {
      throw badRequest(
        'A fan cannot be turned into a creator (or back) here: creators sign up with their documents',
        'ROLE_CHANGE',
      );
    }
    if (isSelfDemotion(actor.user.id, id, body.role)) throw badRequest(msg('error.admin.selfDemote'), 'SELF_DEMOTE');
    const after = await updateUser(tx, id, body);
    await invalidateUserSessions(ctx.bus, id, tx);
    await record({
      action: 'user.update',
      targetType: 'user',
      targetId: id,
      before: auditable(before),
      after: auditable(after),
    });
  });
  return adminUserDetail(ctx, id);
}

/**
 * Grants or revokes the moderator role (admins only, the route says so). An admin needs none (admins
 * pass every staff check); the account's sessions pick the change up at once.
 */
export async function setStaffRole(ctx: Ctx, actor: AdminActor, id: string, staffRole: 'moderator' | null) {
  await inAdminTx(ctx, actor, async (_c, tx, record) => {
    const before = await loadUser(tx, id);
    if (staffRole && isAdmin(before)) throw badRequest(msg('error.admin.adminHasModeratorPowers'), 'ROLE_CHANGE');
    await updateUser(tx, id, { staffRole });
    await invalidateUserSessions(ctx.bus, id, tx);
    await record({
      action: staffRole ? 'user.grant_moderator' : 'user.revoke_moderator',
      targetType: 'user',
      targetId: id,
      before: { staffRole: before.staffRole },
      after: { staffRole },
    });
  });
  return adminUserDetail(ctx, id);
}

export interface StatusOptions {
  /** The statement's ground for a suspension (default the terms' acceptable-use clause). */
  ground?: DecisionGround;
  notice?: DecisionInput['notice'];
}

/**
 * Suspends an account: every session ends at once, sign-in is refused until reactivated. A
 * suspension records the moderation decision and sends its statement of reasons; a reactivation
 * lifts it.
 */
export async function setUserStatus(
  ctx: Ctx,
  actor: AdminActor,
  id: string,
  status: 'active' | 'suspended',
  reason?: string,
  opts: StatusOptions = {},
) {
  if (id === actor.user.id && status === 'suspended') throw badRequest(msg('error.admin.selfSuspend'), 'SELF_SUSPEND');
  const decision = await inAdminTx(ctx, actor, async (_c, tx, record) => {
    const before = await loadUser(tx, id);
    // A moderator suspends from the moderation screens; staff accounts are the admins' business.
    if (!isAdmin(actor.user) && (isAdmin(before) || before.staffRole))
      throw forbidden(msg('error.staffStatusAdminsOnly'));
    await applyUserStatus(ctx, tx, id, status);
    await record({
      action: status === 'suspended' ? 'user.suspend' : 'user.reactivate',
      targetType: 'user',
      targetId: id,
      before: { status: before.status },
      after: { status },
      reason: reason ?? null,
    });
    if (status === 'active') {
      await liftDecisions(ctx, tx, { kinds: ['suspension'], targetType: 'user', targetId: id });
      return null;
    }
    if (before.status === 'suspended') return null;
    return recordDecision(ctx, tx, {
      userId: id,
      kind: 'suspension',
      targetType: 'user',
      targetId: id,
      title: before.username ?? '',
      facts: reason || 'The account was suspended by the site',
      ground: opts.ground ?? 'other_terms',
      notice: opts.notice,
      decidedById: actor.user.id,
    });
  });
  if (decision) await announceDecision(ctx, decision);
  return adminUserDetail(ctx, id);
}

/** The status change itself, in the caller's transaction (also an appeal's reversal). */
export async function applyUserStatus(ctx: Pick<Ctx, 'bus'>, tx: Executor, id: string, status: 'active' | 'suspended') {
  await updateUser(tx, id, { status });
  if (status === 'suspended') await revokeUserSessions(tx, ctx.bus, id);
  else await invalidateUserSessions(ctx.bus, id, tx);
}

export async function resetPasswordLink(ctx: Ctx, actor: AdminActor, id: string, origin: string) {
  const user = await loadUser(ctx.db, id);
  const res = await issuePasswordResetLink(ctx, user, origin);
  await inAdminTx(ctx, actor, (_c, _tx, record) =>
    record({ action: 'user.password_reset_link', targetType: 'user', targetId: id }),
  );
  return res;
}

export async function decideVerification(
  ctx: Ctx,
  actor: AdminActor,
  id: string,
  decision: 'verified' | 'rejected',
  reason?: string,
) {
  if (decision === 'rejected' && !reason)
    throw badRequest(msg('error.admin.verificationReasonRequired'), 'REASON_REQUIRED');
  await inAdminTx(ctx, actor, async (txCtx, tx, record) => {
    const before = await findPerformer(tx, id);
    if (!before) throw notFound('Creator');
    await reviewIdentity(txCtx, actor.user, id, decision, reason);
    await record({
      action: decision === 'verified' ? 'creator.verify' : 'creator.reject',
      targetType: 'user',
      targetId: id,
      before: { verificationStatus: before.verificationStatus },
      after: { verificationStatus: decision },
      reason: reason ?? null,
    });
  });
  await notify(ctx, id, {
    kind: 'verification',
    title: msg(decision === 'verified' ? 'notify.verification.verified' : 'notify.verification.rejected'),
    body: decision === 'verified' ? reason : msg('notify.verification.rejectedBody', { reason: reason ?? '' }),
    link: '/creator/account',
    actorId: actor.user.id,
  }).catch((err) => ctx.log.error({ err }, 'verification notice failed'));
  return adminUserDetail(ctx, id);
}

export async function setCommission(ctx: Ctx, actor: AdminActor, id: string, commissionPercent: number | null) {
  await inAdminTx(ctx, actor, async (_c, tx, record) => {
    const before = await findPerformer(tx, id);
    if (!before) throw notFound('Creator');
    await updatePerformerRow(tx, id, { commissionPercent });
    await record({
      action: 'creator.commission',
      targetType: 'user',
      targetId: id,
      before: { commissionPercent: before.commissionPercent },
      after: { commissionPercent },
    });
  });
  return adminUserDetail(ctx, id);
}

/**
 * A manual correction through the ledger: one balanced transaction between the
 * platform account and the user's wallet (or a creator's earnings). A removal
 * can never take a wallet below zero (the ledger refuses it).
 */
export async function adjustBalance(
  ctx: Ctx,
  actor: AdminActor,
  id: string,
  input: { amount: number; account: 'wallet' | 'earnings'; reason: string },
) {
  const cents = toCents(input.amount);
  if (cents === 0) throw badRequest(msg('error.admin.amountTooSmall'), 'INVALID_AMOUNT');
  const result = await inAdminTx(ctx, actor, async (_c, tx, record) => {
    const user = await loadUser(tx, id);
    if (input.account === 'earnings' && user.role !== 'performer')
      throw badRequest(msg('error.admin.onlyCreatorsEarn'), 'NOT_A_CREATOR');
    const account = input.account === 'wallet' ? wallet(id) : earningsAccount(id);
    const before = await balanceOf(tx, account);
    if (input.account === 'earnings' && before + cents < 0) {
      throw conflict(msg('error.admin.adjustmentBelowZero'), 'INSUFFICIENT_EARNINGS');
    }
    const posted = await transfer(tx, {
      from: cents > 0 ? platform : account,
      to: cents > 0 ? account : platform,
      amountCents: Math.abs(cents),
      kind: 'adjustment',
      reference: `admin:${actor.user.id}`,
      memo: input.reason,
    });
    await record({
      action: 'money.adjust_balance',
      targetType: 'user',
      targetId: id,
      before: { account: input.account, balance: fromCents(before) },
      after: { account: input.account, balance: fromCents(before + cents), transactionId: posted.transactionId },
      reason: input.reason,
    });
    return {
      transactionId: posted.transactionId,
      balance: fromCents(await balanceOf(tx, wallet(id))),
      earningsBalance: fromCents(await balanceOf(tx, earningsAccount(id))),
    };
  });
  ctx.realtime.toUser(id, 'balance/updated', { balance: result.balance });
  return result;
}
