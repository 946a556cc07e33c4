import type { BuyableType } from '@marquee/shared';
import type { GatewayName } from '@marquee/shared/payments';
import type { Ctx } from '../../context';
import type { PaymentRow } from '../../db/schema';
import type { ViewerLocation } from '../blocks';
import { quoteCharge } from '../wallet';
import type { CardPurchaseItem, CardPurchaseMeta } from './card-purchases';
import { PURCHASE_PURPOSE } from './card-purchases';
import { insertPurposePayment, openCheckout } from './checkout';
import { findPayment, findPaymentByKey } from './payments.repo';

export interface CardPurchaseRequest {
  type: BuyableType;
  id: string;
  rent?: boolean;
  quantity?: number;
  deliveryAddressId?: string;
  gateway?: GatewayName;
  returnTo?: string;
}

/**
 * POST /payment/purchase/{type}/{id}: the item is priced and checked now (the wallet's own checks,
 * `quoteCharge`), a payment of its price is recorded and its hosted checkout opened at the fan's pick
 * among the single-purchase processors. Nothing is bought here: the approval's postback buys it
 * (card-purchases.ts). An Idempotency-Key replays the first payment.
 */
export async function createCardPurchase(
  ctx: Ctx,
  userId: string,
  b: CardPurchaseRequest,
  idempotencyKey?: string,
  geo?: ViewerLocation,
): Promise<PaymentRow> {
  const s = await ctx.settings.all();
  const gateway = ctx.settings.checkoutGateway(s, 'purchase', b.gateway);
  if (idempotencyKey) {
    const first = await findPaymentByKey(ctx.db, userId, idempotencyKey);
    if (first) return first;
  }
  const item: CardPurchaseItem = {
    type: b.type,
    id: b.id,
    rent: Boolean(b.rent),
    ...(b.quantity ? { quantity: b.quantity } : {}),
    ...(b.deliveryAddressId ? { deliveryAddressId: b.deliveryAddressId } : {}),
  };
  const payment = await ctx.db.transaction(async (tx) => {
    const q = await quoteCharge(ctx, tx, s, { userId, ...item, geo });
    const meta: CardPurchaseMeta = {
      title: q.item.title,
      creatorId: q.item.creatorId,
      item,
      ...(b.returnTo ? { returnTo: b.returnTo } : {}),
    };
    return insertPurposePayment(tx, {
      userId,
      gateway,
      purpose: PURCHASE_PURPOSE,
      amountCents: q.grossCents + q.shippingCents,
      currency: s.currency,
      metadata: meta,
      idempotencyKey: idempotencyKey ?? null,
    });
  });
  await openCheckout(ctx, payment.id, { returnUrl: b.returnTo ?? '/' });
  return (await findPayment(ctx.db, payment.id))!;
}
