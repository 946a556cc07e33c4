import type { UpdateUserBody } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound, unauthorized } from '../../lib/errors';
import { type AuthUser, assertIdentityFree, invalidateUserSessions, type RequestMeta } from '../auth';
import { findPerformer } from '../performers';
import { requestEmailChange } from './email-change';
import { canSearchAllAccounts, canSeePrivateFields } from './users.policy';
import { presentMe, presentPublicUser } from './users.presenter';
import {
  activeAdminIds,
  activeStaffIds,
  findUserById,
  findUserByIdOrUsername,
  searchUsers,
  updateUser,
} from './users.repo';

export async function getMe(ctx: Ctx, actor: AuthUser) {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw unauthorized();
  return presentMe(user, user.role === 'performer' ? await findPerformer(ctx.db, user.id) : null);
}

/**
 * A fan's own account fields. A new email is not set here: it needs the current password and
 * waits for the link mailed to it (email-change.ts); the answer shows it as `pendingEmail`.
 */
export async function updateMe(ctx: Ctx, actor: AuthUser, body: UpdateUserBody, meta: RequestMeta) {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw unauthorized();
  await assertIdentityFree(ctx, { username: body.username }, user.id);
  if (body.email !== undefined) await requestEmailChange(ctx, actor, user, { ...body, email: body.email }, meta);
  const changes: Partial<UserRow> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.username !== undefined) changes.username = body.username;
  if (Object.keys(changes).length) {
    await updateUser(ctx.db, user.id, changes);
    if (changes.username !== undefined) await invalidateUserSessions(ctx.bus, user.id);
  }
  return getMe(ctx, actor);
}

export async function viewUser(ctx: Ctx, viewer: AuthUser | null, idOrUsername: string) {
  const user = await findUserByIdOrUsername(ctx.db, idOrUsername);
  const privileged = canSeePrivateFields(viewer, user?.id);
  if (!user || (user.status !== 'active' && !privileged)) throw notFound('User');
  return presentPublicUser(user, viewer);
}

export async function findUsers(
  ctx: Ctx,
  viewer: AuthUser | null,
  q: {
    q?: string;
    role?: UserRow['role'];
    page: number;
    pageSize: number;
    sortBy: 'createdAt' | 'updatedAt' | 'username';
    sort: 'asc' | 'desc';
  },
) {
  const admin = canSearchAllAccounts(viewer);
  const { rows, total } = await searchUsers(ctx.db, { ...q, includeEmail: admin, activeOnly: !admin });
  return { data: rows.map((r) => presentPublicUser(r, viewer)), total };
}

/** The site's active administrators, for alerts a human must act on. */
export const activeAdmins = (ctx: Pick<Ctx, 'db'>): Promise<string[]> => activeAdminIds(ctx.db);
export const activeStaff = (ctx: Pick<Ctx, 'db'>): Promise<string[]> => activeStaffIds(ctx.db);

/** Repo functions other modules may call (through this module's index.ts). */
export {
  findUserByEmail,
  findUserById,
  findUserByLogin,
  findUserByReferralCode,
  insertUser,
  isEmailTaken,
  isUsernameTaken,
  updateUser,
  userStates,
  userSummaries,
} from './users.repo';
