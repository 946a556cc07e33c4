import type { BuyableType } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { PaymentRow } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { SiteSettings } from '../settings';
import { chargeInTx, notifyCharge } from '../wallet';
import { updatePayment } from './payments.repo';
import type { AfterCommit } from './purposes';

/**
 * Single purchases by card (issue 25: a post, a message, a catalogue item or a product bought on a
 * processor's hosted page instead of from the wallet). The model: the processor's approval is a
 * wallet credit of the item's price (clearing → wallet, like a top-up) and, in the SAME database
 * transaction, the wallet charge of the item (the one charge engine, wallet/charges.service.ts: the
 * entitlement, the order and stock, the creator's earnings), keyed by the payment so it happens once.
 * When the item can no longer be bought (sold out, bought meanwhile, price changed, the creator can no
 * longer sell), only the charge is rolled back (a savepoint): the fan keeps the amount as tokens.
 * A refund or chargeback at the processor reverses the item's charge first, then takes the tokens back
 * (`chargeBack` in payments.service.ts, the top-up rules).
 */
export const PURCHASE_PURPOSE = 'purchase';

export interface CardPurchaseItem {
  type: BuyableType;
  id: string;
  rent: boolean;
  quantity?: number;
  deliveryAddressId?: string;
}

export interface CardPurchaseMeta {
  [key: string]: unknown;
  title: string;
  /** The creator paid (chargeback ratio per creator). */
  creatorId: string;
  item: CardPurchaseItem;
  returnTo?: string;
  /** The wallet charge that bought the item, once the payment succeeded. */
  chargeId?: string;
  /** Why the item was not bought when the payment succeeded (an error code); the amount stayed in the wallet. */
  undelivered?: string;
}

export const purchaseMetaOf = (p: PaymentRow) => p.metadata as unknown as CardPurchaseMeta;

/** Inside the approval's transaction, after the wallet credit: buy the item with it. */
export async function deliverCardPurchase(
  ctx: Ctx,
  tx: Executor,
  s: SiteSettings,
  p: PaymentRow,
  after: AfterCommit[],
): Promise<string> {
  const meta = purchaseMetaOf(p);
  try {
    const outcome = await tx.transaction((sp) =>
      chargeInTx(ctx, sp, s, {
        userId: p.userId,
        ...meta.item,
        expectedCents: p.amountCents,
        idempotencyKey: `payment:${p.id}`,
      }),
    );
    await updatePayment(tx, p.id, { metadata: { ...meta, chargeId: outcome.charge.id } });
    if (!outcome.replayed) after.push(() => notifyCharge(ctx, outcome));
    return 'bought';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    ctx.log.warn({ paymentId: p.id, code: err.code }, 'card purchase credited to the wallet, item not bought');
    await updatePayment(tx, p.id, { metadata: { ...meta, undelivered: err.code } });
    return `credited (not bought: ${err.code})`;
  }
}
