import {
  cancelSubscriptionParamsSchema,
  fromCents,
  listResponseSchema,
  subscribeBodySchema,
  subscribeResultSchema,
  subscriptionOfferSchema,
  subscriptionSchema,
  subscriptionSearchQuerySchema,
  subscriptionSettingsSchema,
  subscriptionStatsSchema,
  updateSubscriptionSettingsBodySchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { now, setClockOffset } from '../../lib/clock';
import { requestGeo } from '../../lib/geo';
import { userOf } from '../../plugins/auth';
import { registerPaymentPurpose } from '../payments';
import { SUBSCRIPTION_PURPOSE, subscriptionPurpose } from './subscriptions.card';
import { presentSubscription } from './subscriptions.presenter';
import {
  cancelSubscription,
  getOffer,
  getSubscriptionSettings,
  searchSubscriptionsFor,
  subscribe,
  subscriberStats,
  updateSubscriptionSettings,
} from './subscriptions.service';

const tags = ['subscriptions'];
const idParams = z.object({ id: z.string().uuid() });

export default async function subscriptionsRoutes(app: App) {
  const ctx = app.ctx;
  // card payments of subscriptions arrive through the payments module (checkout, webhooks) and land here
  registerPaymentPurpose(SUBSCRIPTION_PURPOSE, subscriptionPurpose);

  app.post(
    '/payment/subscribe/performers',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Subscribe to a creator: monthly (default), 3/6-month bundle, yearly or free trial; paid from the wallet or by card through the gateway checkout (checkoutUrl). 409 when already subscribed or the free trial was used; 403 when blocked; 402 when the wallet is short',
        body: subscribeBodySchema,
        response: { 200: subscribeResultSchema },
      },
    },
    async (req) => {
      const o = await subscribe(ctx, userOf(req), req.body, requestGeo(ctx.config, req));
      return {
        subscription: presentSubscription(o.subscription, ctx.now()),
        checkoutUrl: o.checkoutUrl,
        paymentId: o.paymentId,
        balance: o.balance === null ? null : fromCents(o.balance),
      };
    },
  );

  app.post(
    '/payment/:gateway/cancel-subscription/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Cancel a subscription (the fan only): renewal stops, access stays until the period ends. The gateway segment is informational (wallet, sandbox, stripe, card); the subscription’s own payment method decides',
        params: cancelSubscriptionParamsSchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (req) => presentSubscription(await cancelSubscription(ctx, userOf(req), req.params.id), ctx.now()),
  );

  app.get(
    '/subscriptions/user/search',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The signed-in fan's subscriptions: creator, type, status, renews or ends on, price, lifetime spend",
        querystring: subscriptionSearchQuerySchema,
        response: { 200: listResponseSchema(subscriptionSchema) },
      },
    },
    async (req) => searchSubscriptionsFor(ctx, 'user', userOf(req).id, req.query),
  );

  app.get(
    '/subscriptions/performer/search',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary:
          "The signed-in creator's subscribers, filterable by status, type, active now and name; with lifetime spend",
        querystring: subscriptionSearchQuerySchema,
        response: { 200: listResponseSchema(subscriptionSchema) },
      },
    },
    async (req) => searchSubscriptionsFor(ctx, 'performer', userOf(req).id, req.query),
  );

  app.get(
    '/subscriptions/performer/stats',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary:
          "The signed-in creator's subscriber counts (with access now, ever) and lifetime subscription revenue (gross)",
        response: { 200: subscriptionStatsSchema },
      },
    },
    async (req) => subscriberStats(ctx, userOf(req).id),
  );

  app.get(
    '/subscriptions/performers/:id/offer',
    {
      schema: {
        tags,
        summary:
          "What the subscription modal shows for a creator: priced options (bundles, yearly, free trial), the running promotion, the viewer's current subscription and wallet balance",
        params: idParams,
        response: { 200: subscriptionOfferSchema },
      },
    },
    async (req) => getOffer(ctx, req.user, req.params.id),
  );

  app.get(
    '/performers/me/subscription-settings',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: "The creator's subscription prices, bundles, free offer and promotion, with the site's limits",
        response: { 200: subscriptionSettingsSchema },
      },
    },
    async (req) => getSubscriptionSettings(ctx, userOf(req).id),
  );

  app.put(
    '/performers/me/subscription-settings',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary:
          'Set subscription prices (within the site limits), 3/6-month bundle discounts (null = off), the free offer (when the site allows it) and a promotion for new subscribers (null removes it)',
        body: updateSubscriptionSettingsBodySchema,
        response: { 200: subscriptionSettingsSchema },
      },
    },
    async (req) => updateSubscriptionSettings(ctx, userOf(req).id, req.body),
  );

  // End-to-end journeys travel in time (renewals, period ends) on the real server: only when the
  // process is started with MARQUEE_E2E_CLOCK=1 outside production (the e2e harness), never otherwise.
  if (ctx.config.MARQUEE_E2E_CLOCK && ctx.config.NODE_ENV !== 'production') {
    app.post(
      '/subscriptions/dev/clock',
      {
        schema: {
          tags,
          summary: 'E2E only (MARQUEE_E2E_CLOCK=1, not in production): move the server clock by offsetMs',
          body: z.object({ offsetMs: z.number().int() }),
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (req) => {
        setClockOffset(req.body.offsetMs);
        return { now: now().toISOString() };
      },
    );
  }
}
