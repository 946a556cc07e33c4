import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isUuid, newId } from '../../db/ids';
import { performers, type UserRow, users } from '../../db/schema';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 12-character referral code (business-rules: Referrals). */
export function newReferralCode(): string {
  const bytes = crypto.randomBytes(12);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

export type NewUser = Partial<typeof users.$inferInsert> & { role: UserRow['role'] };

export async function insertUser(db: Executor, input: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ id: newId(), referralCode: newReferralCode(), ...input })
    .returning();
  if (input.role === 'performer') {
    await db.insert(performers).values({ userId: row.id, displayName: input.name ?? input.username ?? '' });
  }
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByLogin(db: Executor, login: string): Promise<UserRow | null> {
  const value = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(value.includes('@') ? sql`lower(${users.email}) = ${value}` : sql`lower(${users.username}) = ${value}`)
    .limit(1);
  return row ?? null;
}

export async function countUsers(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row.n;
}

/** Case-insensitive: is this username used by someone else? */
export async function isUsernameTaken(db: Executor, username: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return Boolean(row && row.id !== exceptId);
}

export async function isEmailTaken(db: Executor, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return Boolean(row && row.id !== exceptId);
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function findUserByReferralCode(db: Executor, code: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.referralCode, code.trim().toUpperCase())).limit(1);
  return row ?? null;
}

/** By id, or by username (case-insensitive) when the value is not a UUID. */
export async function findUserByIdOrUsername(db: Executor, idOrUsername: string): Promise<UserRow | null> {
  if (isUuid(idOrUsername)) return findUserById(db, idOrUsername);
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${idOrUsername.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

const SORT_COLUMNS = { createdAt: users.createdAt, updatedAt: users.updatedAt, username: users.username } as const;

/** A page of accounts matching `q` (username, name or — for admins — email). */
export async function searchUsers(
  db: Executor,
  opts: {
    q?: string;
    role?: UserRow['role'];
    page: number;
    pageSize: number;
    sortBy: keyof typeof SORT_COLUMNS;
    sort: 'asc' | 'desc';
    includeEmail: boolean;
    activeOnly: boolean;
  },
): Promise<{ rows: UserRow[]; total: number }> {
  const conds = [];
  if (opts.role) conds.push(eq(users.role, opts.role));
  if (opts.activeOnly) conds.push(eq(users.status, 'active'));
  if (opts.q) {
    const like = `%${opts.q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(
      opts.includeEmail
        ? or(
            sql`lower(${users.username}) like ${like}`,
            sql`lower(${users.name}) like ${like}`,
            sql`lower(${users.email}) like ${like}`,
          )
        : or(sql`lower(${users.username}) like ${like}`, sql`lower(${users.name}) like ${like}`),
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const col = SORT_COLUMNS[opts.sortBy];
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(opts.sort === 'asc' ? asc(col) : desc(col), desc(users.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  return { rows, total: n };
}

/** The ids of the site's active administrators (for alerts that need a human: queues, clocks). */
export async function activeAdminIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

/** The ids of the active staff: admins and moderators (for queues moderators work too: appeals). */
export async function activeStaffIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(or(eq(users.role, 'admin'), eq(users.staffRole, 'moderator')), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

/** Id, username, name and avatar of several accounts, by id. */
export async function userSummaries(db: Executor, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0)
    return new Map<string, { id: string; username: string | null; name: string; avatarPath: string | null }>();
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name, avatarPath: users.avatarPath })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Id, username, name and account status of several accounts, by id (the admin queues). */
export async function userStates(db: Executor, ids: string[]) {
  const rows = ids.length
    ? await db
        .select({ id: users.id, username: users.username, name: users.name, status: users.status })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  return new Map(rows.map((p) => [p.id, p]));
}
