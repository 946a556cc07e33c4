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
  /** A staff permission beside the role (`moderator`), or null. */
  staffRole?: UserRow['staffRole'];
  username: string | null;
  status: UserRow['status'];
  /** The account's interface language (null: the browser's), for texts the server answers in. */
  locale: string | null;
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
    // The clock's time, like expiresAt: "a recent sign-in" (users/email-change.ts) compares to it.
    createdAt: now(),
  });
  return { token, expiresAt, sessionId };
}

/** The user behind a token, or null when it is unknown, expired, revoked or the account is suspended. */
export async function resolveToken(db: Executor, token: string): Promise<AuthUser | null> {
  return (await lookupToken(db, token))?.user ?? null;
}

async function lookupToken(db: Executor, token: string): Promise<{ user: AuthUser; expiresAt: Date } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      staffRole: users.staffRole,
      username: users.username,
      status: users.status,
      locale: users.locale,
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, now())))
    .limit(1);
  if (row?.status !== 'active') return null;
  const { expiresAt, ...user } = row;
  return { user, expiresAt };
}

/** The bus topic of the session cache; the key is a user id. */
export const SESSIONS_TOPIC = 'sessions';
const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 20_000;

/**
 * Signed-in users by token hash, for a few seconds: the one query every authenticated request
 * paid. Revocation takes effect at once: whatever revokes a session or changes what an AuthUser
 * holds (status, role, username, locale) calls `invalidateUserSessions`, which drops the user's entries
 * here and, through the invalidation bus, in every other server process. After an invalidation
 * the user is not cached again for the TTL, so a read that raced the revoking transaction's
 * commit cannot put the old session back. Unknown and refused tokens are never cached.
 */
export class SessionCache {
  private entries = new Map<string, { user: AuthUser; until: number; expiresAt: number }>();
  private heldBack = new Map<string, number>();

  constructor(private readonly ttlMs = SESSION_CACHE_MS) {}

  async resolve(db: Executor, token: string): Promise<AuthUser | null> {
    if (!token || token.length > 200) return null;
    const key = sha256(token);
    const t = now().getTime();
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now() && hit.expiresAt > t) return hit.user;
    if (hit) this.entries.delete(key);
    const asked = Date.now();
    const found = await lookupToken(db, token);
    if (!found || this.ttlMs === 0) return found?.user ?? null;
    const held = this.heldBack.get(found.user.id);
    if (held !== undefined && held > asked) return found.user;
    if (this.entries.size >= SESSION_CACHE_MAX) this.entries.clear();
    this.entries.set(key, { user: found.user, until: Date.now() + this.ttlMs, expiresAt: found.expiresAt.getTime() });
    return found.user;
  }

  /** Drops every cached session of the user (or all of them for '*'). */
  drop(userId: string) {
    if (userId === '*') {
      this.entries.clear();
      return;
    }
    for (const [key, e] of this.entries) if (e.user.id === userId) this.entries.delete(key);
    const until = Date.now() + this.ttlMs;
    this.heldBack.set(userId, until);
    for (const [id, u] of this.heldBack) if (u < Date.now()) this.heldBack.delete(id);
  }
}

/** Something that can tell every server process to forget a user's cached sessions (Ctx.bus). */
export interface SessionInvalidator {
  publish(topic: string, key: string, via?: Executor): Promise<void>;
}

/**
 * Tells every process to drop the user's cached sessions. Pass the transaction that made the
 * change: the message to other processes then goes out when it commits.
 */
export function invalidateUserSessions(bus: SessionInvalidator, userId: string, via?: Executor) {
  return bus.publish(SESSIONS_TOPIC, userId, via);
}

export async function revokeSession(db: Executor, bus: SessionInvalidator, session: { id: string; userId: string }) {
  await db.update(sessions).set({ revokedAt: now() }).where(eq(sessions.id, session.id));
  await invalidateUserSessions(bus, session.userId, db);
}

/** Revokes every session of a user, except one when given (password change keeps the current one). */
export async function revokeUserSessions(
  db: Executor,
  bus: SessionInvalidator,
  userId: string,
  exceptSessionId?: string,
) {
  const where = exceptSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, exceptSessionId))
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: now() }).where(where);
  await invalidateUserSessions(bus, userId, db);
}

/** The ids of the user's sessions that still sign in (not revoked, not expired, account active). */
export async function liveSessionIds(db: Executor, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now()),
        eq(users.status, 'active'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** When a session was opened (its sign-in), or null when it is unknown. */
export async function sessionStartedAt(db: Executor, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1);
  return row?.createdAt ?? null;
}
