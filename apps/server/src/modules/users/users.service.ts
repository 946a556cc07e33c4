import type { UpdateUserBody } from '@marquee/shared';
import type { UserRow } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { notFound, unauthorized } from '../../lib/errors';
import { assertIdentityFree } from '../auth/auth.service';
import { type AuthUser, invalidateUserSessions } from '../auth/sessions';
import { findPerformer } from '../performers/performers.repo';
import { presentMe, presentPublicUser } from './users.presenter';
import { findUserById, findUserByIdOrUsername, searchUsers, updateUser } from './users.repo';

export async function getMe(ctx: Ctx, actor: AuthUser) {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw unauthorized();
  return presentMe(user, user.role === 'performer' ? await findPerformer(ctx.db, user.id) : null);
}

/** A fan's own account fields. A new email must be confirmed again. */
export async function updateMe(ctx: Ctx, actor: AuthUser, body: UpdateUserBody) {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw unauthorized();
  await assertIdentityFree(ctx, { username: body.username, email: body.email }, user.id);
  const changes: Partial<UserRow> = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.username !== undefined) changes.username = body.username;
  if (body.email !== undefined && body.email !== user.email) {
    changes.email = body.email;
    changes.emailVerified = false;
  }
  if (Object.keys(changes).length) {
    await updateUser(ctx.db, user.id, changes);
    if (changes.username !== undefined) await invalidateUserSessions(ctx.bus, user.id);
  }
  return getMe(ctx, actor);
}

export async function viewUser(ctx: Ctx, viewer: AuthUser | null, idOrUsername: string) {
  const user = await findUserByIdOrUsername(ctx.db, idOrUsername);
  const privileged = viewer && (viewer.role === 'admin' || viewer.id === user?.id);
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
  const admin = viewer?.role === 'admin';
  const { rows, total } = await searchUsers(ctx.db, { ...q, includeEmail: admin, activeOnly: !admin });
  return { data: rows.map((r) => presentPublicUser(r, viewer)), total };
}
