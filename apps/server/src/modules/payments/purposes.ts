import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { PaymentRow } from '../../db/schema';
import type { GatewayEvent, GatewayName, RecurringRef } from '../../lib/payments';
import type { SiteSettings } from '../settings';
import type { RecurringTerms } from './checkout';

/**
 * The payment-purpose registry: every card payment arrives in this module
 * (one checkout flow, one webhook handler, events recorded once), and what a
 * payment BUYS is decided by the module that registered its purpose — the
 * payments module never imports those modules. Wallet top-ups are built in;
 * subscriptions register 'subscription' from their routes module:
 *
 *   registerPaymentPurpose('subscription', { succeeded, failed, reversed, recurringCharge, recurringFailed, recurringEnded });
 *
 * Every hook runs INSIDE the event's transaction (the payment row is locked,
 * the event id is recorded in the same transaction), so a duplicate or
 * concurrent delivery applies nothing twice. Work after commit (realtime,
 * mail) goes into `after`.
 */
export type AfterCommit = () => Promise<void> | void;

export interface PurposeEvent {
  gateway: GatewayName;
  event: GatewayEvent;
  /** `ctx.settings.all()`, read before the transaction. */
  settings: SiteSettings;
  after: AfterCommit[];
}

export interface PaymentPurpose {
  /**
   * The gateway took the money (checkout, off-session or recurring charge):
   * move it through the ledger from `clearing(gateway)` and deliver what was
   * bought. Called once per payment.
   */
  succeeded(
    ctx: Ctx,
    tx: Executor,
    payment: PaymentRow,
    e: PurposeEvent,
  ): Promise<{ result: string; ledgerTransactionId: string | null }>;
  /** The payment failed (declined card, abandoned checkout). The payment row is already marked failed. */
  failed?(ctx: Ctx, tx: Executor, payment: PaymentRow, e: PurposeEvent): Promise<string>;
  /**
   * The gateway took the money back: a refund made at the gateway
   * ('refunded') or a dispute ('chargeback'). Undo what `succeeded` delivered
   * and reverse its money (`reverseCardCredit` in reversal.ts follows the site's
   * `chargebackPolicy`). Called once per payment, only for a succeeded one; the
   * caller then marks the payment row with `status`. Without this hook the
   * event is recorded and ignored.
   */
  reversed?(
    ctx: Ctx,
    tx: Executor,
    payment: PaymentRow,
    e: PurposeEvent & { status: 'refunded' | 'chargeback' },
  ): Promise<string>;
  /**
   * A charge the gateway made on its own (Stripe renewal invoice): which user
   * and what to record for it, or null when the agreement is unknown.
   */
  recurringCharge?(
    ctx: Ctx,
    tx: Executor,
    ref: RecurringRef,
    e: PurposeEvent,
  ): Promise<{ userId: string; metadata: Record<string, unknown> } | null>;
  /** A gateway-run renewal charge failed (past due). */
  recurringFailed?(ctx: Ctx, tx: Executor, ref: RecurringRef, e: PurposeEvent): Promise<string>;
  /**
   * How a fresh payment of this purpose opens its checkout (failover to another processor): where the
   * fan comes back and, for agreements the gateway bills each period, the recurring terms.
   */
  checkoutTerms?(payment: PaymentRow): { returnUrl: string; recurring?: RecurringTerms };
  /** The gateway ended the recurring agreement. */
  recurringEnded?(ctx: Ctx, tx: Executor, ref: RecurringRef, e: PurposeEvent): Promise<string>;
}

const registry = new Map<string, PaymentPurpose>();

export function registerPaymentPurpose(purpose: string, handler: PaymentPurpose): void {
  if (purpose === 'topup' || purpose === 'purchase') throw new Error(`${purpose} is the payments module’s own purpose`);
  registry.set(purpose, handler);
}

export function paymentPurpose(purpose: string): PaymentPurpose | null {
  return registry.get(purpose) ?? null;
}
