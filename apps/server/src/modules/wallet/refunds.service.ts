import { fromCents } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { earnings, entitlements, referralEarnings, type WalletChargeRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { revoke } from '../entitlements';
import { COUPON_FUNDING, findTransactionByReference, reverse } from '../ledger';
import { findOrder, updateOrder } from '../orders';
import { purchasable } from './purchasables';
import { lockCharge, setChargeStatus, walletBalance } from './wallet.repo';

export type ReversalKind = 'refund' | 'chargeback';

/**
 * Reverses a wallet charge inside the caller's transaction (business-rules:
 * refund): the exact opposite ledger entries, so the fan gets back what they
 * paid, the creator loses the NET they earned (not the gross), the platform its
 * commission, referrers their shares. The entitlement is revoked, a product's
 * order marked refunded and its stock restored.
 */
export async function reverseChargeInTx(
  ctx: Ctx,
  tx: Executor,
  chargeId: string,
  kind: ReversalKind,
  memo?: string,
): Promise<WalletChargeRow> {
  const charge = await lockCharge(tx, chargeId);
  if (!charge) throw notFound('Charge');
  if (charge.status !== 'paid') throw conflict(msg('error.wallet.chargeAlreadyRefunded'), 'ALREADY_REFUNDED');
  await reverse(tx, charge.ledgerTransactionId, { kind, reference: `charge:${charge.id}`, memo });
  // a platform-funded coupon discount goes back to the platform: the fan gets back only what they paid
  const funding = await findTransactionByReference(tx, COUPON_FUNDING, `charge:${charge.id}`);
  if (funding) await reverse(tx, funding.id, { kind, reference: `charge:${charge.id}`, memo });
  const at = ctx.now();
  await setChargeStatus(tx, charge.id, kind === 'refund' ? 'refunded' : 'chargeback', at);
  const status = kind === 'refund' ? 'refunded' : 'chargeback';
  await tx.update(earnings).set({ status }).where(eq(earnings.ledgerTransactionId, charge.ledgerTransactionId));
  await tx
    .update(referralEarnings)
    .set({ status })
    .where(eq(referralEarnings.ledgerTransactionId, charge.ledgerTransactionId));
  if (charge.objectType && charge.objectId) {
    // Only the access this charge gave: a later purchase of the same item keeps its own.
    const [held] = await tx
      .select({ reference: entitlements.reference })
      .from(entitlements)
      .where(
        and(
          eq(entitlements.userId, charge.userId),
          eq(entitlements.objectType, charge.objectType),
          eq(entitlements.objectId, charge.objectId),
        ),
      );
    if (held?.reference === `charge:${charge.id}`) await revoke(tx, charge.userId, charge.objectType, charge.objectId);
  }
  if (charge.orderId) {
    const order = await findOrder(tx, charge.orderId);
    if (order && order.deliveryStatus !== 'refunded') {
      await updateOrder(tx, order.id, { deliveryStatus: 'refunded' });
      await purchasable('product')?.hooks.restoreStock?.(tx, order.productId, order.quantity);
    }
  }
  return charge;
}

/** Admin refund of a wallet purchase or tip. */
export async function refundCharge(ctx: Ctx, chargeId: string, memo?: string) {
  const charge = await ctx.db.transaction((tx) => reverseChargeInTx(ctx, tx, chargeId, 'refund', memo));
  const balance = await walletBalance(ctx.db, charge.userId);
  ctx.realtime.toUser(charge.userId, 'balance/updated', { balance: fromCents(balance) });
  return { chargeId: charge.id, balance };
}
