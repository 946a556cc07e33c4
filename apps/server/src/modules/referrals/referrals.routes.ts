import {
  listQuerySchema,
  listResponseSchema,
  referralCodeSchema,
  referralEarningSchema,
  referralStatsSchema,
  referredUserSchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { referralCode, referralEarningsOf, referralStats, referredUsers } from './referrals.service';

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
      const user = userOf(req);
      return referralCode(ctx, user.id);
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
      const user = userOf(req);
      return referredUsers(ctx, user.id, req.query);
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
      const user = userOf(req);
      return referralStats(ctx, user.id);
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
      const user = userOf(req);
      return referralEarningsOf(ctx, user.id, req.query);
    },
  );
}
