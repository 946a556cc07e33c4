import { and, desc, eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type PaymentRow, payments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { type GatewayName, gatewayFor, sandboxOutcome } from '../../lib/payments';
import { gatewayError } from './gateway-error';
import { findPayment, gatewayAccount, insertPayment, updatePayment } from './payments.repo';
import { deliverSandboxOutcome, failPayment } from './payments.service';
import { checkoutReturnUrl } from './return-url';

/**
 * The card payments other modules start (purposes registered in purposes.ts):
 * a `payments` row written in the caller's transaction, then ONE checkout flow
 * for every purpose — the sandbox's test checkout page or Stripe Checkout
 * (payment mode, or subscription mode for recurring purchases).
 */

export interface PurposePaymentInput {
  id?: string;
  userId: string;
  gateway: GatewayName;
  purpose: string;
  amountCents: number;
  currency: string;
  /** The purpose's own facts; `title` is what checkout pages and histories show. */
  metadata: Record<string, unknown> & { title: string };
  idempotencyKey?: string | null;
}

export function insertPurposePayment(tx: Executor, p: PurposePaymentInput): Promise<PaymentRow> {
  return insertPayment(tx, {
    id: p.id ?? newId(),
    userId: p.userId,
    gateway: p.gateway,
    purpose: p.purpose,
    amountCents: p.amountCents,
    chargedCents: p.amountCents,
    currency: p.currency,
    metadata: p.metadata,
    idempotencyKey: p.idempotencyKey ?? null,
  });
}

export interface RecurringTerms {
  /** Regular price of every period (the payment's amount may be lower: a first-period promotion). */
  priceCents: number;
  intervalDays: number;
  /** Identifies the gateway price: one per creator, plan and amount. */
  priceKey: string;
  productName: string;
  /** Kept on the gateway's agreement and sent back with its events (must include the purpose's own ids). */
  metadata: Record<string, string>;
}

/**
 * Opens the checkout for a created payment, after the caller's transaction
 * committed (no network call under row locks). Sandbox: the app's test checkout
 * page; Stripe: a Checkout Session (subscription mode when `recurring`). A
 * gateway error fails the payment and answers 502.
 */
export async function openCheckout(
  ctx: Ctx,
  paymentId: string,
  opts: { returnUrl: string; recurring?: RecurringTerms },
): Promise<{ checkoutUrl: string }> {
  const p = (await findPayment(ctx.db, paymentId))!;
  const title = String((p.metadata as { title?: string } | null)?.title ?? p.purpose);
  try {
    const customer = p.gateway === 'stripe' ? await gatewayAccount(ctx.db, p.userId, 'stripe', 'customer') : null;
    const input = {
      paymentId: p.id,
      userId: p.userId,
      amountCents: p.chargedCents,
      currency: p.currency,
      description: title,
      returnUrl: checkoutReturnUrl(p.gateway, opts.returnUrl),
      customerId: customer?.externalId ?? null,
    };
    const gateway = gatewayFor(ctx.config, p.gateway);
    const created =
      opts.recurring && gateway.createRecurringCheckout
        ? await gateway.createRecurringCheckout({
            ...input,
            recurring: {
              priceCents: opts.recurring.priceCents,
              intervalDays: opts.recurring.intervalDays,
              lookupKey: `marquee:${p.purpose}:${opts.recurring.priceKey}:${opts.recurring.priceCents}:${p.currency.toLowerCase()}:${opts.recurring.intervalDays}d`,
              productName: opts.recurring.productName,
              metadata: { ...opts.recurring.metadata, purpose: p.purpose },
            },
          })
        : await gateway.createPayment(input);
    if (!created.checkoutUrl) throw new Error('The gateway answered no checkout page');
    await updatePayment(ctx.db, p.id, { externalId: created.externalId, checkoutUrl: created.checkoutUrl });
    return { checkoutUrl: created.checkoutUrl };
  } catch (err) {
    ctx.log.warn({ err, paymentId }, 'checkout could not be opened');
    await failPayment(ctx, p.id, (err as Error).message || 'The payment could not be started');
    throw await gatewayError(ctx, p);
  }
}

// ---- off-session charges of the sandbox's test card (renewals)

/**
 * A charge of the test card a previous sandbox payment used (`sandboxCard` in
 * its metadata), recorded in the caller's transaction. The sandbox "network"
 * answers after commit: `deliverPendingSandboxCharges`.
 */
export function insertSandboxCharge(
  tx: Executor,
  p: Omit<PurposePaymentInput, 'gateway'> & { sandboxCard: string },
): Promise<PaymentRow> {
  return insertPurposePayment(tx, {
    ...p,
    gateway: 'sandbox',
    metadata: { ...p.metadata, sandboxCard: p.sandboxCard, offSession: true },
  });
}

/**
 * Answers every pending off-session sandbox charge of a purpose through the
 * signed webhook path. Each charge has ONE event id, so a second run (or a crash
 * and restart) applies nothing twice.
 */
export async function deliverPendingSandboxCharges(ctx: Ctx, purpose: string) {
  const pending = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.gateway, 'sandbox'),
        eq(payments.purpose, purpose),
        eq(payments.status, 'created'),
        sql`${payments.metadata}->>'offSession' = 'true'`,
      ),
    );
  const results: Array<{ paymentId: string; result: string }> = [];
  for (const p of pending) {
    const card = String((p.metadata as { sandboxCard?: string }).sandboxCard ?? '');
    const r = await deliverSandboxOutcome(ctx, p.id, sandboxOutcome(card), `evt_offsession_${p.id}`);
    results.push({ paymentId: p.id, result: r.result });
  }
  return results;
}

/** The latest succeeded payment of a purpose whose metadata has `key = value` (e.g. the card a subscription was paid with). */
export async function latestSucceededPayment(
  tx: Executor,
  q: { userId: string; purpose: string; key: string; value: string },
): Promise<PaymentRow | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, q.userId),
        eq(payments.purpose, q.purpose),
        eq(payments.status, 'succeeded'),
        sql`${payments.metadata}->>${q.key} = ${q.value}`,
      ),
    )
    .orderBy(desc(payments.confirmedAt))
    .limit(1);
  return row ?? null;
}

// ---- the gateway's recurring agreements (Stripe Subscriptions)

/** Stop (true) or resume (false) renewal at the gateway at the period end. */
export async function setRecurringCancelled(ctx: Ctx, gateway: GatewayName, externalId: string, cancel: boolean) {
  const g = gatewayFor(ctx.config, gateway);
  if (!g.setCancelAtPeriodEnd) return;
  try {
    await g.setCancelAtPeriodEnd(externalId, cancel);
  } catch (err) {
    ctx.log.warn({ err, externalId, gateway }, 'gateway agreement update failed');
    throw new AppError(502, 'The payment gateway did not answer, please try again later', 'GATEWAY_ERROR');
  }
}

/** End the agreement now (it ended here: grace over, blocked). False (logged) when the gateway refused. */
export async function endRecurringNow(ctx: Ctx, gateway: GatewayName, externalId: string): Promise<boolean> {
  const g = gatewayFor(ctx.config, gateway);
  if (!g.cancelNow) return true;
  try {
    await g.cancelNow(externalId);
    return true;
  } catch (err) {
    ctx.log.warn({ err, externalId, gateway }, 'gateway agreement cancel failed');
    return false;
  }
}
