import { fromCents } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { PaymentRow } from '../../db/schema';
import { AppError, conflict, notFound } from '../../lib/errors';
import { en } from '../../lib/i18n/en';
import { gatewayFor, type RefundAnswer } from '../../lib/payments';
import { clearing, platform, post, wallet } from '../ledger';
import { lockWallet, walletBalance } from '../wallet';
import { findPayment, lockPayment, updatePayment } from './payments.repo';

const TOKENS_SPENT = en['error.refundTokensSpent'];
const REFUND_REFUSED = en['error.refundRefused'];
const REFUND_PENDING = en['error.refundPending'];

/**
 * POST /admin/payments/{id}/refund (issue 23 item 14, docs/money.md "Refunds of top-ups"):
 * 1. one transaction locks the payment and the fan's wallet, re-checks both, takes the
 *    tokens out of the wallet (ledger `topup_refund`) and marks the payment `refund_pending` —
 *    so the fan can no longer spend them, and a spent top-up is refused (409) before any
 *    money moves at the gateway;
 * 2. only then the gateway is asked; its answer settles the refund: `refunded`, or on a
 *    refusal the tokens go back (`succeeded` again). No answer (unreachable) or "pending":
 *    the refund stays pending until the gateway's webhook (`payment.refunded` /
 *    `payment.refund_failed`) or a retry of this call settles it.
 */
export async function refundTopUp(ctx: Ctx, paymentId: string): Promise<PaymentRow> {
  const held = await ctx.db.transaction((tx) => holdRefund(tx, paymentId));
  await announceBalance(ctx, held.userId);
  let answer: RefundAnswer;
  try {
    answer = await gatewayFor(ctx.config, held.gateway).refund(held.externalId ?? '', held.chargedCents);
  } catch (err) {
    ctx.log.warn({ err, paymentId }, 'refund: no answer from the gateway, the refund stays pending');
    throw new AppError(502, REFUND_PENDING, 'REFUND_PENDING');
  }
  if (answer.status !== 'pending') {
    await ctx.db.transaction(async (tx) => {
      const p = await lockPayment(tx, paymentId);
      if (p) await settleRefund(tx, p, answer.status === 'succeeded' ? 'refunded' : 'failed');
    });
  }
  if (answer.status === 'failed') {
    await announceBalance(ctx, held.userId);
    throw new AppError(502, REFUND_REFUSED, 'REFUND_REFUSED');
  }
  return (await findPayment(ctx.db, paymentId))!;
}

/** Step 1: the tokens leave the wallet under lock, or the refund is refused. A pending refund is asked again. */
async function holdRefund(tx: Executor, paymentId: string): Promise<PaymentRow> {
  const p = await lockPayment(tx, paymentId);
  if (!p) throw notFound('Payment');
  if (p.status === 'refund_pending') return p;
  if (p.status === 'refunded') throw conflict(en['error.paymentAlreadyRefunded'], 'ALREADY_REFUNDED');
  if (p.status !== 'succeeded' || p.purpose !== 'topup' || !p.ledgerTransactionId)
    throw conflict(en['error.topUpNotRefundable'], 'NOT_REFUNDABLE');
  const balance = (await lockWallet(tx, p.userId)) ?? 0;
  if (balance < p.amountCents) throw conflict(TOKENS_SPENT, 'TOKENS_SPENT');
  // the opposite of the top-up: the card gets the charge back, the platform its coupon discount
  const hold = await post(tx, {
    kind: 'topup_refund',
    reference: `payment:${p.id}`,
    entries: [
      { account: wallet(p.userId), amount: -p.amountCents },
      { account: clearing(p.gateway), amount: p.chargedCents },
      { account: platform, amount: p.discountCents },
    ],
  });
  return updatePayment(tx, p.id, {
    status: 'refund_pending',
    metadata: { ...(p.metadata ?? {}), refundTransactionId: hold.transactionId },
  });
}

/**
 * Step 2, from the gateway's answer or its webhook, in the caller's transaction with the
 * payment locked: `refunded`, or `failed` → the held tokens go back to the wallet. Only a
 * pending refund changes: a replayed or late answer changes nothing.
 */
export async function settleRefund(tx: Executor, p: PaymentRow, outcome: 'refunded' | 'failed'): Promise<string> {
  if (p.status !== 'refund_pending') return `ignored (${p.status})`;
  if (outcome === 'refunded') {
    await updatePayment(tx, p.id, { status: 'refunded' });
    return 'refunded';
  }
  const { refundTransactionId, ...metadata } = (p.metadata ?? {}) as Record<string, unknown>;
  await post(tx, {
    kind: 'topup_refund_failed',
    reference: `payment:${p.id}`,
    reversesId: typeof refundTransactionId === 'string' ? refundTransactionId : null,
    entries: [
      { account: wallet(p.userId), amount: p.amountCents },
      { account: clearing(p.gateway), amount: -p.chargedCents },
      { account: platform, amount: -p.discountCents },
    ],
  });
  await updatePayment(tx, p.id, { status: 'succeeded', metadata });
  return 'refund failed';
}

async function announceBalance(ctx: Ctx, userId: string) {
  ctx.realtime.toUser(userId, 'balance/updated', { balance: fromCents(await walletBalance(ctx.db, userId)) });
}
