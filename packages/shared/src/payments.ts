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
