import { fromCents, type Payment, toCents } from '@marquee/shared';
import { and, desc, eq, gte } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { gatewayAccounts, type PaymentRow, paymentCards, walletCharges } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import {
  type GatewayEvent,
  type GatewayName,
  gatewayFor,
  SANDBOX_FAILURES,
  sandboxGateway,
  sandboxOutcome,
  stripeGateway,
  WebhookSignatureError,
} from '../../lib/payments';
import type { ViewerLocation } from '../blocks';
import { couponTooLarge, redeemCoupon, releaseCoupon } from '../coupons';
import { revoke } from '../entitlements';
import { clearing, platform, post, wallet } from '../ledger';
import type { SiteSettings } from '../settings';
import { assertMayPurchase, lockWallet, reverseChargeInTx, walletBalance } from '../wallet';
import { deliverCardPurchase, PURCHASE_PURPOSE, purchaseMetaOf } from './card-purchases';
import { recordChargeback } from './chargebacks';
import { gatewayError } from './gateway-error';
import {
  findCard,
  findPayment,
  findPaymentByExternal,
  findPaymentByKey,
  gatewayAccount,
  insertPayment,
  listCards,
  lockPayment,
  lockPaymentByExternal,
  recordEvent,
  setEventResult,
  updatePayment,
} from './payments.repo';
import { type AfterCommit, type PurposeEvent, paymentPurpose } from './purposes';
import { checkoutReturnUrl } from './return-url';
import { settleRefund } from './topup-refunds';

export function presentPayment(p: PaymentRow): Payment {
  return {
    _id: p.id,
    gateway: p.gateway,
    purpose: p.purpose,
    amount: fromCents(p.amountCents),
    charged: fromCents(p.chargedCents),
    discount: fromCents(p.discountCents),
    currency: p.currency,
    status: p.status,
    failureReason: p.failureReason,
    description: describePayment(p),
    checkoutUrl: p.status === 'created' || p.status === 'requires_action' ? p.checkoutUrl : null,
    createdAt: p.createdAt.toISOString(),
    confirmedAt: p.confirmedAt?.toISOString() ?? null,
    ...(p.purpose === PURCHASE_PURPOSE ? { undelivered: purchaseMetaOf(p).undelivered ?? null } : {}),
  };
}

/** What a payment is for, as checkout pages and histories show it. */
export function describePayment(p: PaymentRow): string {
  const title = (p.metadata as { title?: unknown } | null)?.title;
  if (typeof title === 'string' && title) return title;
  return p.purpose === 'topup' ? 'Wallet top-up' : p.purpose;
}

/** Smallest card charge after a coupon (card networks refuse tiny amounts). */
const MIN_CARD_CHARGE = 50;

/**
 * POST /payment/wallet/top-up: records a payment and starts it at the site's
 * gateway. Nothing is credited here: the wallet moves only when the gateway
 * confirms (handleEvent). With a saved card the gateway charges at once.
 */
export async function createTopUp(
  ctx: Ctx,
  userId: string,
  b: { amount: number; couponCode?: string; cardId?: string; gateway?: GatewayName },
  idempotencyKey?: string,
  geo?: ViewerLocation,
): Promise<PaymentRow> {
  const s = await ctx.settings.all();
  await assertMayPurchase(ctx, s, { creatorId: null, userId, geo });
  const amountCents = toCents(b.amount);
  const min = toCents(s.minimumWalletPrice);
  const max = toCents(s.maximumWalletPrice);
  if (amountCents < min || amountCents > max) {
    throw badRequest(
      `Top-up amount must be between ${fromCents(min).toFixed(2)} and ${fromCents(max).toFixed(2)}`,
      'TOPUP_OUT_OF_RANGE',
    );
  }
  if (idempotencyKey) {
    const first = await findPaymentByKey(ctx.db, userId, idempotencyKey);
    if (first) return first;
  }
  const card = b.cardId ? await findCard(ctx.db, userId, b.cardId) : null;
  if (b.cardId && !card) throw notFound('Card');
  // the fan's pick among the top-up methods (a saved card names its own), else the first
  const gatewayName = ctx.settings.checkoutGateway(s, 'topup', b.gateway ?? card?.gateway);
  if (card && card.gateway !== gatewayName)
    throw badRequest('This card belongs to another payment gateway', 'CARD_GATEWAY_MISMATCH');
  const paymentId = newId();
  const payment = await ctx.db.transaction(async (tx) => {
    const coupon = b.couponCode
      ? await redeemCoupon(tx, {
          code: b.couponCode,
          userId,
          target: 'topup',
          amountCents,
          reference: `payment:${paymentId}`,
          at: ctx.now(),
        })
      : null;
    const discountCents = coupon?.discountCents ?? 0;
    if (amountCents - discountCents < MIN_CARD_CHARGE) throw couponTooLarge();
    return insertPayment(tx, {
      id: paymentId,
      userId,
      gateway: gatewayName,
      purpose: 'topup',
      amountCents,
      chargedCents: amountCents - discountCents,
      discountCents,
      couponId: coupon?.coupon.id ?? null,
      currency: s.currency,
      cardId: card?.id ?? null,
      idempotencyKey: idempotencyKey ?? null,
    });
  });
  const gateway = gatewayFor(ctx.config, gatewayName);
  const customer = gatewayName === 'stripe' ? await gatewayAccount(ctx.db, userId, 'stripe', 'customer') : null;
  try {
    const created = await gateway.createPayment({
      paymentId,
      userId,
      amountCents: payment.chargedCents,
      currency: payment.currency,
      description: `Wallet top-up: ${fromCents(amountCents).toFixed(2)} tokens`,
      returnUrl: checkoutReturnUrl(gatewayName, '/wallet'),
      card: card ? { externalId: card.externalId } : null,
      customerId: customer?.externalId ?? null,
    });
    await updatePayment(ctx.db, paymentId, { externalId: created.externalId, checkoutUrl: created.checkoutUrl });
  } catch (err) {
    await failPayment(ctx, paymentId, (err as Error).message || 'The payment could not be started');
    throw await gatewayError(ctx, payment);
  }
  if (card && gatewayName === 'sandbox')
    await deliverSandboxOutcome(ctx, paymentId, sandboxOutcome(card.externalId.split(':')[1] ?? ''));
  return (await findPayment(ctx.db, paymentId))!;
}

export async function failPayment(ctx: Ctx, paymentId: string, reason: string) {
  await ctx.db.transaction(async (tx) => {
    const p = await lockPayment(tx, paymentId);
    if (!p || (p.status !== 'created' && p.status !== 'requires_action')) return;
    await updatePayment(tx, paymentId, { status: 'failed', failureReason: reason });
    if (p.couponId) await releaseCoupon(tx, p.couponId, p.userId);
  });
}

/**
 * Every gateway's webhook lands here (routes and the sandbox processor alike):
 * the signature is verified on the raw body, the event id recorded once, and
 * the event applied in ONE transaction with it — so a duplicate or concurrent
 * delivery credits nothing twice.
 */
export async function handleWebhook(
  ctx: Ctx,
  gatewayName: GatewayName,
  rawBody: string,
  headers: Record<string, string | string[] | undefined>,
) {
  let event: GatewayEvent;
  try {
    event = gatewayFor(ctx.config, gatewayName).parseWebhook(rawBody, headers);
  } catch (err) {
    if (err instanceof WebhookSignatureError)
      throw badRequest(`Webhook signature verification failed: ${err.message}`, 'INVALID_SIGNATURE');
    throw err;
  }
  if (gatewayName === 'stripe') event = await withStripeInvoice(ctx, event);
  return handleEvent(ctx, gatewayName, event);
}

/**
 * A refund or dispute at Stripe names the PaymentIntent; a card subscription's
 * payment is keyed by its invoice (subscription-mode Checkout names no
 * PaymentIntent), so the invoice is asked from Stripe before the transaction
 * when the PaymentIntent is not one of ours.
 */
async function withStripeInvoice(ctx: Ctx, e: GatewayEvent): Promise<GatewayEvent> {
  if ((e.type !== 'payment.refunded' && e.type !== 'payment.disputed') || !e.externalId || e.invoiceId) return e;
  if (await findPaymentByExternal(ctx.db, 'stripe', e.externalId)) return e;
  const invoiceId = await stripeGateway(ctx.config).invoiceOfPaymentIntent(e.externalId);
  return { ...e, invoiceId };
}

export async function handleEvent(
  ctx: Ctx,
  gatewayName: GatewayName,
  event: GatewayEvent,
): Promise<{ received: true; duplicate: boolean; result: string }> {
  const s = await ctx.settings.all();
  const after: AfterCommit[] = [];
  const outcome = await ctx.db.transaction(async (tx) => {
    const recorded = await recordEvent(tx, gatewayName, event.id, event.type, event.raw);
    if (!recorded) return { duplicate: true, result: 'duplicate' };
    const seen: Seen = {};
    const result = await applyEvent(ctx, tx, gatewayName, event, s, after, seen);
    await setEventResult(tx, recorded, result, seen.paymentId);
    return { duplicate: false, result };
  });
  for (const f of after) await f();
  if (!outcome.duplicate && event.type.startsWith('payment.')) await tellPaymentUpdated(ctx, gatewayName, event);
  return { received: true as const, ...outcome };
}

/** After commit: the payer's open pages (the result page) hear the payment's new state. */
async function tellPaymentUpdated(ctx: Ctx, gatewayName: GatewayName, e: GatewayEvent) {
  const byId = e.paymentId ? await findPayment(ctx.db, e.paymentId) : null;
  const p =
    byId?.gateway === gatewayName
      ? byId
      : e.externalId
        ? await findPaymentByExternal(ctx.db, gatewayName, e.externalId)
        : null;
  if (p) ctx.realtime.toUser(p.userId, 'payment/updated', presentPayment(p));
}

async function findEventPayment(tx: Executor, gatewayName: GatewayName, e: GatewayEvent) {
  if (e.paymentId) {
    const p = await lockPayment(tx, e.paymentId);
    if (p && p.gateway === gatewayName) return p;
  }
  const byExternal = e.externalId ? await lockPaymentByExternal(tx, gatewayName, e.externalId) : null;
  if (byExternal || !e.invoiceId) return byExternal;
  return lockPaymentByExternal(tx, gatewayName, e.invoiceId);
}

/** The payment an event was applied to, kept on its `webhook_events` row (reconciliation). */
type Seen = { paymentId?: string };

async function applyEvent(
  ctx: Ctx,
  tx: Executor,
  gatewayName: GatewayName,
  e: GatewayEvent,
  s: SiteSettings,
  after: AfterCommit[],
  seen: Seen,
): Promise<string> {
  if (e.type === 'ignored') return 'ignored';
  if (e.type === 'recurring.paid' || e.type === 'recurring.failed' || e.type === 'recurring.ended')
    return applyRecurringEvent(ctx, tx, gatewayName, e, s, after, seen);
  if (e.type === 'account.updated') {
    if (!e.accountId) return 'ignored';
    await tx
      .update(gatewayAccounts)
      .set({
        payoutsEnabled: Boolean(e.payoutsEnabled),
        detailsSubmitted: Boolean(e.detailsSubmitted),
        updatedAt: ctx.now(),
      })
      .where(and(eq(gatewayAccounts.externalId, e.accountId), eq(gatewayAccounts.kind, 'connect')));
    return 'account updated';
  }
  const p = await findEventPayment(tx, gatewayName, e);
  if (!p) return 'unknown payment';
  seen.paymentId = p.id;
  if (e.type === 'payment.requires_action') {
    if (p.status !== 'created') return `ignored (${p.status})`;
    await updatePayment(tx, p.id, { status: 'requires_action' });
    return 'requires action';
  }
  // top-ups and single purchases by card credit the wallet (a purchase then buys its item with it)
  if (p.purpose !== 'topup' && p.purpose !== PURCHASE_PURPOSE)
    return applyPurposeEvent(ctx, tx, p, { gateway: gatewayName, event: e, settings: s, after });
  switch (e.type) {
    case 'payment.succeeded': {
      if (p.status === 'succeeded' || p.status === 'refunded' || p.status === 'chargeback') return 'already credited';
      const posted = await post(tx, {
        kind: 'topup',
        reference: `payment:${p.id}`,
        entries: [
          { account: clearing(gatewayName), amount: -p.chargedCents },
          { account: platform, amount: -p.discountCents },
          { account: wallet(p.userId), amount: p.amountCents },
        ],
      });
      await updatePayment(tx, p.id, {
        status: 'succeeded',
        confirmedAt: ctx.now(),
        ledgerTransactionId: posted.transactionId,
        failureReason: null,
        // Later refunds and disputes name the PaymentIntent.
        ...(e.externalId ? { externalId: e.externalId } : {}),
      });
      const balance = posted.balances.get(`wallet:${p.userId}`) ?? 0;
      after.push(() => ctx.realtime.toUser(p.userId, 'balance/updated', { balance: fromCents(balance) }));
      if (p.purpose === PURCHASE_PURPOSE) return deliverCardPurchase(ctx, tx, s, p, after);
      return 'credited';
    }
    case 'payment.failed': {
      if (p.status !== 'created' && p.status !== 'requires_action') return `ignored (${p.status})`;
      await updatePayment(tx, p.id, { status: 'failed', failureReason: e.reason ?? 'The payment failed' });
      if (p.couponId) await releaseCoupon(tx, p.couponId, p.userId);
      return 'failed';
    }
    case 'payment.refunded':
    case 'payment.disputed': {
      // our own refund, held in the books when it was asked (topup-refunds.ts): the gateway confirms it
      if (p.status === 'refund_pending' && e.type === 'payment.refunded') return settleRefund(tx, p, 'refunded');
      if (p.status !== 'succeeded') return `ignored (${p.status})`;
      await chargeBack(ctx, tx, p, s.chargebackPolicy, e.type === 'payment.refunded' ? 'refunded' : 'chargeback');
      if (e.type === 'payment.disputed') await recordChargeback(ctx, tx, p, s, after);
      after.push(async () =>
        ctx.realtime.toUser(p.userId, 'balance/updated', { balance: fromCents(await walletBalance(ctx.db, p.userId)) }),
      );
      return e.type === 'payment.refunded' ? 'refunded' : 'charged back';
    }
    case 'payment.refund_failed': {
      const result = await settleRefund(tx, p, 'failed');
      if (result === 'refund failed')
        after.push(async () =>
          ctx.realtime.toUser(p.userId, 'balance/updated', {
            balance: fromCents(await walletBalance(ctx.db, p.userId)),
          }),
        );
      return result;
    }
  }
}

/** A payment another module registered (purposes.ts): the payment's state here, what it buys there. */
async function applyPurposeEvent(ctx: Ctx, tx: Executor, p: PaymentRow, input: PurposeEvent): Promise<string> {
  const handler = paymentPurpose(p.purpose);
  if (!handler) return `unknown purpose ${p.purpose}`;
  const e = input.event;
  switch (e.type) {
    case 'payment.succeeded':
      return succeedPurposePayment(ctx, tx, p, input);
    case 'payment.failed': {
      if (p.status !== 'created' && p.status !== 'requires_action') return `ignored (${p.status})`;
      const failed = await updatePayment(tx, p.id, {
        status: 'failed',
        failureReason: e.reason ?? 'The payment failed',
      });
      return handler.failed ? handler.failed(ctx, tx, failed, input) : 'failed';
    }
    case 'payment.refunded':
    case 'payment.disputed': {
      if (p.status !== 'succeeded') return `ignored (${p.status})`;
      if (!handler.reversed) return `ignored for ${p.purpose} (${e.type})`;
      const status = e.type === 'payment.refunded' ? 'refunded' : 'chargeback';
      const result = await handler.reversed(ctx, tx, p, { ...input, status });
      await updatePayment(tx, p.id, { status });
      if (status === 'chargeback') await recordChargeback(ctx, tx, p, input.settings, input.after);
      return result;
    }
    default:
      return `ignored for ${p.purpose} (${e.type})`;
  }
}

async function succeedPurposePayment(ctx: Ctx, tx: Executor, p: PaymentRow, input: PurposeEvent): Promise<string> {
  if (p.status !== 'created' && p.status !== 'requires_action') return `already ${p.status}`;
  const handler = paymentPurpose(p.purpose)!;
  const done = await handler.succeeded(ctx, tx, p, input);
  const e = input.event;
  await updatePayment(tx, p.id, {
    status: 'succeeded',
    confirmedAt: ctx.now(),
    ledgerTransactionId: done.ledgerTransactionId,
    failureReason: null,
    ...(e.externalId ? { externalId: e.externalId } : {}),
    ...(e.recurring
      ? { metadata: { ...(p.metadata ?? {}), recurringId: e.recurring.externalId } as Record<string, unknown> }
      : {}),
  });
  return done.result;
}

/**
 * Charges and endings the gateway runs on its own (Stripe Subscription
 * invoices): routed by the `purpose` kept on the agreement. A paid renewal
 * becomes a payment row here (found again by the invoice id: a replay credits
 * nothing) and is applied like any other succeeded payment.
 */
async function applyRecurringEvent(
  ctx: Ctx,
  tx: Executor,
  gatewayName: GatewayName,
  e: GatewayEvent,
  s: SiteSettings,
  after: AfterCommit[],
  seen: Seen,
): Promise<string> {
  const ref = e.recurring;
  const handler = ref ? paymentPurpose(ref.metadata.purpose ?? '') : null;
  if (!ref || !handler) return 'unknown recurring purpose';
  const input = { gateway: gatewayName, event: e, settings: s, after };
  if (e.type === 'recurring.failed') return handler.recurringFailed?.(ctx, tx, ref, input) ?? 'ignored';
  if (e.type === 'recurring.ended') return handler.recurringEnded?.(ctx, tx, ref, input) ?? 'ignored';
  if (!ref.chargeId || !handler.recurringCharge) return 'ignored';
  const known = await lockPaymentByExternal(tx, gatewayName, ref.chargeId);
  if (known) {
    seen.paymentId = known.id;
    return succeedPurposePayment(ctx, tx, known, input);
  }
  const charge = await handler.recurringCharge(ctx, tx, ref, input);
  if (!charge) return 'unknown recurring agreement';
  const p = await insertPayment(tx, {
    id: newId(),
    userId: charge.userId,
    gateway: gatewayName,
    purpose: ref.metadata.purpose!,
    amountCents: ref.amountCents ?? 0,
    chargedCents: ref.amountCents ?? 0,
    currency: (ref.currency ?? s.currency).toUpperCase(),
    externalId: ref.chargeId,
    metadata: { ...charge.metadata, recurringId: ref.externalId },
  });
  seen.paymentId = p.id;
  return succeedPurposePayment(ctx, tx, p, { ...input, event: { ...e, externalId: ref.chargeId, recurring: null } });
}

/**
 * Money taken back by the card network (a dispute, or a refund made at the
 * gateway): the wallet gives back what is left of the top-up; when the tokens
 * were already spent, the fan's purchases since the top-up are reversed newest
 * first (policy `creator_pays`: creators return those nets; `platform_absorbs`:
 * access is revoked but creators keep their earnings) and the platform bears
 * whatever is still missing. A single purchase by card (card-purchases.ts) first
 * undoes the item it bought, whatever the fan's balance.
 */
async function chargeBack(
  ctx: Ctx,
  tx: Executor,
  p: PaymentRow,
  policy: 'creator_pays' | 'platform_absorbs',
  status: 'refunded' | 'chargeback',
) {
  // platform_absorbs: the item a card purchase bought is revoked, its creator keeps the earning, the platform pays it
  let absorbed = 0;
  const bought = p.purpose === PURCHASE_PURPOSE ? purchaseMetaOf(p).chargeId : undefined;
  if (bought) {
    const [c] = await tx.select().from(walletCharges).where(eq(walletCharges.id, bought));
    if (c?.status === 'paid') {
      await undoSpentCharge(ctx, tx, c, policy, p.id);
      if (policy === 'platform_absorbs') absorbed = c.paidCents;
    }
  }
  const owed = Math.max(0, p.amountCents - absorbed);
  let balance = (await lockWallet(tx, p.userId)) ?? 0;
  if (balance < owed) {
    const spent = await tx
      .select()
      .from(walletCharges)
      .where(
        and(
          eq(walletCharges.userId, p.userId),
          eq(walletCharges.status, 'paid'),
          gte(walletCharges.createdAt, p.confirmedAt ?? p.createdAt),
        ),
      )
      .orderBy(desc(walletCharges.createdAt));
    for (const c of spent) {
      if (balance >= owed) break;
      await undoSpentCharge(ctx, tx, c, policy, p.id);
      balance += c.paidCents; // platform_absorbs: counted as recovered by revoking; the platform pays below
    }
    balance = (await lockWallet(tx, p.userId)) ?? 0;
  }
  const take = Math.min(balance, owed);
  const platformLoss = p.chargedCents - take;
  await post(tx, {
    kind: status === 'refunded' ? 'topup_refund' : 'chargeback',
    reference: `payment:${p.id}`,
    reversesId: p.ledgerTransactionId,
    entries: [
      { account: clearing(p.gateway), amount: p.chargedCents },
      { account: wallet(p.userId), amount: -take },
      { account: platform, amount: -platformLoss },
    ],
  });
  await updatePayment(tx, p.id, { status });
}

/** One purchase paid with tokens a reversed card payment brought: reversed (creator_pays) or only revoked. */
async function undoSpentCharge(
  ctx: Ctx,
  tx: Executor,
  c: typeof walletCharges.$inferSelect,
  policy: 'creator_pays' | 'platform_absorbs',
  paymentId: string,
) {
  if (policy === 'creator_pays') {
    await reverseChargeInTx(ctx, tx, c.id, 'chargeback', `chargeback of payment ${paymentId}`);
    return;
  }
  await tx.update(walletCharges).set({ status: 'chargeback', refundedAt: ctx.now() }).where(eq(walletCharges.id, c.id));
  if (c.objectType && c.objectId) await revoke(tx, c.userId, c.objectType, c.objectId);
}

// ---- the sandbox processor

async function ownPayment(ctx: Ctx, userId: string, paymentId: string) {
  const p = await findPayment(ctx.db, paymentId);
  if (!p || p.userId !== userId) throw notFound('Payment');
  return p;
}

/** What the sandbox "card network" decided, sent as a signed webhook through the real handler. */
export async function deliverSandboxOutcome(
  ctx: Ctx,
  paymentId: string,
  outcome: ReturnType<typeof sandboxOutcome> | 'authentication_failed',
  eventId = `evt_${newId()}`,
) {
  const gw = sandboxGateway(ctx.config);
  const type =
    outcome === 'success'
      ? 'payment.succeeded'
      : outcome === 'requires_action'
        ? 'payment.requires_action'
        : 'payment.failed';
  const delivery = gw.signedEvent({
    id: eventId,
    type,
    data: { paymentId, reason: SANDBOX_FAILURES[outcome] ?? null },
  });
  return handleWebhook(ctx, 'sandbox', delivery.body, delivery.headers);
}

export async function sandboxPay(
  ctx: Ctx,
  userId: string,
  paymentId: string,
  b: { cardNumber?: string; cardId?: string; holderName?: string; saveCard?: boolean },
) {
  const p = await ownPayment(ctx, userId, paymentId);
  if (p.gateway !== 'sandbox') throw badRequest('This payment is not a sandbox payment', 'NOT_SANDBOX');
  if (p.status !== 'created')
    throw conflict(
      p.status === 'succeeded' ? 'This payment is already paid' : 'This payment can no longer be paid',
      'PAYMENT_CLOSED',
    );
  let number = b.cardNumber?.replace(/\D/g, '');
  if (b.cardId) {
    const card = await findCard(ctx.db, userId, b.cardId);
    if (card?.gateway !== 'sandbox') throw notFound('Card');
    number = card.externalId.split(':')[1];
  }
  if (!number) throw badRequest('Enter a card number', 'CARD_REQUIRED');
  if (b.saveCard && b.cardNumber)
    await addSandboxCard(ctx, userId, { cardNumber: b.cardNumber, holderName: b.holderName });
  // the test card this payment is paid with: recurring purchases charge it again (renewals)
  await updatePayment(ctx.db, paymentId, { metadata: { ...(p.metadata ?? {}), sandboxCard: number } });
  await deliverSandboxOutcome(ctx, paymentId, sandboxOutcome(number));
  return (await findPayment(ctx.db, paymentId))!;
}

/**
 * "Try another card" after a declined sandbox payment: a declined payment is
 * closed (it is paid once), so the same purchase starts again as a fresh
 * payment of the same purpose and amount (a coupon is not carried over).
 */
export async function retrySandboxPayment(ctx: Ctx, userId: string, paymentId: string) {
  const p = await ownPayment(ctx, userId, paymentId);
  if (p.gateway !== 'sandbox') throw badRequest('This payment is not a sandbox payment', 'NOT_SANDBOX');
  if (p.status !== 'failed') throw conflict('Only a declined payment can be tried again', 'NOT_RETRYABLE');
  const { sandboxCard: _card, offSession: _off, ...metadata } = (p.metadata ?? {}) as Record<string, unknown>;
  const fresh = await insertPayment(ctx.db, {
    id: newId(),
    userId,
    gateway: 'sandbox',
    purpose: p.purpose,
    amountCents: p.amountCents,
    chargedCents: p.amountCents,
    currency: p.currency,
    metadata: { ...metadata, retryOf: p.id },
  });
  const created = await sandboxGateway(ctx.config).createPayment({
    paymentId: fresh.id,
    userId,
    amountCents: fresh.chargedCents,
    currency: fresh.currency,
    description: describePayment(fresh),
    returnUrl: '/',
  });
  return updatePayment(ctx.db, fresh.id, { externalId: created.externalId, checkoutUrl: created.checkoutUrl });
}

export async function sandboxConfirm(ctx: Ctx, userId: string, paymentId: string, approve: boolean) {
  const p = await ownPayment(ctx, userId, paymentId);
  if (p.status !== 'requires_action')
    throw conflict('This payment is not waiting for authentication', 'NO_ACTION_REQUIRED');
  await deliverSandboxOutcome(ctx, paymentId, approve ? 'success' : 'authentication_failed');
  return (await findPayment(ctx.db, paymentId))!;
}

// ---- saved cards

export function presentCard(c: typeof paymentCards.$inferSelect) {
  return {
    _id: c.id,
    gateway: c.gateway,
    brand: c.brand,
    last4: c.last4,
    expMonth: c.expMonth,
    expYear: c.expYear,
    holderName: c.holderName,
    isDefault: c.isDefault,
    createdAt: c.createdAt.toISOString(),
  };
}

export const cardsOf = (ctx: Ctx, userId: string) => listCards(ctx.db, userId);

async function insertCard(
  ctx: Ctx,
  userId: string,
  c: Omit<typeof paymentCards.$inferInsert, 'id' | 'userId' | 'isDefault'>,
) {
  const existing = await listCards(ctx.db, userId);
  const [row] = await ctx.db
    .insert(paymentCards)
    .values({ id: newId(), userId, ...c, isDefault: existing.length === 0 })
    .returning();
  return row;
}

async function addSandboxCard(
  ctx: Ctx,
  userId: string,
  b: { cardNumber?: string; expMonth?: number; expYear?: number; holderName?: string },
) {
  const number = b.cardNumber?.replace(/\D/g, '') ?? '';
  if (number.length < 12) throw badRequest('Enter a card number', 'CARD_REQUIRED');
  if (sandboxOutcome(number) === 'unknown') throw badRequest(SANDBOX_FAILURES.unknown, 'UNKNOWN_TEST_CARD');
  const year = ctx.now().getUTCFullYear();
  return insertCard(ctx, userId, {
    gateway: 'sandbox',
    // The sandbox keeps the test number itself (it is public test data, never a real card).
    externalId: `sbxcard:${number}`,
    brand: number.startsWith('4') ? 'visa' : 'card',
    last4: number.slice(-4),
    expMonth: b.expMonth ?? 12,
    expYear: b.expYear ?? year + 3,
    holderName: b.holderName ?? null,
  });
}

export async function addCard(
  ctx: Ctx,
  userId: string,
  gateway: GatewayName,
  b: { cardNumber?: string; expMonth?: number; expYear?: number; holderName?: string; paymentMethodId?: string },
) {
  if (gateway === 'sandbox') return addSandboxCard(ctx, userId, b);
  if (!b.paymentMethodId) throw badRequest('paymentMethodId is required for Stripe cards', 'PAYMENT_METHOD_REQUIRED');
  const stripe = stripeGateway(ctx.config).stripe;
  let customer = await gatewayAccount(ctx.db, userId, 'stripe', 'customer');
  if (!customer) {
    const c = await stripe.customers.create({ metadata: { userId } });
    [customer] = await ctx.db
      .insert(gatewayAccounts)
      .values({ id: newId(), userId, gateway: 'stripe', kind: 'customer', externalId: c.id })
      .onConflictDoNothing()
      .returning();
    customer ??= (await gatewayAccount(ctx.db, userId, 'stripe', 'customer'))!;
  }
  const pm = await stripe.paymentMethods.attach(b.paymentMethodId, { customer: customer.externalId });
  return insertCard(ctx, userId, {
    gateway: 'stripe',
    externalId: pm.id,
    brand: pm.card?.brand ?? 'card',
    last4: pm.card?.last4 ?? '????',
    expMonth: pm.card?.exp_month ?? 0,
    expYear: pm.card?.exp_year ?? 0,
    holderName: pm.billing_details?.name ?? null,
  });
}

export async function deleteCard(ctx: Ctx, userId: string, id: string) {
  const card = await findCard(ctx.db, userId, id);
  if (!card) throw notFound('Card');
  if (card.gateway === 'stripe' && ctx.config.STRIPE_SECRET_KEY) {
    await stripeGateway(ctx.config)
      .stripe.paymentMethods.detach(card.externalId)
      .catch((err) => ctx.log.warn({ err }, 'stripe detach failed'));
  }
  await ctx.db.delete(paymentCards).where(eq(paymentCards.id, id));
}

// ---- Stripe Connect (payouts)

export async function startConnectOnboarding(ctx: Ctx, userId: string, role: string) {
  if (role !== 'performer') throw forbidden('Only creators can connect a Stripe account');
  const stripe = stripeGateway(ctx.config).stripe;
  let account = await gatewayAccount(ctx.db, userId, 'stripe', 'connect');
  if (!account) {
    const a = await stripe.accounts.create({
      type: 'express',
      metadata: { userId },
      capabilities: { transfers: { requested: true } },
    });
    [account] = await ctx.db
      .insert(gatewayAccounts)
      .values({ id: newId(), userId, gateway: 'stripe', kind: 'connect', externalId: a.id })
      .returning();
  }
  const base = ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`;
  const link = await stripe.accountLinks.create({
    account: account.externalId,
    type: 'account_onboarding',
    refresh_url: `${base}/creator/payouts?stripe=refresh`,
    return_url: `${base}/creator/payouts?stripe=done`,
  });
  return { accountId: account.externalId, url: link.url, payoutsEnabled: account.payoutsEnabled };
}

/** Repo functions other modules may call (through this module's index.ts). */
export { findPayment, gatewayAccount } from './payments.repo';
