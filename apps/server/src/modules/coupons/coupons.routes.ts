import { applyCouponBodySchema, applyCouponResultSchema, fromCents, toCents } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { discountFor, presentCoupon, validateCoupon } from './coupons.service';

export default async function couponsRoutes(app: App) {
  const ctx = app.ctx;

  app.post(
    '/coupons/:code/apply-coupon',
    {
      schema: {
        tags: ['coupons'],
        summary:
          'Check a coupon code for a top-up or purchase (names the reason when it cannot be used); the top-up or charge redeems it',
        params: z.object({ code: z.string().min(1).max(40) }),
        body: applyCouponBodySchema,
        response: { 200: applyCouponResultSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const target = req.body?.target ?? 'topup';
      const c = await validateCoupon(ctx.db, req.params.code, user.id, target, ctx.now());
      const amount = req.body?.amount !== undefined ? toCents(req.body.amount) : null;
      const discount = amount !== null ? discountFor(c, amount) : null;
      const p = presentCoupon(c);
      return {
        coupon: { _id: p._id, code: p.code, name: p.name, kind: p.kind, value: p.value, expiresAt: p.expiresAt },
        discount: discount === null ? null : fromCents(discount),
        total: amount === null || discount === null ? null : fromCents(amount - discount),
      };
    },
  );
}
