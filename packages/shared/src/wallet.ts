import { z } from 'zod';
import { dateInput } from './input';
import { listQuerySchema } from './list';
import { cardGatewaySchema, gatewayNameSchema } from './payments';

/**
 * Money API contracts: wallet, charges, top-ups, cards, coupons, orders,
 * addresses, earnings, referrals. Amounts are decimal tokens (2.95); the
 * server stores integer cents.
 */
const tokens = z.number().min(0).max(10_000_000);
const amountIn = z.coerce.number().positive().max(1_000_000).multipleOf(0.01, 'At most two decimals');
const isoDate = z.string();

/**
 * THE sellable types: what a fan buys item by item from the wallet (`POST /wallet/charges/{type}/{id}`).
 * One list for the server's charge registry (wallet/purchasables.ts), the admin and the web; the lists
 * below are built from it.
 */
export const BUYABLE_TYPES = ['feed', 'video', 'gallery', 'product', 'scene', 'scenario', 'message', 'stream'] as const;
export type BuyableType = (typeof BUYABLE_TYPES)[number];
/** Buyable types that can also be rented (`POST /wallet/charges/rent/{type}/{id}`). */
export const RENT_TYPES = ['scene', 'scenario'] as const satisfies readonly BuyableType[];
/** What a wallet charge can be for: a tip or a buyable item. */
export const CHARGE_TYPES = ['tip', ...BUYABLE_TYPES] as const;
export type ChargeType = (typeof CHARGE_TYPES)[number];
export const isBuyableType = (type: string): type is BuyableType => (BUYABLE_TYPES as readonly string[]).includes(type);

export const userSummarySchema = z.object({
  _id: z.string(),
  username: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const walletSchema = z.object({
  balance: tokens,
  currency: z.string(),
  minimumTopUp: z.number(),
  maximumTopUp: z.number(),
  minimumTip: z.number(),
  maximumTip: z.number(),
  gateway: gatewayNameSchema,
});
export type Wallet = z.infer<typeof walletSchema>;

export const tipBodySchema = z.object({
  amount: amountIn,
  message: z.string().trim().max(500).optional(),
  /** A tip from a post card: the creator's published post it thanks (shown to the creator). */
  feedId: z.string().uuid().optional(),
});
export const purchaseBodySchema = z
  .object({
    couponCode: z.string().trim().min(1).max(40).optional(),
    quantity: z.coerce.number().int().min(1).max(100).optional(),
    deliveryAddressId: z.string().uuid().optional(),
  })
  .nullish();
export type PurchaseBody = z.infer<typeof purchaseBodySchema>;

export const walletChargeSchema = z.object({
  _id: z.string(),
  type: z.string(),
  objectType: z.string().nullable(),
  objectId: z.string().nullable(),
  isRent: z.boolean(),
  rentExpiresAt: isoDate.nullable(),
  title: z.string(),
  quantity: z.number().int(),
  price: tokens,
  discount: tokens,
  paid: tokens,
  message: z.string().nullable(),
  status: z.enum(['paid', 'refunded', 'chargeback']),
  orderId: z.string().nullable(),
  performerId: z.string(),
  performer: userSummarySchema.nullable(),
  createdAt: isoDate,
});
export type WalletCharge = z.infer<typeof walletChargeSchema>;

export const chargeResultSchema = z.object({
  charge: walletChargeSchema,
  /** The fan's balance after the charge. */
  balance: tokens,
  /** True when an Idempotency-Key replay returned the first result. */
  replayed: z.boolean(),
});
export type ChargeResult = z.infer<typeof chargeResultSchema>;

export const chargeSearchQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'updatedAt', 'paid']).default('createdAt'),
  type: z.enum(CHARGE_TYPES).optional(),
  performerId: z.string().uuid().optional(),
  status: z.enum(['paid', 'refunded', 'chargeback']).optional(),
  fromDate: dateInput().optional(),
  toDate: dateInput().optional(),
});

export const myScenarioSchema = walletChargeSchema.extend({
  /** Null = bought for good; a date = rented until then. */
  accessExpiresAt: isoDate.nullable(),
  hasAccess: z.boolean(),
});

// ---- top-ups, payments, cards

export const topUpBodySchema = z.object({
  amount: amountIn,
  couponCode: z.string().trim().min(1).max(40).optional(),
  /** Pay with a saved card (charged at once) instead of the checkout page. */
  cardId: z.string().uuid().optional(),
  /** The method the fan picked (one of the public `paymentMethods.topup`); the first one when absent. */
  gateway: gatewayNameSchema.optional(),
});
export const PAYMENT_STATUSES = [
  'created',
  'requires_action',
  'succeeded',
  'failed',
  /** An admin refund asked at the gateway, its tokens already taken back; a gateway answer or webhook settles it. */
  'refund_pending',
  'refunded',
  'chargeback',
] as const;
export const paymentSchema = z.object({
  _id: z.string(),
  gateway: gatewayNameSchema,
  purpose: z.string(),
  amount: tokens,
  charged: tokens,
  discount: tokens,
  currency: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  failureReason: z.string().nullable(),
  /** What is paid for: 'Wallet top-up', 'Monthly subscription to Kai Morgan' … */
  description: z.string(),
  /** Where the browser goes to pay (sandbox checkout page or Stripe Checkout). */
  checkoutUrl: z.string().nullable(),
  createdAt: isoDate,
  confirmedAt: isoDate.nullable(),
  /**
   * Failover (GET /payment/transactions/{id} only): the next processor the fan may try after this
   * payment failed with a decline another processor might accept, or when it never opened; null otherwise.
   */
  nextGateway: gatewayNameSchema.nullable().optional(),
  /**
   * A card purchase (purpose `purchase`) whose item could not be bought when the processor's approval
   * arrived (sold out, already bought, price changed…): the error code; the amount is in the wallet.
   */
  undelivered: z.string().nullable().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /payment/purchase/{type}/{id}: buy one item by card (a processor's hosted page), not from the wallet. */
export const cardPurchaseBodySchema = z.object({
  /** Rent instead of buy (scenes and scenarios with a rent price). */
  rent: z.boolean().optional(),
  quantity: z.coerce.number().int().min(1).max(100).optional(),
  deliveryAddressId: z.string().uuid().optional(),
  /** The fan's pick among the single-purchase methods; the first (the default) when left out. */
  gateway: gatewayNameSchema.optional(),
  /** The app page to come back to after the hosted page (same-site path). */
  returnTo: z
    .string()
    .max(500)
    .regex(/^\/(?!\/)/, 'must be a path inside the app')
    .optional(),
});
export type CardPurchaseBody = z.infer<typeof cardPurchaseBodySchema>;
export const paymentSearchQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'updatedAt', 'amount']).default('createdAt'),
  status: z.enum(PAYMENT_STATUSES).optional(),
});

/** Sandbox test cards (clearly fake; see docs/money.md). */
export const SANDBOX_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002500003155',
  insufficientFunds: '4000000000009995',
} as const;
export const sandboxPayBodySchema = z.object({
  cardNumber: z
    .string()
    .trim()
    .regex(/^[\d ]{12,23}$/, 'Enter a card number')
    .optional(),
  cardId: z.string().uuid().optional(),
  holderName: z.string().trim().max(100).optional(),
  saveCard: z.boolean().optional(),
});
export const sandboxConfirmBodySchema = z.object({ approve: z.boolean() });

export const paymentCardSchema = z.object({
  _id: z.string(),
  gateway: cardGatewaySchema,
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  holderName: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: isoDate,
});
export type PaymentCard = z.infer<typeof paymentCardSchema>;
export const addCardBodySchema = z.object({
  /** sandbox: a test card number; stripe: not used. */
  cardNumber: z
    .string()
    .trim()
    .regex(/^[\d ]{12,23}$/, 'Enter a card number')
    .optional(),
  expMonth: z.coerce.number().int().min(1).max(12).optional(),
  expYear: z.coerce.number().int().min(2000).max(2100).optional(),
  holderName: z.string().trim().max(100).optional(),
  /** stripe: a PaymentMethod id created by Stripe.js. */
  paymentMethodId: z.string().max(200).optional(),
});

// ---- coupons

export const couponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(['percentage', 'amount']),
  /** Percent for 'percentage', tokens for 'amount'. */
  value: z.number(),
  appliesTo: z.enum(['any', 'topup', 'purchase']),
  expiresAt: isoDate.nullable(),
  maxUses: z.number().int().nullable(),
  usedCount: z.number().int(),
  active: z.boolean(),
  createdAt: isoDate,
});
export const createCouponBodySchema = z.object({
  code: z
    .string()
    .trim()
    .min(3)
    .max(40)
    .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only'),
  name: z.string().trim().max(100).default(''),
  kind: z.enum(['percentage', 'amount']),
  value: z.number().positive(),
  appliesTo: z.enum(['any', 'topup', 'purchase']).default('any'),
  expiresAt: dateInput().nullable().optional(),
  maxUses: z.number().int().min(1).nullable().optional(),
});
export const applyCouponBodySchema = z
  .object({
    /** What it is for; with `amount` the answer includes the discount. */
    target: z.enum(['topup', 'purchase']).default('topup'),
    amount: z.number().positive().optional(),
  })
  .nullish();
export const applyCouponResultSchema = z.object({
  coupon: couponSchema.pick({ _id: true, code: true, name: true, kind: true, value: true, expiresAt: true }),
  discount: tokens.nullable(),
  /** What would be charged after the discount (when `amount` was given). */
  total: tokens.nullable(),
});

// ---- orders and addresses

export const addressBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  country: z.string().trim().min(2, 'Country is required').max(60),
  state: z.string().trim().max(60).default(''),
  city: z.string().trim().min(1, 'City is required').max(100),
  streetAddress: z.string().trim().min(1, 'Street address is required').max(200),
  zipCode: z.string().trim().min(1, 'Zip code is required').max(20),
  phone: z.string().trim().max(30).default(''),
  description: z.string().trim().max(300).default(''),
  isDefault: z.boolean().default(false),
});
export const addressSchema = addressBodySchema.extend({ _id: z.string(), createdAt: isoDate, updatedAt: isoDate });
export type Address = z.infer<typeof addressSchema>;

export const DELIVERY_STATUSES = ['processing', 'shipping', 'delivered', 'refunded'] as const;
export const orderSchema = z.object({
  _id: z.string(),
  orderNumber: z.string(),
  productId: z.string(),
  chargeId: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  unitPrice: tokens,
  totalPrice: tokens,
  /** unit price × quantity; totalPrice = subtotal + shipping. */
  subtotalPrice: tokens.optional(),
  shippingPrice: tokens.optional(),
  isPhysical: z.boolean(),
  deliveryStatus: z.enum(DELIVERY_STATUSES),
  deliveryAddress: addressBodySchema.omit({ isDefault: true }).nullable(),
  shippingCode: z.string().nullable(),
  note: z.string().nullable(),
  userId: z.string(),
  performerId: z.string(),
  user: userSummarySchema.nullable(),
  performer: userSummarySchema.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Order = z.infer<typeof orderSchema>;
export const orderSearchQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'updatedAt']).default('createdAt'),
  deliveryStatus: z.enum(DELIVERY_STATUSES).optional(),
});
export const orderUpdateBodySchema = z.object({
  deliveryStatus: z.enum(['processing', 'shipping', 'delivered']).optional(),
  shippingCode: z.string().trim().max(100).optional(),
  note: z.string().trim().max(500).optional(),
});
export const orderAddressBodySchema = z.object({ deliveryAddressId: z.string().uuid() });

// ---- earnings and referrals

/** What a creator earns from: a charge or a subscription. */
export const EARNING_SOURCES = [...CHARGE_TYPES, 'subscription'] as const;
export const earningSchema = z.object({
  _id: z.string(),
  source: z.string(),
  gross: tokens,
  commission: tokens,
  net: tokens,
  status: z.enum(['paid', 'refunded', 'chargeback']),
  fan: userSummarySchema.nullable(),
  createdAt: isoDate,
});
export const earningSearchQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'updatedAt', 'net']).default('createdAt'),
  source: z.string().max(30).optional(),
  fromDate: dateInput().optional(),
  toDate: dateInput().optional(),
});
export const earningStatsQuerySchema = z.object({
  fromDate: dateInput().optional(),
  toDate: dateInput().optional(),
});
const totals = z.object({ gross: tokens, commission: tokens, net: tokens, count: z.number().int() });
export const earningStatsSchema = z.object({
  totals,
  bySource: z.array(totals.extend({ source: z.string() })),
  byDay: z.array(z.object({ date: z.string(), gross: tokens, net: tokens })),
  /** Net earned, all time, minus refunds. */
  totalEarned: z.number(),
  paidOut: z.number(),
  /** Reserved by pending payout requests. */
  pending: z.number(),
  /** What may be requested now. */
  available: z.number(),
});
export type EarningStats = z.infer<typeof earningStatsSchema>;

export const referralCodeSchema = z.object({ code: z.string(), link: z.string() });
export const referredUserSchema = userSummarySchema.extend({ role: z.string(), createdAt: isoDate });
export const referralEarningSchema = z.object({
  _id: z.string(),
  kind: z.enum(['creator', 'fan']),
  amount: tokens,
  percent: z.number(),
  status: z.enum(['paid', 'refunded', 'chargeback']),
  referred: userSummarySchema.nullable(),
  createdAt: isoDate,
});
export const referralStatsSchema = z.object({
  totalEarned: z.number(),
  available: z.number(),
  referredCreators: z.number().int(),
  referredFans: z.number().int(),
  count: z.number().int(),
});
