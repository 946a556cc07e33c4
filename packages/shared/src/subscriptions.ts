import { z } from 'zod';
import { listQuerySchema } from './list';
import { GATEWAY_NAMES, gatewayNameSchema } from './payments';

/**
 * Subscriptions (business rules "Subscriptions"; docs/subscriptions.md).
 * Money is decimal tokens in the API; the server keeps cents.
 */
export const SUBSCRIPTION_TYPES = ['monthly', 'three_months', 'six_months', 'yearly', 'free'] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const PAID_SUBSCRIPTION_TYPES = ['monthly', 'three_months', 'six_months', 'yearly'] as const;
export type PaidSubscriptionType = (typeof PAID_SUBSCRIPTION_TYPES)[number];

/** Length of one period of each paid type, in days (free: the creator's free duration). */
export const SUBSCRIPTION_DAYS: Record<PaidSubscriptionType, number> = {
  monthly: 30,
  three_months: 90,
  six_months: 180,
  yearly: 365,
};
/** How many monthly periods a type covers (for "save x%" against monthly). */
export const SUBSCRIPTION_MONTHS: Record<PaidSubscriptionType, number> = {
  monthly: 1,
  three_months: 3,
  six_months: 6,
  yearly: 12,
};
export const SUBSCRIPTION_TYPE_LABELS: Record<SubscriptionType, string> = {
  monthly: 'Monthly',
  three_months: '3 months',
  six_months: '6 months',
  yearly: '12 months',
  free: 'Free trial',
};

export const SUBSCRIPTION_STATUSES = ['created', 'active', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const SUBSCRIPTION_PAYMENT_METHODS = ['wallet', ...GATEWAY_NAMES, 'free', 'system'] as const;
export type SubscriptionPaymentMethod = (typeof SUBSCRIPTION_PAYMENT_METHODS)[number];

/** Renewal retries: a failed renewal is retried every RETRY_HOURS until GRACE_DAYS after the period end. */
export const SUBSCRIPTION_GRACE_DAYS = 3;
export const SUBSCRIPTION_RETRY_HOURS = 12;
/** The fan is told this many days before a paid renewal. */
export const SUBSCRIPTION_NOTICE_DAYS = 3;

export const SUBSCRIPTION_MESSAGES = {
  alreadySubscribed: 'You are already subscribed to this creator',
  freeUsed: "You've subscribed for free already",
  freeUnavailable: 'This creator does not offer a free subscription',
  typeUnavailable: 'This creator does not offer this subscription',
  ownProfile: 'You cannot subscribe to yourself',
  notCancellable: 'This subscription is not renewing',
} as const;

const tokens = z.number().min(0).max(10_000_000);
const isoDate = z.string();
const summary = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
});

/** One option of the subscription modal: the price of a period, after any bundle discount and promotion. */
export const subscriptionOptionSchema = z.object({
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  label: z.string(),
  days: z.number().int(),
  /** Regular price of one period (what renewals charge). */
  price: tokens,
  /** What the first period costs now (promotion applied); 0 for free. */
  firstPrice: tokens,
  /** Percent saved against paying monthly for as long (bundles, yearly). */
  savePercent: z.number().int(),
  promoApplied: z.boolean(),
  renews: z.boolean(),
});
export type SubscriptionOption = z.infer<typeof subscriptionOptionSchema>;

export const subscriptionPromotionSchema = z.object({
  discountPercent: z.number().int().min(1).max(90),
  endsAt: isoDate,
  /** Null = no cap. */
  limit: z.number().int().min(1).nullable(),
  used: z.number().int(),
});
export type SubscriptionPromotion = z.infer<typeof subscriptionPromotionSchema>;

export const subscriptionSchema = z.object({
  _id: z.string(),
  userId: z.string(),
  performerId: z.string(),
  user: summary.nullable(),
  performer: summary.nullable(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES),
  status: z.enum(SUBSCRIPTION_STATUSES),
  paymentMethod: z.enum(SUBSCRIPTION_PAYMENT_METHODS),
  autoRenew: z.boolean(),
  /** Access now: the period end is in the future. */
  isActive: z.boolean(),
  startedAt: isoDate.nullable(),
  currentPeriodStart: isoDate.nullable(),
  /** The period end: access until then (spec's expiredAt). */
  expiredAt: isoDate.nullable(),
  /** When the next renewal charges (null when it will not renew). */
  renewsAt: isoDate.nullable(),
  /** Regular price of one period. */
  price: tokens,
  lastPaid: tokens,
  /** Lifetime spend on this subscription. */
  totalPaid: tokens,
  cancelledAt: isoDate.nullable(),
  endReason: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /subscriptions/performers/{id}/offer: what the modal shows this viewer. */
export const subscriptionOfferSchema = z.object({
  performerId: z.string(),
  options: z.array(subscriptionOptionSchema),
  promotion: subscriptionPromotionSchema.nullable(),
  /** The viewer may still use the free offer (false once used). */
  freeAvailable: z.boolean(),
  /** The viewer's subscription to this creator, if any. */
  current: subscriptionSchema.nullable(),
  walletBalance: tokens.nullable(),
  gateway: gatewayNameSchema,
});
export type SubscriptionOffer = z.infer<typeof subscriptionOfferSchema>;

export const subscribeBodySchema = z.object({
  performerId: z.string().uuid(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).default('monthly'),
  /** wallet: pay from the token balance; card: through the site's gateway checkout. Ignored for free. */
  paymentMethod: z.enum(['wallet', 'card']).default('wallet'),
  /** Card: the processor the fan picked (one of the public `paymentMethods.subscription`); the first when absent. */
  gateway: gatewayNameSchema.optional(),
  /** Card: the app page the gateway's checkout returns to (an app path such as `/kai`). */
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, 'must be a path inside the app')
    .optional(),
});
export type SubscribeBody = z.input<typeof subscribeBodySchema>;

export const subscribeResultSchema = z.object({
  subscription: subscriptionSchema,
  /** Card payments: where the browser goes to pay; null when done already. */
  checkoutUrl: z.string().nullable(),
  paymentId: z.string().nullable(),
  /** Wallet payments: the balance after paying. */
  balance: tokens.nullable(),
});
export type SubscribeResult = z.infer<typeof subscribeResultSchema>;

export const cancelSubscriptionParamsSchema = z.object({
  /** Informational: the subscription's own payment method (any of them, so a client may pass it as is) or 'card'. */
  gateway: z.enum([...SUBSCRIPTION_PAYMENT_METHODS, 'card']),
  id: z.string().uuid(),
});

export const SUBSCRIPTION_SORTS = ['updatedAt', 'createdAt', 'expiredAt', 'totalPaid'] as const;
export const subscriptionSearchQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(SUBSCRIPTION_SORTS).default('updatedAt'),
  status: z.enum(SUBSCRIPTION_STATUSES).optional(),
  subscriptionType: z.enum(SUBSCRIPTION_TYPES).optional(),
  /** Only subscriptions with access now. */
  activeOnly: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0', ''])])
    .transform((v) => v === true || v === 'true' || v === '1')
    .optional(),
});
export type SubscriptionSearchQuery = z.input<typeof subscriptionSearchQuerySchema>;

export const subscriptionStatsSchema = z.object({
  active: z.number().int(),
  total: z.number().int(),
  lifetimeRevenue: tokens,
});

const percent = z.number().int().min(1).max(90);
/** GET/PUT /performers/me/subscription-settings. */
export const subscriptionSettingsSchema = z.object({
  monthlyPrice: tokens,
  yearlyPrice: tokens,
  freeSubscriptionEnabled: z.boolean(),
  freeSubscriptionDays: z.number().int(),
  threeMonthsDiscount: percent.nullable(),
  sixMonthsDiscount: percent.nullable(),
  promotion: subscriptionPromotionSchema.nullable(),
  /** Site limits, for the form. */
  limits: z.object({
    minimumPrice: z.number(),
    maximumPrice: z.number(),
    freeSubscriptionsAllowed: z.boolean(),
    maximumFreeDays: z.number().int(),
  }),
});
export type SubscriptionSettings = z.infer<typeof subscriptionSettingsSchema>;

export const updateSubscriptionSettingsBodySchema = z.object({
  monthlyPrice: z.number().positive().multipleOf(0.01, 'At most two decimals').optional(),
  yearlyPrice: z.number().positive().multipleOf(0.01, 'At most two decimals').optional(),
  freeSubscriptionEnabled: z.boolean().optional(),
  freeSubscriptionDays: z.number().int().min(1).max(365).optional(),
  threeMonthsDiscount: percent.nullable().optional(),
  sixMonthsDiscount: percent.nullable().optional(),
  /** null removes the promotion; a new one starts with 0 used. */
  promotion: z
    .object({
      discountPercent: percent,
      endsAt: z.string().datetime({ offset: true }),
      limit: z.number().int().min(1).max(1_000_000).nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type UpdateSubscriptionSettingsBody = z.input<typeof updateSubscriptionSettingsBodySchema>;
