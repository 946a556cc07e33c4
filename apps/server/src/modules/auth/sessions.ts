import { TOKEN_DAYS_REMEMBER, TOKEN_DAYS_SESSION } from '@marquee/shared';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { sessions, type UserRow, users } from '../../db/schema';
import { addDays, now } from '../../lib/clock';
import { randomToken, sha256 } from '../../lib/secret';

export interface AuthUser {
  id: string;
  role: UserRow['role'];
  username: string | null;
  status: UserRow['status'];
  sessionId: string;
}

/** Opens a session: a random 256-bit token, stored only as its hash. */
export async function createSession(
  db: Executor,
  userId: string,
  opts: { remember: boolean; userAgent?: string; ip?: string },
): Promise<{ token: string; expiresAt: Date; sessionId: string }> {
  const token = randomToken(32);
  const expiresAt = addDays(now(), opts.remember ? TOKEN_DAYS_REMEMBER : TOKEN_DAYS_SESSION);
  const sessionId = newId();
  await db.insert(sessions).values({
    id: sessionId,
    userId,
    tokenHash: sha256(token),
    expiresAt,
    userAgent: opts.userAgent?.slice(0, 300),
    ip: opts.ip,
  });
  return { token, expiresAt, sessionId };
}

/** The user behind a token, or null when it is unknown, expired, revoked or the account is suspended. */
export async function resolveToken(db: Executor, token: string): Promise<AuthUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ id: users.id, role: users.role, username: users.username, status: users.status, sessionId: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now())))
    .limit(1);
  if (row?.status !== 'active') return null;
  return row;
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.id, sessionId));
}

/** Revokes every session of a user, except one when given (password change keeps the current one). */
export async function revokeUserSessions(db: Executor, userId: string, exceptSessionId?: string) {
  const where = exceptSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, exceptSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: now() }).where(where);
}
