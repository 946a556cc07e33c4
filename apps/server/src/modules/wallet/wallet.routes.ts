import {
  BUYABLE_TYPES,
  chargeResultSchema,
  chargeSearchQuerySchema,
  fromCents,
  listQuerySchema,
  listResponseSchema,
  myScenarioSchema,
  purchaseBodySchema,
  RENT_TYPES,
  tipBodySchema,
  toCents,
  walletChargeSchema,
  walletSchema,
} from '@marquee/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-type';
import { badRequest } from '../../lib/errors';
import { requestGeo } from '../../lib/geo';
import { msg } from '../../lib/i18n';
import { userOf } from '../../plugins/auth';
import { userSummaries } from '../users';
import { type ChargeOutcome, chargeWallet } from './charges.service';
import { presentCharge } from './wallet.presenter';
import { searchCharges, searchMyScenarios, walletBalance } from './wallet.repo';

const idParams = z.object({ id: z.string().uuid() });
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('A retried request with the same key returns the first result'),
});
const chargeResponses = { 200: chargeResultSchema };

function idempotencyKey(req: FastifyRequest): string | undefined {
  const k = req.headers['idempotency-key'];
  if (Array.isArray(k)) throw badRequest(msg('error.idempotencyKeyOne'), 'INVALID_IDEMPOTENCY_KEY');
  return k || undefined;
}

function present(o: ChargeOutcome) {
  return { charge: presentCharge(o.charge), balance: fromCents(o.balance), replayed: o.replayed };
}

export default async function walletRoutes(app: App) {
  const ctx = app.ctx;

  app.get(
    '/wallet',
    {
      schema: {
        tags: ['wallet'],
        summary: "The signed-in user's wallet balance and limits",
        response: { 200: walletSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const s = await ctx.settings.all();
      return {
        balance: fromCents(await walletBalance(ctx.db, user.id)),
        currency: s.currency,
        minimumTopUp: s.minimumWalletPrice,
        maximumTopUp: s.maximumWalletPrice,
        minimumTip: s.minimumTipPrice,
        maximumTip: s.maximumTipPrice,
        gateway: ctx.settings.paymentGateway(s),
      };
    },
  );

  app.post(
    '/wallet/charges/tip/:id',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Tip a creator from the wallet (within the tip limits), with an optional message',
        params: idParams,
        headers: idempotencyHeaders,
        body: tipBodySchema,
        response: chargeResponses,
      },
    },
    async (req) => {
      const user = userOf(req);
      const o = await chargeWallet(ctx, {
        userId: user.id,
        type: 'tip',
        id: req.params.id,
        amountCents: toCents(req.body.amount),
        message: req.body.message,
        feedId: req.body.feedId,
        idempotencyKey: idempotencyKey(req),
        geo: requestGeo(ctx.config, req),
      });
      return present(o);
    },
  );

  for (const type of BUYABLE_TYPES) {
    app.post(
      `/wallet/charges/${type}/:id`,
      {
        schema: {
          tags: ['wallet'],
          summary: `Buy a ${type} with the wallet`,
          params: idParams,
          headers: idempotencyHeaders,
          body: purchaseBodySchema,
          response: chargeResponses,
        },
      },
      async (req) => {
        const user = userOf(req);
        const o = await chargeWallet(ctx, {
          userId: user.id,
          type,
          id: req.params.id,
          quantity: req.body?.quantity,
          deliveryAddressId: req.body?.deliveryAddressId,
          couponCode: req.body?.couponCode,
          idempotencyKey: idempotencyKey(req),
          geo: requestGeo(ctx.config, req),
        });
        return present(o);
      },
    );
  }

  for (const type of RENT_TYPES) {
    app.post(
      `/wallet/charges/rent/${type}/:id`,
      {
        schema: {
          tags: ['wallet'],
          summary: `Rent a ${type} with the wallet for the creator's rental period`,
          params: idParams,
          headers: idempotencyHeaders,
          body: purchaseBodySchema,
          response: chargeResponses,
        },
      },
      async (req) => {
        const user = userOf(req);
        const o = await chargeWallet(ctx, {
          userId: user.id,
          type,
          id: req.params.id,
          rent: true,
          couponCode: req.body?.couponCode,
          idempotencyKey: idempotencyKey(req),
          geo: requestGeo(ctx.config, req),
        });
        return present(o);
      },
    );
  }

  app.get(
    '/wallet/charges/search',
    {
      schema: {
        tags: ['wallet'],
        summary: "The signed-in fan's wallet spending (tips, purchases, rents), filterable",
        querystring: chargeSearchQuerySchema,
        response: { 200: listResponseSchema(walletChargeSchema) },
      },
    },
    async (req) => {
      const user = userOf(req);
      const q = req.query;
      const { rows, total } = await searchCharges(
        ctx.db,
        {
          userId: user.id,
          type: q.type,
          performerId: q.performerId,
          status: q.status,
          fromDate: q.fromDate,
          toDate: q.toDate,
        },
        { offset: (q.page - 1) * q.pageSize, limit: q.pageSize, sortBy: q.sortBy, sort: q.sort },
      );
      const people = await userSummaries(
        ctx.db,
        rows.map((r) => r.creatorId),
      );
      return { data: rows.map((r) => presentCharge(r, people.get(r.creatorId))), total };
    },
  );

  app.get(
    '/wallet/charges/search/my-scenario',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Scenarios the signed-in fan bought or rented, with when access ends',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(myScenarioSchema) },
      },
    },
    async (req) => {
      const user = userOf(req);
      const q = req.query;
      const { rows, total } = await searchMyScenarios(ctx.db, user.id, (q.page - 1) * q.pageSize, q.pageSize);
      const people = await userSummaries(
        ctx.db,
        rows.map((r) => r.charge.creatorId),
      );
      const at = ctx.now();
      return {
        data: rows.map((r) => ({
          ...presentCharge(r.charge, people.get(r.charge.creatorId)),
          accessExpiresAt: r.expiresAt?.toISOString() ?? null,
          hasAccess: !r.revokedAt && (!r.expiresAt || r.expiresAt > at),
        })),
        total,
      };
    },
  );
}
