import { z } from 'zod';

/**
 * The payment gateways (docs/payments.md): the offline sandbox, Stripe, and the adult-content
 * processors CCBill, Segpay and Verotel (hosted payment pages and postbacks; issue 25).
 */
export const GATEWAY_NAMES = ['sandbox', 'stripe', 'ccbill', 'segpay', 'verotel'] as const;
export const gatewayNameSchema = z.enum(GATEWAY_NAMES);
export type GatewayName = z.infer<typeof gatewayNameSchema>;
export const isGatewayName = (value: string): value is GatewayName =>
  (GATEWAY_NAMES as readonly string[]).includes(value);

/** The gateways that keep a saved card a fan can be charged with again (the others host every payment). */
export const CARD_GATEWAYS = ['sandbox', 'stripe'] as const satisfies readonly GatewayName[];
export const cardGatewaySchema = z.enum(CARD_GATEWAYS);
export type CardGateway = z.infer<typeof cardGatewaySchema>;

/**
 * What a fan pays by card for, each with its own list of processors (issue 25): wallet top-ups,
 * creator subscriptions and single purchases (card payments of other modules).
 */
export const CHECKOUT_PURPOSES = ['topup', 'subscription', 'purchase'] as const;
export const checkoutPurposeSchema = z.enum(CHECKOUT_PURPOSES);
export type CheckoutPurpose = z.infer<typeof checkoutPurposeSchema>;

/** One gateway of the admin's ordered list: active for which purposes. */
export const gatewayChoiceSchema = z.object({
  gateway: gatewayNameSchema,
  topup: z.boolean(),
  subscription: z.boolean(),
  purchase: z.boolean(),
});
export type GatewayChoice = z.infer<typeof gatewayChoiceSchema>;

/** The ordered list the admin keeps: each gateway at most once, the first is the default. */
export const gatewayChoicesSchema = z
  .array(gatewayChoiceSchema)
  .max(GATEWAY_NAMES.length)
  .refine((list) => new Set(list.map((c) => c.gateway)).size === list.length, 'each gateway at most once');

/** Public settings: the methods the web offers per purpose, in the admin's order (the first is the default). */
export const paymentMethodsSchema = z.object({
  topup: z.array(gatewayNameSchema),
  subscription: z.array(gatewayNameSchema),
  purchase: z.array(gatewayNameSchema),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/** The checkout purpose of a payment's `purpose` (anything but top-ups and subscriptions is a single purchase). */
export function checkoutPurposeOf(purpose: string): CheckoutPurpose {
  return purpose === 'topup' || purpose === 'subscription' ? purpose : 'purchase';
}

/**
 * A decline another processor might accept (a "soft" decline: generic issuer refusals, processor
 * errors, risk rules of that processor) as opposed to a hard one (lost or stolen card, fraud, closed
 * account, invalid number, the fan's own cancel): only soft ones offer the next processor.
 */
export function isSoftDecline(reason: string | null | undefined): boolean {
  if (!reason) return true;
  return !/insufficient|stolen|lost|fraud|pick ?up|closed|invalid card|card number|expired|cancel+ed by|authentication/i.test(
    reason,
  );
}

// ---- the admin console's gateway section (GET /admin/payments/gateways)

export const connectionTestSchema = z.object({
  ok: z.boolean(),
  /** remote: a harmless call to the processor answered; local: the processor offers none, settings checked here. */
  mode: z.enum(['remote', 'local']),
  message: z.string(),
});
export type ConnectionTestResult = z.infer<typeof connectionTestSchema>;

export const adminGatewaySchema = z.object({
  gateway: gatewayNameSchema,
  /** Every setting a checkout needs is present (environment or console secret). */
  configured: z.boolean(),
  /** The environment variables (or console secrets) still missing for checkouts. */
  missing: z.array(z.string()),
  /** Place in the admin's list (0 = the default), null when not listed. */
  position: z.number().int().nullable(),
  topup: z.boolean(),
  subscription: z.boolean(),
  purchase: z.boolean(),
  /** What "test connection" does for this gateway. */
  test: z.enum(['remote', 'local']),
});
export const approvalRateSchema = z.object({
  gateway: gatewayNameSchema,
  /** YYYY-MM (UTC). */
  month: z.string(),
  /** Checkouts settled either way (approved + declined or never opened). */
  attempted: z.number().int(),
  approved: z.number().int(),
  /** Checkouts still open (abandoned or waiting for the postback): not counted in the rate. */
  open: z.number().int(),
  /** approved ÷ attempted, null without attempts. */
  rate: z.number().nullable(),
});
export const adminGatewaysSchema = z.object({
  defaultGateway: gatewayNameSchema,
  gateways: z.array(adminGatewaySchema),
  /** The last six months, newest first. */
  approvalRates: z.array(approvalRateSchema),
});
export type AdminGateways = z.infer<typeof adminGatewaysSchema>;

/**
 * Whether a cancelled subscription's renewal can simply be switched back on when the fan resumes it
 * paying with `next`: the wallet always; by card only at the same gateway when that gateway can undo a
 * cancel (the sandbox, Stripe). CCBill, Segpay and Verotel cannot restart a cancelled membership:
 * resuming by card there is a new checkout.
 */
export function resumesAtGateway(current: string, next: string): boolean {
  if (next === 'wallet') return true;
  return current === next && (current === 'sandbox' || current === 'stripe');
}
