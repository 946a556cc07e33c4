import type { ListQuery } from '@marquee/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { referralEarnings, users } from '../../db/schema';

export async function referralCodeOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ code: users.referralCode }).from(users).where(eq(users.id, userId));
  return row ? row.code : null;
}

/** The accounts that signed up through this user's link, one page, newest first unless asked. */
export async function searchReferredUsers(db: Executor, userId: string, q: ListQuery) {
  const w = eq(users.referredById, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        name: users.name,
        avatarPath: users.avatarPath,
        role: users.role,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(w)
      .orderBy(q.sort === 'asc' ? users.createdAt : desc(users.createdAt))
      .offset((q.page - 1) * q.pageSize)
      .limit(q.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(users).where(w),
  ]);
  return { rows, total };
}

/** Paid referral earnings (sum and count) and how many creators and fans the user referred. */
export async function referralSums(db: Executor, userId: string) {
  const [[sums], [people]] = await Promise.all([
    db
      .select({
        total: sql<string>`coalesce(sum(${referralEarnings.amountCents}), 0)`,
        count: sql<number>`count(*)::int`,
      })
      .from(referralEarnings)
      .where(and(eq(referralEarnings.referrerId, userId), eq(referralEarnings.status, 'paid'))),
    db
      .select({
        creators: sql<number>`count(*) filter (where ${users.role} = 'performer')::int`,
        fans: sql<number>`count(*) filter (where ${users.role} <> 'performer')::int`,
      })
      .from(users)
      .where(eq(users.referredById, userId)),
  ]);
  return { sums, people };
}

export async function searchReferralEarnings(db: Executor, userId: string, q: ListQuery) {
  const w = eq(referralEarnings.referrerId, userId);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(referralEarnings)
      .where(w)
      .orderBy(q.sort === 'asc' ? referralEarnings.createdAt : desc(referralEarnings.createdAt))
      .offset((q.page - 1) * q.pageSize)
      .limit(q.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(referralEarnings).where(w),
  ]);
  return { rows, total };
}
