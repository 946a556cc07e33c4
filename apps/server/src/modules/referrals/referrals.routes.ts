import {
  fromCents,
  listQuerySchema,
  listResponseSchema,
  referralCodeSchema,
  referralEarningSchema,
  referralStatsSchema,
  referredUserSchema,
} from '@marquee/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { App } from '../../app-type';
import { referralEarnings, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { requireUser } from '../../plugins/auth';
import { balanceOf, referralAccount } from '../ledger/ledger.service';
import { presentUserSummary } from '../wallet/wallet.presenter';
import { userSummaries } from '../wallet/wallet.repo';

export default async function referralsRoutes(app: App) {
  const ctx = app.ctx;

  app.get(
    '/referrals/user/code',
    {
      schema: {
        tags: ['referrals'],
        summary: "The signed-in user's referral code and sign-up link",
        response: { 200: referralCodeSchema },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const [row] = await ctx.db.select({ code: users.referralCode }).from(users).where(eq(users.id, user.id));
      if (!row) throw notFound('User');
      const base = ctx.config.PUBLIC_URL ?? '';
      return { code: row.code, link: `${base}/auth/register?ref=${row.code}` };
    },
  );

  app.get(
    '/referrals/user/search',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Who signed up through my referral link',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(referredUserSchema) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const q = req.query;
      const w = eq(users.referredById, user.id);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db
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
        ctx.db.select({ total: sql<number>`count(*)::int` }).from(users).where(w),
      ]);
      return {
        data: rows.map((r) => ({ ...presentUserSummary(r)!, role: r.role, createdAt: r.createdAt.toISOString() })),
        total,
      };
    },
  );

  app.get(
    '/referral-earnings/stats',
    {
      schema: {
        tags: ['referrals'],
        summary: 'My referral earnings in total, available, and how many I referred',
        response: { 200: referralStatsSchema },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const [[sums], [people], available] = await Promise.all([
        ctx.db
          .select({
            total: sql<string>`coalesce(sum(${referralEarnings.amountCents}), 0)`,
            count: sql<number>`count(*)::int`,
          })
          .from(referralEarnings)
          .where(and(eq(referralEarnings.referrerId, user.id), eq(referralEarnings.status, 'paid'))),
        ctx.db
          .select({
            creators: sql<number>`count(*) filter (where ${users.role} = 'performer')::int`,
            fans: sql<number>`count(*) filter (where ${users.role} <> 'performer')::int`,
          })
          .from(users)
          .where(eq(users.referredById, user.id)),
        balanceOf(ctx.db, referralAccount(user.id)),
      ]);
      return {
        totalEarned: fromCents(Number(sums.total)),
        available: fromCents(available),
        referredCreators: people.creators,
        referredFans: people.fans,
        count: sums.count,
      };
    },
  );

  app.get(
    '/referral-earnings/search',
    {
      schema: {
        tags: ['referrals'],
        summary: 'My individual referral earnings',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(referralEarningSchema) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const q = req.query;
      const w = eq(referralEarnings.referrerId, user.id);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db
          .select()
          .from(referralEarnings)
          .where(w)
          .orderBy(q.sort === 'asc' ? referralEarnings.createdAt : desc(referralEarnings.createdAt))
          .offset((q.page - 1) * q.pageSize)
          .limit(q.pageSize),
        ctx.db.select({ total: sql<number>`count(*)::int` }).from(referralEarnings).where(w),
      ]);
      const people = await userSummaries(
        ctx.db,
        rows.map((r) => r.referredId),
      );
      return {
        data: rows.map((r) => ({
          _id: r.id,
          kind: r.kind,
          amount: fromCents(r.amountCents),
          percent: Number(r.percent),
          status: r.status,
          referred: presentUserSummary(people.get(r.referredId)),
          createdAt: r.createdAt.toISOString(),
        })),
        total,
      };
    },
  );
}
