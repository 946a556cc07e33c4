import {
  addCardBodySchema,
  BUYABLE_TYPES,
  cardPurchaseBodySchema,
  listResponseSchema,
  paymentCardSchema,
  paymentSchema,
  paymentSearchQuerySchema,
  sandboxConfirmBodySchema,
  sandboxPayBodySchema,
  topUpBodySchema,
} from '@marquee/shared';
import { cardGatewaySchema } from '@marquee/shared/payments';
import { z } from 'zod';
import type { App } from '../../app-type';
import { badRequest, notFound } from '../../lib/errors';
import { requestGeo } from '../../lib/geo';
import { userOf } from '../../plugins/auth';
import { createCardPurchase } from './card-purchases.start';
import { canSeePayment } from './payments.policy';
import { findPayment, searchPayments } from './payments.repo';
import {
  addCard,
  cardsOf,
  createTopUp,
  deleteCard,
  handleWebhook,
  presentCard,
  presentPayment,
  retrySandboxPayment,
  sandboxConfirm,
  sandboxPay,
  startConnectOnboarding,
} from './payments.service';
import { refundTopUp } from './topup-refunds';

const idParams = z.object({ id: z.string().uuid() });
const webhookResult = z.object({ received: z.literal(true), duplicate: z.boolean(), result: z.string() });

export default async function paymentsRoutes(app: App) {
  const ctx = app.ctx;

  app.post(
    '/payment/wallet/top-up',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Top up the wallet: starts a payment at the site gateway; the wallet is credited when the gateway confirms',
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
        body: topUpBodySchema,
        response: { 200: paymentSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const key = req.headers['idempotency-key'];
      return presentPayment(
        await createTopUp(
          ctx,
          user.id,
          req.body,
          typeof key === 'string' ? key : undefined,
          requestGeo(ctx.config, req),
        ),
      );
    },
  );

  app.post(
    '/payment/purchase/:type/:id',
    {
      config: { access: 'user' },
      schema: {
        tags: ['payments'],
        summary:
          'Buy one item by card (pay-per-view post, message, catalogue item, product; rent with rent=true): a payment of its price at a single-purchase processor; its approval buys the item (docs/payments.md, "Single purchases by card")',
        params: z.object({ type: z.enum(BUYABLE_TYPES), id: z.string().uuid() }),
        headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
        body: cardPurchaseBodySchema,
        response: { 200: paymentSchema },
      },
    },
    async (req) => {
      const key = req.headers['idempotency-key'];
      const payment = await createCardPurchase(
        ctx,
        userOf(req).id,
        { ...req.body, type: req.params.type, id: req.params.id },
        typeof key === 'string' ? key : undefined,
        requestGeo(ctx.config, req),
      );
      return presentPayment(payment);
    },
  );

  app.get(
    '/payment/transactions/user/search',
    {
      schema: {
        tags: ['payments'],
        summary: "The signed-in user's top-ups and card payments",
        querystring: paymentSearchQuerySchema,
        response: { 200: listResponseSchema(paymentSchema) },
      },
    },
    async (req) => {
      const user = userOf(req);
      const q = req.query;
      const { rows, total } = await searchPayments(
        ctx.db,
        user.id,
        { status: q.status },
        {
          offset: (q.page - 1) * q.pageSize,
          limit: q.pageSize,
          sortBy: q.sortBy,
          sort: q.sort,
        },
      );
      return { data: rows.map(presentPayment), total };
    },
  );

  app.get(
    '/payment/transactions/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'One of my payments (the checkout page polls it)',
        params: idParams,
        response: { 200: paymentSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const p = await findPayment(ctx.db, req.params.id);
      if (!p || !canSeePayment(user, p)) throw notFound('Payment');
      return presentPayment(p);
    },
  );

  app.post(
    '/payment/sandbox/checkout/:id/pay',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox checkout: pay with a TEST card number (4242… succeeds, 4000…0002 is declined, 4000…3155 needs a second step)',
        params: idParams,
        body: sandboxPayBodySchema,
        response: { 200: paymentSchema },
      },
    },
    async (req) => presentPayment(await sandboxPay(ctx, userOf(req).id, req.params.id, req.body)),
  );

  app.post(
    '/payment/sandbox/checkout/:id/retry',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Sandbox checkout: try another card after a decline — the same purchase (top-up, subscription …) as a fresh payment',
        params: idParams,
        response: { 200: paymentSchema },
      },
    },
    async (req) => presentPayment(await retrySandboxPayment(ctx, userOf(req).id, req.params.id)),
  );

  app.post(
    '/payment/sandbox/checkout/:id/confirm',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox checkout: the second step (approve or fail the test authentication)',
        params: idParams,
        body: sandboxConfirmBodySchema,
        response: { 200: paymentSchema },
      },
    },
    async (req) => presentPayment(await sandboxConfirm(ctx, userOf(req).id, req.params.id, req.body.approve)),
  );

  // Webhooks need the exact raw body for signature checks: a scope with its own JSON parser.
  await app.register(async (hooks) => {
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    for (const gateway of ['sandbox', 'stripe'] as const) {
      hooks.post(
        `/payment/${gateway}/webhook`,
        {
          schema: {
            tags: ['payments'],
            summary: `${gateway === 'stripe' ? 'Stripe' : 'Sandbox'} webhook (signature verified; idempotent by event id)`,
            response: { 200: webhookResult },
          },
        },
        async (req) => {
          if (typeof req.body !== 'string') throw badRequest('Expected a JSON body', 'INVALID_BODY');
          return handleWebhook(ctx, gateway, req.body, req.headers);
        },
      );
    }
  });

  app.get(
    '/payment-cards',
    {
      schema: {
        tags: ['payments'],
        summary: 'My saved cards',
        response: { 200: listResponseSchema(paymentCardSchema) },
      },
    },
    async (req) => {
      const rows = await cardsOf(ctx, userOf(req).id);
      return { data: rows.map(presentCard), total: rows.length };
    },
  );

  app.post(
    '/:gateway/cards',
    {
      schema: {
        tags: ['payments'],
        summary: 'Save a card at a gateway (sandbox: a test card number; stripe: a PaymentMethod id from Stripe.js)',
        params: z.object({ gateway: cardGatewaySchema }),
        body: addCardBodySchema,
        response: { 200: paymentCardSchema },
      },
    },
    async (req) => presentCard(await addCard(ctx, userOf(req).id, req.params.gateway, req.body)),
  );

  app.delete(
    '/payment-cards/:id',
    {
      schema: {
        tags: ['payments'],
        summary: 'Remove a saved card',
        params: idParams,
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (req) => {
      await deleteCard(ctx, userOf(req).id, req.params.id);
      return { success: true };
    },
  );

  app.post(
    '/stripe/accounts',
    {
      config: { access: 'performer' },
      schema: {
        tags: ['payments'],
        summary: 'Start (or resume) Stripe Connect onboarding for the signed-in creator; answers the onboarding link',
        response: { 200: z.object({ accountId: z.string(), url: z.string(), payoutsEnabled: z.boolean() }) },
      },
    },
    async (req) => {
      const user = userOf(req);
      return startConnectOnboarding(ctx, user.id, user.role);
    },
  );

  app.post(
    '/admin/payments/:id/refund',
    {
      schema: {
        tags: ['admin', 'payments'],
        summary:
          'Refund a top-up to the card (only while its tokens are unspent): the tokens are held first, then the gateway is asked; answers the payment refunded, or refund_pending until the gateway confirms',
        params: idParams,
        response: { 200: paymentSchema },
      },
      config: { access: 'admin' },
    },
    async (req) => presentPayment(await refundTopUp(ctx, req.params.id)),
  );
}
