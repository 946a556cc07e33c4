import {
  fromCents,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_TYPE_LABELS,
  type SubscribeBody,
  type SubscriptionOffer,
  type SubscriptionSearchQuery,
  type SubscriptionSettings,
  type SubscriptionType,
  subscribeBodySchema,
  subscriptionSearchQuerySchema,
  toCents,
  type UpdateSubscriptionSettingsBody,
} from '@marquee/shared';
import { isGatewayName, resumesAtGateway } from '@marquee/shared/payments';
import type { Ctx } from '../../context';
import type { Db, Executor } from '../../db/client';
import type { SubscriptionRow } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import type { AuthUser } from '../auth';
import { assertNotBlocked, type ViewerLocation } from '../blocks';
import { revoke, SUBSCRIPTION_OBJECT } from '../entitlements';
import { findPayment as findPaymentRow, setRecurringCancelled } from '../payments';
import { assertCreatorCanEarn, updatePerformerRow } from '../performers';
import type { SiteSettings } from '../settings';
import { assertMayPurchase, walletBalance, walletPay } from '../wallet';
import { openCardCheckout, recordCardPayment } from './subscriptions.card';
import {
  afterSubscribe,
  applyPaidPeriod,
  grantAccess,
  isRunning,
  type SubscribeOutcome,
} from './subscriptions.periods';
import { canCancelForFans, isSubscribedCreator, isSubscriber } from './subscriptions.policy';
import { creatorName, presentSubscription } from './subscriptions.presenter';
import { livePromotion, type PricedOption, presentOption, priceOptions } from './subscriptions.pricing';
import {
  type CreatorFacts,
  creatorStats,
  findByPair,
  findCreator,
  findOffers,
  findSubscription,
  lockOffers,
  lockOrCreatePair,
  lockSubscription,
  searchSubscriptions,
  updateSubscription,
  upsertOffers,
  usePromotion,
} from './subscriptions.repo';

const DAY = 86_400_000;

async function activeCreator(db: Executor, creatorId: string): Promise<CreatorFacts> {
  const creator = await findCreator(db, creatorId);
  if (creator?.role !== 'performer' || creator.status !== 'active') throw notFound('Creator');
  return creator;
}

/** Subscriptions are for a fan's own money: a new period's option for this fan, or a 422 naming why not. */
function pickOption(options: PricedOption[], type: SubscriptionType): PricedOption {
  const o = options.find((x) => x.type === type);
  if (!o) {
    throw unprocessable(
      type === 'free' ? SUBSCRIPTION_MESSAGES.freeUnavailable : SUBSCRIPTION_MESSAGES.typeUnavailable,
      type === 'free' ? 'FREE_SUBSCRIPTION_UNAVAILABLE' : 'SUBSCRIPTION_TYPE_UNAVAILABLE',
    );
  }
  return o;
}

/**
 * POST /payment/subscribe/performers. In ONE transaction on the fan's locked
 * (fan, creator) row: refuses a running subscription (409) and a second free
 * trial, prices the option (bundle, promotion), then either pays from the wallet
 * (ledger + creator earnings less commission + referral shares), starts the free
 * trial, or opens a gateway checkout whose confirmation activates it; writes the
 * subscription period and the entitlement. Side effects after commit.
 */
export async function subscribe(
  ctx: Ctx,
  fan: AuthUser,
  input: SubscribeBody,
  geo?: ViewerLocation,
): Promise<SubscribeOutcome> {
  const body = subscribeBodySchema.parse(input);
  if (body.performerId === fan.id) throw forbidden(SUBSCRIPTION_MESSAGES.ownProfile);
  const creator = await activeCreator(ctx.db, body.performerId);
  const s = await ctx.settings.all();
  await assertMayPurchase(ctx, s, { creatorId: creator.id, userId: fan.id, geo });
  const type = body.subscriptionType;
  const gateway =
    body.paymentMethod === 'card' && type !== 'free'
      ? ctx.settings.checkoutGateway(s, 'subscription', body.gateway)
      : ctx.settings.paymentGateway(s);
  const method: SubscriptionRow['paymentMethod'] =
    type === 'free' ? 'free' : body.paymentMethod === 'card' ? gateway : 'wallet';
  // A paid subscription pays the creator: only creators who can earn (performers/earning-policy.ts).
  if (type !== 'free') await assertCreatorCanEarn(ctx.db, creator.id);

  const outcome: SubscribeOutcome = await ctx.db.transaction(async (tx): Promise<SubscribeOutcome> => {
    // the block may have landed since the check above; re-check under the transaction
    await assertNotBlocked({ db: tx as Db }, creator.id, fan.id);
    const at = ctx.now();
    const row = await lockOrCreatePair(tx, { userId: fan.id, creatorId: creator.id, type, paymentMethod: method });
    const running = isRunning(row, at);
    const firstTime = row.paidPeriods === 0 && !row.freeUsedAt;

    // A membership cancelled at CCBill, Segpay or Verotel cannot be restarted there: resuming it by card is a
    // new checkout (its first period starts when the cancelled one ends), by wallet the renewal job's charge.
    const restartAtProcessor =
      running && row.status === 'cancelled' && method !== 'wallet' && !resumesAtGateway(row.paymentMethod, method);
    if (running && row.status === 'cancelled' && type !== 'free' && !restartAtProcessor) {
      // re-subscribing before the paid period ends: renewal back on, nothing charged now
      const resumed = await updateSubscription(tx, row.id, {
        status: 'active',
        autoRenew: true,
        cancelledAt: null,
        paymentMethod: method,
        ...(type !== row.type ? await resumeType(tx, s, creator, row, type, at) : {}),
      });
      return {
        subscription: resumed,
        checkoutUrl: null,
        paymentId: null,
        balance: null,
        event: 'resumed' as const,
        firstTime: false,
        paidCents: 0,
      };
    }
    if (type === 'free' && (row.freeUsedAt || (row.paidPeriods > 0 && running))) {
      throw conflict(
        row.freeUsedAt ? SUBSCRIPTION_MESSAGES.freeUsed : SUBSCRIPTION_MESSAGES.alreadySubscribed,
        row.freeUsedAt ? 'FREE_ALREADY_USED' : 'ALREADY_SUBSCRIBED',
      );
    }
    // a free trial may be upgraded to a paid type while it runs; anything else running is a duplicate
    if (running && !(row.type === 'free' && type !== 'free') && !restartAtProcessor) {
      throw conflict(SUBSCRIPTION_MESSAGES.alreadySubscribed, 'ALREADY_SUBSCRIBED');
    }

    const offers = type === 'free' ? null : await lockOffers(tx, creator.id);
    const option = pickOption(
      priceOptions({ creator, offers, settings: s, newSubscriber: row.paidPeriods === 0, at }),
      type,
    );

    if (type === 'free') {
      const end = new Date(at.getTime() + option.days * DAY);
      const sub = await updateSubscription(tx, row.id, {
        type: 'free',
        status: 'active',
        paymentMethod: 'free',
        autoRenew: false,
        startedAt: at,
        currentPeriodStart: at,
        currentPeriodEnd: end,
        renewalPriceCents: 0,
        lastPaidCents: 0,
        freeUsedAt: at,
        renewalAttempts: 0,
        nextAttemptAt: null,
        pendingPaymentId: null,
        cancelledAt: null,
        endedAt: null,
        endReason: null,
      });
      await grantAccess(tx, sub);
      return {
        subscription: sub,
        checkoutUrl: null,
        paymentId: null,
        balance: null,
        event: 'free' as const,
        firstTime,
        paidCents: 0,
      };
    }

    if (option.promoApplied) await usePromotion(tx, creator.id);
    if (method !== 'wallet') {
      const payment = await recordCardPayment(tx, {
        gateway,
        currency: s.currency,
        subscription: row,
        creatorLabel: creatorName(creator),
        option,
        returnTo: body.returnTo,
      });
      const sub = await updateSubscription(tx, row.id, { pendingPaymentId: payment.id });
      return {
        subscription: sub,
        checkoutUrl: null,
        paymentId: payment.id,
        balance: null,
        event: 'checkout' as const,
        firstTime,
        paidCents: 0,
      };
    }

    const paid = await walletPay(ctx, tx, s, {
      userId: fan.id,
      creatorId: creator.id,
      type: 'subscription',
      title: `${SUBSCRIPTION_TYPE_LABELS[type]} subscription to ${creatorName(creator)}`,
      grossCents: option.firstPriceCents,
      objectType: SUBSCRIPTION_OBJECT,
      objectId: creator.id,
    });
    const sub = await applyPaidPeriod(tx, row, { option, method: 'wallet', paidCents: option.firstPriceCents, at });
    return {
      subscription: sub,
      checkoutUrl: null,
      paymentId: null,
      balance: paid.balance,
      event: 'paid' as const,
      firstTime,
      paidCents: option.firstPriceCents,
    };
  });
  if (outcome.event === 'checkout' && outcome.paymentId) {
    const payment = (await findPaymentRow(ctx.db, outcome.paymentId))!;
    outcome.checkoutUrl = (await openCardCheckout(ctx, payment, body.returnTo)).checkoutUrl;
  }
  if (outcome.event === 'resumed' && outcome.subscription.externalId) {
    const method = outcome.subscription.paymentMethod;
    if (isGatewayName(method))
      await setRecurringCancelled(ctx, method, outcome.subscription.externalId, false).catch((err) =>
        ctx.log.error({ err }, 'resuming the gateway subscription failed'),
      );
  }
  await afterSubscribe(ctx, outcome, creator);
  return outcome;
}

/** Changing the type while resuming: the next renewal charges the new type's regular price. */
async function resumeType(
  tx: Executor,
  s: SiteSettings,
  creator: CreatorFacts,
  _row: SubscriptionRow,
  type: SubscriptionType,
  at: Date,
) {
  const offers = await findOffers(tx, creator.id);
  const option = pickOption(priceOptions({ creator, offers, settings: s, newSubscriber: false, at }), type);
  return { type, renewalPriceCents: option.priceCents } satisfies Partial<SubscriptionRow>;
}

/**
 * POST /payment/{gateway}/cancel-subscription/{id}: the fan stops renewal; access
 * stays until the period ends. Only the fan may cancel (a creator ends a fan's
 * subscription by blocking them).
 */
export async function cancelSubscription(ctx: Ctx, actor: AuthUser, id: string): Promise<SubscriptionRow> {
  const before = await findSubscription(ctx.db, id);
  // a card subscription renewed by the gateway (Stripe) stops there first: a gateway error changes nothing here
  if (before && isSubscriber(actor, before) && before.status === 'active' && before.autoRenew && before.externalId) {
    if (isGatewayName(before.paymentMethod))
      await setRecurringCancelled(ctx, before.paymentMethod, before.externalId, true);
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, id);
    if (!row) throw notFound('Subscription');
    if (!isSubscriber(actor, row)) {
      if (isSubscribedCreator(actor, row)) throw forbidden(msg('error.subscriptions.creatorCannotCancel'));
      if (!canCancelForFans(actor)) throw notFound('Subscription');
    }
    if (row.status !== 'active' || !row.autoRenew) throw conflict(SUBSCRIPTION_MESSAGES.notCancellable, 'NOT_RENEWING');
    return updateSubscription(tx, row.id, {
      status: 'cancelled',
      autoRenew: false,
      cancelledAt: ctx.now(),
      nextAttemptAt: null,
    });
  });
  return updated;
}

/**
 * Blocking ends the fan's subscription at once: no renewal, access revoked.
 * Called inside the block's transaction (blocks.routes → blockUser's onBlocked).
 */
export async function endSubscriptionsOnBlock(
  ctx: Pick<Ctx, 'now'>,
  tx: Executor,
  creatorId: string,
  fanId: string,
): Promise<void> {
  const row = await findByPair(tx, fanId, creatorId);
  if (!row) return;
  const locked = (await lockSubscription(tx, row.id))!;
  const at = ctx.now();
  if (locked.status !== 'expired' && locked.status !== 'created') {
    await updateSubscription(tx, row.id, {
      status: 'expired',
      autoRenew: false,
      endedAt: at,
      endReason: 'blocked',
      nextAttemptAt: null,
      currentPeriodEnd: locked.currentPeriodEnd && locked.currentPeriodEnd > at ? at : locked.currentPeriodEnd,
    });
  }
  await revoke(tx, fanId, SUBSCRIPTION_OBJECT, creatorId);
}

// ---- reads

/** What the subscription modal shows this viewer for a creator. */
export async function getOffer(ctx: Ctx, viewer: AuthUser | null, creatorId: string): Promise<SubscriptionOffer> {
  const creator = await activeCreator(ctx.db, creatorId);
  if (viewer) await assertNotBlocked(ctx, creator.id, viewer.id);
  const s = await ctx.settings.all();
  const at = ctx.now();
  const [offers, row, balance] = await Promise.all([
    findOffers(ctx.db, creator.id),
    viewer ? findByPair(ctx.db, viewer.id, creator.id) : Promise.resolve(null),
    viewer ? walletBalance(ctx.db, viewer.id) : Promise.resolve(null),
  ]);
  const options = priceOptions({ creator, offers, settings: s, newSubscriber: !row || row.paidPeriods === 0, at });
  return {
    performerId: creator.id,
    options: options.map(presentOption),
    promotion: livePromotion(offers, at),
    freeAvailable: options.some((o) => o.type === 'free') && !row?.freeUsedAt,
    current: row && row.status !== 'created' ? presentSubscription(row, at) : null,
    walletBalance: balance === null ? null : fromCents(balance),
    gateway: ctx.settings.paymentGateway(s),
  };
}

export async function searchSubscriptionsFor(
  ctx: Ctx,
  side: 'user' | 'performer',
  actorId: string,
  rawQuery: SubscriptionSearchQuery,
) {
  const q = subscriptionSearchQuerySchema.parse(rawQuery);
  const at = ctx.now();
  const { rows, total } = await searchSubscriptions(
    ctx.db,
    {
      ...(side === 'user' ? { userId: actorId } : { creatorId: actorId }),
      status: q.status,
      type: q.subscriptionType,
      activeAt: q.activeOnly ? at : undefined,
      q: q.q,
      hideCreated: true,
    },
    { offset: (q.page - 1) * q.pageSize, limit: q.pageSize, sortBy: q.sortBy, sort: q.sort },
  );
  return {
    data: rows.map((r) => presentSubscription(r.sub, at, side === 'user' ? { performer: r.party } : { user: r.party })),
    total,
  };
}

export async function subscriberStats(ctx: Ctx, creatorId: string) {
  const st = await creatorStats(ctx.db, creatorId, ctx.now());
  return { active: st.active, total: st.total, lifetimeRevenue: fromCents(st.revenueCents) };
}

// ---- creator settings

export async function getSubscriptionSettings(ctx: Ctx, creatorId: string): Promise<SubscriptionSettings> {
  const creator = await findCreator(ctx.db, creatorId);
  if (!creator) throw notFound('Creator');
  const [offers, s] = await Promise.all([findOffers(ctx.db, creatorId), ctx.settings.all()]);
  const promo =
    offers?.promoPercent && offers.promoEndsAt
      ? {
          discountPercent: offers.promoPercent,
          endsAt: offers.promoEndsAt.toISOString(),
          limit: offers.promoLimit,
          used: offers.promoUsed,
        }
      : null;
  return {
    monthlyPrice: fromCents(creator.monthlyPrice),
    yearlyPrice: fromCents(creator.yearlyPrice),
    freeSubscriptionEnabled: s.freeSubscriptionEnabled && creator.freeSubscriptionEnabled,
    freeSubscriptionDays: Math.min(creator.freeSubscriptionDays, s.freeSubscriptionDuration),
    threeMonthsDiscount: offers?.threeMonthsDiscount ?? null,
    sixMonthsDiscount: offers?.sixMonthsDiscount ?? null,
    promotion: promo,
    limits: {
      minimumPrice: s.minimumSubscriptionPrice,
      maximumPrice: s.maximumSubscriptionPrice,
      freeSubscriptionsAllowed: s.freeSubscriptionEnabled,
      maximumFreeDays: s.freeSubscriptionDuration,
    },
  };
}

/**
 * Prices within the site limits (every bundle's price too), the free offer only
 * when the site allows it and for at most the site's duration, a promotion with
 * an end in the future. Monthly/yearly/free live on the creator's profile row.
 */
export async function updateSubscriptionSettings(ctx: Ctx, creatorId: string, body: UpdateSubscriptionSettingsBody) {
  const creator = await findCreator(ctx.db, creatorId);
  if (!creator) throw notFound('Creator');
  const s = await ctx.settings.all();
  const current = await findOffers(ctx.db, creatorId);
  const min = toCents(s.minimumSubscriptionPrice);
  const max = toCents(s.maximumSubscriptionPrice);
  const range = `${s.minimumSubscriptionPrice.toFixed(2)} and ${s.maximumSubscriptionPrice.toFixed(2)}`;
  const outOfRange = (field: string, label: string) =>
    new AppError(400, `${label} must be between ${range}`, 'PRICE_OUT_OF_RANGE', [
      { field: `body.${field}`, message: 'is outside the site limits' },
    ]);

  const monthly = body.monthlyPrice !== undefined ? toCents(body.monthlyPrice) : creator.monthlyPrice;
  const yearly = body.yearlyPrice !== undefined ? toCents(body.yearlyPrice) : creator.yearlyPrice;
  if (body.monthlyPrice !== undefined && (monthly < min || monthly > max))
    throw outOfRange('monthlyPrice', 'Monthly price');
  if (body.yearlyPrice !== undefined && (yearly < min || yearly > max)) throw outOfRange('yearlyPrice', 'Yearly price');
  const three =
    body.threeMonthsDiscount !== undefined ? body.threeMonthsDiscount : (current?.threeMonthsDiscount ?? null);
  const six = body.sixMonthsDiscount !== undefined ? body.sixMonthsDiscount : (current?.sixMonthsDiscount ?? null);
  for (const [field, months, d, label] of [
    ['threeMonthsDiscount', 3, three, '3-month bundle price'],
    ['sixMonthsDiscount', 6, six, '6-month bundle price'],
  ] as const) {
    if (d === null) continue;
    const price = Math.round((monthly * months * (100 - d)) / 100);
    if (price < min || price > max) throw outOfRange(field, label);
  }
  if (body.freeSubscriptionEnabled && !s.freeSubscriptionEnabled) {
    throw badRequest(msg('error.subscriptions.freeDisabled'), 'FREE_SUBSCRIPTION_DISABLED');
  }
  if (body.freeSubscriptionDays !== undefined && body.freeSubscriptionDays > s.freeSubscriptionDuration) {
    throw badRequest(
      `A free subscription can last at most ${s.freeSubscriptionDuration} day(s) on this site`,
      'FREE_DURATION_TOO_LONG',
      [{ field: 'body.freeSubscriptionDays', message: 'is longer than the site allows' }],
    );
  }
  let promo:
    | { promoPercent: number | null; promoEndsAt: Date | null; promoLimit: number | null; promoUsed?: number }
    | undefined;
  if (body.promotion === null) promo = { promoPercent: null, promoEndsAt: null, promoLimit: null, promoUsed: 0 };
  else if (body.promotion) {
    const endsAt = new Date(body.promotion.endsAt);
    if (endsAt <= ctx.now()) {
      throw badRequest(msg('error.subscriptions.promotionEnded'), 'PROMOTION_ENDED', [
        { field: 'body.promotion.endsAt', message: 'is in the past' },
      ]);
    }
    const same =
      current?.promoPercent === body.promotion.discountPercent && current?.promoEndsAt?.getTime() === endsAt.getTime();
    const limit = body.promotion.limit ?? null;
    if (same && limit !== null && (current?.promoUsed ?? 0) > limit) {
      throw badRequest(
        `The cap cannot be below the ${current?.promoUsed} fans who already used the promotion`,
        'PROMOTION_CAP_TOO_LOW',
      );
    }
    // a changed promotion is a new one: its count starts again
    promo = {
      promoPercent: body.promotion.discountPercent,
      promoEndsAt: endsAt,
      promoLimit: limit,
      ...(same ? {} : { promoUsed: 0 }),
    };
  }

  await ctx.db.transaction(async (tx) => {
    const perf: Parameters<typeof updatePerformerRow>[2] = {};
    if (body.monthlyPrice !== undefined) perf.monthlyPrice = monthly;
    if (body.yearlyPrice !== undefined) perf.yearlyPrice = yearly;
    if (body.freeSubscriptionEnabled !== undefined) perf.freeSubscriptionEnabled = body.freeSubscriptionEnabled;
    if (body.freeSubscriptionDays !== undefined) perf.freeSubscriptionDays = body.freeSubscriptionDays;
    if (Object.keys(perf).length > 0) await updatePerformerRow(tx, creatorId, perf);
    await upsertOffers(tx, creatorId, { threeMonthsDiscount: three, sixMonthsDiscount: six, ...(promo ?? {}) });
  });
  return getSubscriptionSettings(ctx, creatorId);
}

/** The row the admin pages present. */
export type { SubscriptionRow } from '../../db/schema';
/** Repo functions other modules may call (through this module's index.ts). */
export { searchSubscriptions } from './subscriptions.repo';
