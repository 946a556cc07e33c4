import { z } from 'zod';
import { dateInput } from './input';
import { listQuerySchema } from './list';

/**
 * Payouts (spec §4, §7; issue 15): a creator asks for their available earnings,
 * an admin approves and pays (bank / PayPal marked paid with a reference,
 * Stripe Connect by a transfer). Amounts are decimal tokens in the API.
 */
export const PAYOUT_METHODS = ['bank', 'paypal', 'stripe'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const payoutMethodSchema = z.enum(PAYOUT_METHODS);
export const PAYOUT_METHOD_LABELS: Record<PayoutMethod, string> = {
  bank: 'Bank transfer',
  paypal: 'PayPal',
  stripe: 'Stripe Connect',
};

export const PAYOUT_STATUSES = ['pending', 'approved', 'paid', 'rejected', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);

const amount = z
  .number({ message: 'Amount must be a number' })
  .positive('Amount must be greater than 0')
  .max(10_000_000)
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'Amount has at most two decimals');
const tokens = z.number();
const isoDate = z.string();

// ---- calculate

export const payoutCalculateBodySchema = z
  .object({ fromDate: dateInput().optional(), toDate: dateInput().optional() })
  .default({});
export const payoutCalculationSchema = z.object({
  /** Net earned (after refunds) — within the range when one is given. */
  totalEarned: tokens,
  /** Paid out — within the range when one is given. */
  paidOut: tokens,
  /** Reserved by the open request (pending or approved). */
  pending: tokens,
  /** Earned within the hold period: not yet requestable. */
  onHold: tokens,
  /** What may be requested now. */
  available: tokens,
  /** Refunds or chargebacks after a payout left the earnings negative: the next earnings pay this first. */
  owed: tokens,
  minimumPayout: tokens,
  holdDays: z.number().int(),
  currency: z.string(),
});
export type PayoutCalculation = z.infer<typeof payoutCalculationSchema>;

// ---- requests

export const createPayoutRequestSchema = z.object({
  amount,
  paymentAccountType: payoutMethodSchema,
  requestNote: z.string().trim().max(500).optional(),
});
export type CreatePayoutRequest = z.infer<typeof createPayoutRequestSchema>;

export const updatePayoutRequestSchema = z
  .object({
    /** 'cancelled' withdraws the request (its reservation is released). */
    status: z.literal('cancelled').optional(),
    amount: amount.optional(),
    paymentAccountType: payoutMethodSchema.optional(),
    requestNote: z.string().trim().max(500).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), {
    message: 'Send status, amount, paymentAccountType or requestNote',
    path: ['amount'],
  });

export const payoutEventSchema = z.object({
  status: payoutStatusSchema,
  /** created, updated, approved, paid, rejected, cancelled */
  action: z.string(),
  note: z.string().nullable(),
  by: z.enum(['creator', 'admin']),
  createdAt: isoDate,
});

export const payoutRequestSchema = z.object({
  _id: z.string(),
  performerId: z.string(),
  performer: z.object({ _id: z.string(), username: z.string(), name: z.string() }).nullable(),
  amount: tokens,
  paymentAccountType: payoutMethodSchema,
  /** The method's details, masked (unmasked in the admin detail only). */
  paymentAccountInfo: z.record(z.string(), z.string()),
  status: payoutStatusSchema,
  requestNote: z.string().nullable(),
  adminNote: z.string().nullable(),
  /** Bank/PayPal reference entered by the admin, or the Stripe transfer id. */
  reference: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
  paidAt: isoDate.nullable(),
  history: z.array(payoutEventSchema),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;

export const payoutSearchQuerySchema = listQuerySchema.extend({
  sortBy: z.enum(['createdAt', 'updatedAt', 'amount']).default('updatedAt'),
  status: payoutStatusSchema.optional(),
  paymentAccountType: payoutMethodSchema.optional(),
  fromDate: dateInput().optional(),
  toDate: dateInput().optional(),
});
export const adminPayoutSearchQuerySchema = payoutSearchQuerySchema.extend({
  performerId: z.string().uuid().optional(),
});

export const pendingReviewSchema = z.object({
  /** Whether a request is open (pending or approved). */
  hasPending: z.boolean(),
  /** Whether a new request may be made now. */
  canRequest: z.boolean(),
  pendingRequestId: z.string().nullable(),
  reason: z.string().nullable(),
});

export const payoutReviewBodySchema = z.object({ note: z.string().trim().max(1000).optional() });
export const payoutRejectBodySchema = z.object({
  note: z.string().trim().min(1, 'A note is required to reject a request').max(1000),
});
export const payoutMarkPaidBodySchema = z.object({
  reference: z.string().trim().min(1, 'The payment reference is required').max(200),
  note: z.string().trim().max(1000).optional(),
});

// ---- settings

export const payoutSettingsSchema = z.object({
  /** Bank transfer details, masked (names, bank and country shown; numbers as their last four). */
  bank: z.record(z.string(), z.string()).nullable(),
  /** PayPal email, masked. */
  paypal: z.object({ email: z.string() }).nullable(),
  stripe: z.object({ accountId: z.string(), payoutsEnabled: z.boolean(), detailsSubmitted: z.boolean() }).nullable(),
  /** Methods a request may use now. */
  methods: z.array(payoutMethodSchema),
  /** Whether this site has Stripe configured (Connect onboarding possible). */
  stripeAvailable: z.boolean(),
  updatedAt: isoDate.nullable(),
});
export type PayoutSettings = z.infer<typeof payoutSettingsSchema>;

// ---- statement

export const payoutStatementQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month is YYYY-MM'),
  format: z.enum(['json', 'csv']).default('json'),
});
export const statementLineSchema = z.object({
  date: isoDate,
  type: z.enum(['earning', 'refund', 'chargeback', 'payout']),
  description: z.string(),
  gross: tokens,
  commission: tokens,
  net: tokens,
});
export const payoutStatementSchema = z.object({
  month: z.string(),
  creator: z.object({ _id: z.string(), username: z.string(), name: z.string() }),
  currency: z.string(),
  lines: z.array(statementLineSchema),
  totals: z.object({ gross: tokens, commission: tokens, net: tokens, refunds: tokens, payouts: tokens }),
});
export type PayoutStatement = z.infer<typeof payoutStatementSchema>;
