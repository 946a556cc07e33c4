import {
  type AdminCharge,
  adminChargeQuerySchema,
  adminChargeSchema,
  couponSchema,
  createCouponBodySchema,
  fromCents,
  idParamsSchema,
  listQuerySchema,
  listResponseSchema,
  reasonBodySchema,
  revenueQuerySchema,
  revenueReportSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { isUuid } from '../../db/ids';
import { sendCsv } from '../../lib/csv-reply';
import { notFound } from '../../lib/errors';
import { createCoupon, listCoupons, presentCoupon, setCouponActive } from '../coupons';
import { refundCharge } from '../wallet';
import { adminActor, inAdminTx, toCsv } from './admin.common';
import { findCharge, revenueRows, searchCharges, usernames, type WalletChargeRow } from './admin.money.repo';

const tags = ['admin'];
const base = { config: { access: 'admin' as const } };

async function presentCharges(app: App, rows: WalletChargeRow[]): Promise<AdminCharge[]> {
  const ids = [...new Set(rows.flatMap((r) => [r.userId, r.creatorId]))];
  const byId = await usernames(app.ctx.db, ids);
  const who = (id: string) => {
    const p = byId.get(id);
    return p ? { _id: p.id, username: p.username } : null;
  };
  return rows.map((r) => ({
    _id: r.id,
    type: r.type,
    title: r.title,
    user: who(r.userId),
    creator: who(r.creatorId),
    gross: fromCents(r.grossCents),
    discount: fromCents(r.discountCents),
    paid: fromCents(r.paidCents),
    commission: fromCents(r.commissionCents),
    net: fromCents(r.netCents),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    refundedAt: r.refundedAt?.toISOString() ?? null,
  }));
}

export default async function adminMoneyRoutes(app: App) {
  app.get(
    '/admin/charges',
    {
      ...base,
      schema: {
        tags,
        summary:
          'Admin: wallet charges (tips, purchases, rents, wallet-paid subscriptions) across the site, with filters',
        querystring: adminChargeQuerySchema,
        response: { 200: listResponseSchema(adminChargeSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const { rows, total } = await searchCharges(app.ctx.db, req.query);
      return { data: await presentCharges(app, rows), total };
    },
  );

  app.post(
    '/admin/charges/:id/refund',
    {
      ...base,
      schema: {
        tags,
        summary:
          'Admin: refund a wallet charge through the ledger (fan gets the gross back; creator, platform and referrer give back their shares; access revoked)',
        params: idParamsSchema,
        body: reasonBodySchema,
        response: { 200: adminChargeSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      if (!isUuid(req.params.id)) throw notFound('Charge');
      await inAdminTx(app.ctx, actor, async (txCtx, _tx, record) => {
        const res = await refundCharge(txCtx, req.params.id, req.body.reason);
        await record({
          action: 'money.refund',
          targetType: 'charge',
          targetId: res.chargeId,
          before: { status: 'paid' },
          after: { status: 'refunded', fanBalance: fromCents(res.balance) },
          reason: req.body.reason,
        });
      });
      const row = await findCharge(app.ctx.db, req.params.id);
      return (await presentCharges(app, [row]))[0];
    },
  );

  app.get(
    '/admin/revenue',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: earnings and platform revenue per creator for a period (JSON, or CSV with format=csv)',
        querystring: revenueQuerySchema,
        // The JSON answer; format=csv sends the same rows as text/csv (sendCsv), outside this schema.
        response: { 200: revenueReportSchema },
      },
    },
    async (req, reply) => {
      adminActor(req);
      const { fromDate, toDate, format } = req.query;
      const data = (await revenueRows(app.ctx.db, fromDate, toDate)).map((r) => ({
        creatorId: String(r.creator_id),
        username: (r.username as string | null) ?? null,
        charges: Number(r.charges),
        gross: fromCents(Number(r.gross)),
        commission: fromCents(Number(r.commission)),
        net: fromCents(Number(r.net)),
        refunded: fromCents(Number(r.refunded)),
      }));
      if (format === 'csv') {
        const totals = data.reduce(
          (t, r) => ({
            gross: t.gross + r.gross,
            commission: t.commission + r.commission,
            net: t.net + r.net,
            refunded: t.refunded + r.refunded,
            charges: t.charges + r.charges,
          }),
          { gross: 0, commission: 0, net: 0, refunded: 0, charges: 0 },
        );
        const rows = data.map((r) => [
          r.creatorId,
          r.username,
          r.charges,
          r.gross.toFixed(2),
          r.commission.toFixed(2),
          r.net.toFixed(2),
          r.refunded.toFixed(2),
        ]);
        rows.push([
          'TOTAL',
          null,
          totals.charges,
          totals.gross.toFixed(2),
          totals.commission.toFixed(2),
          totals.net.toFixed(2),
          totals.refunded.toFixed(2),
        ]);
        return sendCsv(
          reply,
          'revenue.csv',
          toCsv(
            ['creatorId', 'username', 'payments', 'gross', 'commission (platform)', 'net (creator)', 'refunded'],
            rows,
          ),
        );
      }
      return { data };
    },
  );

  app.get(
    '/admin/coupons',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: coupons with their usage',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(couponSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const { rows, total } = await listCoupons(app.ctx, (req.query.page - 1) * req.query.pageSize, req.query.pageSize);
      return { data: rows.map(presentCoupon), total: Number(total) };
    },
  );

  app.post(
    '/admin/coupons',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: create a coupon',
        body: createCouponBodySchema,
        response: { 200: couponSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      return inAdminTx(app.ctx, actor, async (txCtx, _tx, record) => {
        const row = presentCoupon(await createCoupon(txCtx, actor.user.id, req.body));
        await record({ action: 'coupon.create', targetType: 'coupon', targetId: row._id, after: row });
        return row;
      });
    },
  );

  app.put(
    '/admin/coupons/:id/active',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: activate or deactivate a coupon',
        params: idParamsSchema,
        body: z.object({ active: z.boolean() }),
        response: { 200: couponSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      if (!isUuid(req.params.id)) throw notFound('Coupon');
      return inAdminTx(app.ctx, actor, async (txCtx, _tx, record) => {
        const row = presentCoupon(await setCouponActive(txCtx, req.params.id, req.body.active));
        await record({
          action: req.body.active ? 'coupon.activate' : 'coupon.deactivate',
          targetType: 'coupon',
          targetId: row._id,
          after: { active: row.active },
        });
        return row;
      });
    },
  );
}
