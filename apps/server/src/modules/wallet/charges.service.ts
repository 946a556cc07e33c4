import { fromCents, RENT_TYPES, toCents } from '@marquee/shared';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Db, Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type OrderRow, users, type WalletChargeRow } from '../../db/schema';
import { appError, badRequest, conflict, forbidden, notFound, paymentRequired, unprocessable } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { ownAddress, toDeliveryAddress } from '../addresses';
import type { ViewerLocation } from '../blocks';
import { couponTooLarge, platformFunding, redeemCoupon } from '../coupons';
import { findOne as findEntitlement, grant, grantRent } from '../entitlements';
import { findFeed } from '../feeds';
import { creditEarnings, wallet } from '../ledger';
import { notify } from '../notifications';
import { insertOrder } from '../orders';
import { assertCreatorCanEarn } from '../performers';
import type { SiteSettings } from '../settings';
import { type Purchasable, purchasable } from './purchasables';
import { assertMayPurchase } from './purchase-guard';
import { findChargeByKey, insertCharge, lockWallet } from './wallet.repo';

export const INSUFFICIENT_BALANCE = 'Insufficient balance, please top up your wallet';

export interface ChargeRequest {
  /** The paying fan. */
  userId: string;
  /** 'tip' or a registered purchasable type. */
  type: string;
  /** The item id (the creator's user id for tips). */
  id: string;
  rent?: boolean;
  /** Tips: the amount in cents. */
  amountCents?: number;
  /** Tips: a note shown to the creator. */
  message?: string;
  /** Tips: the creator's post the tip was sent from. */
  feedId?: string;
  quantity?: number;
  deliveryAddressId?: string;
  couponCode?: string;
  idempotencyKey?: string;
  /** Where the request comes from (`requestGeo`): creator and site geo blocks apply. */
  geo?: ViewerLocation;
  /** A card purchase: what the processor took (price × quantity + shipping); another price is refused. */
  expectedCents?: number;
}

export interface ChargeOutcome {
  charge: WalletChargeRow;
  order: OrderRow | null;
  /** The fan's balance after the charge, in cents. */
  balance: number;
  replayed: boolean;
}

export interface WalletPayInput {
  userId: string;
  creatorId: string;
  /** Charge type / earnings source: tip, video, subscription, stream_minute … */
  type: string;
  title: string;
  grossCents: number;
  discountCents?: number;
  /** The part of the discount the platform funds (coupons.service `platformFunding`). */
  fundedCents?: number;
  couponId?: string | null;
  objectType?: string | null;
  objectId?: string | null;
  isRent?: boolean;
  rentExpiresAt?: Date | null;
  quantity?: number;
  message?: string | null;
  orderId?: string | null;
  idempotencyKey?: string | null;
  /** Pre-generated charge id (when other rows must reference it first). */
  chargeId?: string;
  /** Product shipping: paid on top of the price, passed to the creator without commission. */
  shippingCents?: number;
}

/**
 * The low-level wallet payment, for use INSIDE a caller's transaction
 * (subscriptions paid from the wallet, per-minute stream billing): locks the
 * fan's wallet, refuses with 402 when the balance is short, debits it, pays the
 * creator (less commission) and referrers through the ledger, and records the
 * charge. Rights checks and what was bought are the caller's.
 * `s` = `await ctx.settings.all()`, read before the transaction (no second connection inside it).
 */
export async function walletPay(
  ctx: Ctx,
  tx: Executor,
  s: SiteSettings,
  p: WalletPayInput,
): Promise<{ charge: WalletChargeRow; balance: number }> {
  const balance = await lockWallet(tx, p.userId);
  if (balance === null) throw notFound('User');
  // One earning rule for every wallet payment (performers/earning-policy.ts).
  await assertCreatorCanEarn(tx, p.creatorId);
  const shipping = p.shippingCents ?? 0;
  const paid = p.grossCents - (p.discountCents ?? 0) + shipping;
  if (balance < paid) throw paymentRequired(INSUFFICIENT_BALANCE);
  const chargeId = p.chargeId ?? newId();
  const credited = await creditEarnings(ctx, tx, s, {
    creatorId: p.creatorId,
    fanId: p.userId,
    source: p.type,
    grossCents: p.grossCents,
    discountCents: p.discountCents,
    fundedCents: p.fundedCents,
    payFrom: wallet(p.userId),
    kind: p.type === 'tip' ? 'tip' : 'charge',
    reference: `charge:${chargeId}`,
    passThroughCents: shipping,
  });
  const charge = await insertCharge(tx, {
    id: chargeId,
    userId: p.userId,
    creatorId: p.creatorId,
    type: p.type,
    objectType: p.objectType ?? null,
    objectId: p.objectId ?? null,
    isRent: p.isRent ?? false,
    rentExpiresAt: p.rentExpiresAt ?? null,
    title: p.title,
    quantity: p.quantity ?? 1,
    grossCents: p.grossCents,
    discountCents: p.discountCents ?? 0,
    paidCents: credited.split.paid + shipping,
    commissionCents: credited.split.commission,
    netCents: credited.split.net + shipping,
    referralCents: credited.split.creatorReferral + credited.split.fanReferral,
    couponId: p.couponId ?? null,
    orderId: p.orderId ?? null,
    message: p.message ?? null,
    ledgerTransactionId: credited.transactionId,
    idempotencyKey: p.idempotencyKey ?? null,
  });
  return { charge, balance: credited.balances.get(`wallet:${p.userId}`) ?? balance - paid };
}

/**
 * POST /wallet/charges/{type}/{id}: one transaction that checks the price and
 * the right to buy, debits the wallet, pays creator/referrers/platform, writes
 * the entitlement (rent: with expiry) and, for products, the order with stock
 * taken. An Idempotency-Key replays the first result. Realtime after commit.
 */
export async function chargeWallet(ctx: Ctx, req: ChargeRequest): Promise<ChargeOutcome> {
  const s = await ctx.settings.all();
  const outcome = await ctx.db.transaction(async (tx) => chargeInTx(ctx, tx, s, req));
  if (!outcome.replayed) await notifyCharge(ctx, outcome);
  return outcome;
}

export async function chargeInTx(ctx: Ctx, tx: Executor, s: SiteSettings, req: ChargeRequest): Promise<ChargeOutcome> {
  // The fan's row lock serialises this fan's charges: balance, "already bought" and idempotency checks below are race-free.
  const balance = await lockWallet(tx, req.userId);
  if (balance === null) throw notFound('User');
  if (req.idempotencyKey) {
    const first = await findChargeByKey(tx, req.userId, req.idempotencyKey);
    if (first) {
      const sameRequest =
        first.type === req.type &&
        (req.type === 'tip' ? first.creatorId === req.id : first.objectId === req.id) &&
        first.isRent === Boolean(req.rent);
      if (!sameRequest) throw conflict(msg('error.wallet.idempotencyKeyReused'), 'IDEMPOTENCY_KEY_REUSED');
      return { charge: first, order: null, balance, replayed: true };
    }
  }
  if (req.type === 'tip') return tip(ctx, tx, s, req, balance);

  const q = await quoteCharge(ctx, tx, s, req);
  const {
    reg,
    item,
    priceCents,
    rentDays,
    quantity,
    grossCents,
    shippingCents,
    isProduct,
    deliveryAddress,
    addressId,
  } = q;
  if (req.expectedCents !== undefined && grossCents + shippingCents !== req.expectedCents)
    throw conflict(msg('error.wallet.priceChanged'), 'PRICE_CHANGED');
  const chargeId = newId();
  const coupon = req.couponCode
    ? await redeemCoupon(tx, {
        code: req.couponCode,
        userId: req.userId,
        target: 'purchase',
        amountCents: grossCents,
        reference: `charge:${chargeId}`,
        at: ctx.now(),
      })
    : null;
  const discountCents = coupon?.discountCents ?? 0;
  if (balance < grossCents - discountCents) throw paymentRequired(INSUFFICIENT_BALANCE);
  const fundedCents = await platformFunding(tx, s, item.creatorId, discountCents);
  if (grossCents - discountCents + fundedCents + shippingCents === 0) throw couponTooLarge();

  let rentExpiresAt: Date | null = null;
  const ent = {
    userId: req.userId,
    objectType: item.objectType,
    objectId: req.id,
    creatorId: item.creatorId,
    reference: `charge:${chargeId}`,
  };
  if (req.rent) rentExpiresAt = (await grantRent(tx, { ...ent, days: rentDays! })).expiresAt;
  else await grant(tx, { ...ent, source: 'purchase', expiresAt: null });

  let order: OrderRow | null = null;
  if (isProduct) {
    if (reg.hooks.takeStock && !(await reg.hooks.takeStock(tx, req.id, quantity))) {
      throw conflict(msg('error.wallet.outOfStock'), 'OUT_OF_STOCK');
    }
    order = await insertOrder(tx, {
      userId: req.userId,
      creatorId: item.creatorId,
      productId: req.id,
      chargeId,
      title: item.title,
      quantity,
      unitPriceCents: priceCents,
      subtotalCents: grossCents,
      shippingCents,
      totalCents: grossCents + shippingCents,
      isPhysical: Boolean(item.isPhysical),
      deliveryStatus: item.isPhysical ? 'processing' : 'delivered',
      deliveryAddress,
      addressId,
    });
  }

  const paid = await walletPay(ctx, tx, s, {
    chargeId,
    userId: req.userId,
    creatorId: item.creatorId,
    type: req.type,
    title: item.title,
    grossCents,
    discountCents,
    fundedCents,
    couponId: coupon?.coupon.id ?? null,
    objectType: item.objectType,
    objectId: req.id,
    isRent: Boolean(req.rent),
    rentExpiresAt,
    quantity,
    shippingCents,
    orderId: order?.id ?? null,
    idempotencyKey: req.idempotencyKey ?? null,
  });
  return { charge: paid.charge, order, balance: paid.balance, replayed: false };
}

/**
 * Everything a purchase checks before money moves (the item, its price, the right to buy, "already
 * bought", stock, the delivery address): the wallet charge runs it in its transaction, and a card
 * purchase (payments' `purchase` purpose) runs it when the checkout opens and again, through the
 * charge, when the processor's approval arrives.
 */
export async function quoteCharge(ctx: Ctx, tx: Executor, s: SiteSettings, req: ChargeRequest) {
  const reg = purchasable(req.type);
  if (!reg) throw appError(404, 'NOT_AVAILABLE', msg('error.wallet.notAvailable'));
  const item = await reg.resolve(tx, req.id, req.userId);
  if (!item) throw appError(404, 'NOT_AVAILABLE', msg('error.wallet.notAvailable'));
  if (item.creatorId === req.userId) throw forbidden(msg('error.cannotBuyOwn'));
  await assertMayPurchase({ db: tx as Db }, s, { creatorId: item.creatorId, userId: req.userId, geo: req.geo });
  const { priceCents, rentDays } = priceOf(req, item);

  const isProduct = req.type === 'product';
  const quantity = isProduct ? (req.quantity ?? 1) : 1;
  if (!isProduct) {
    const held = await findEntitlement(tx, req.userId, item.objectType, req.id);
    const active = held && !held.revokedAt && (!held.expiresAt || held.expiresAt > ctx.now());
    if (active && held.source !== 'rent') throw conflict(msg('error.wallet.alreadyBought'), 'ALREADY_BOUGHT');
    if (active && req.type === 'stream') throw conflict(msg('error.wallet.streamAlreadyPaid'), 'ALREADY_BOUGHT');
  }
  if (isProduct && item.stock !== null && item.stock !== undefined && item.stock < quantity) {
    throw conflict(
      item.stock === 0 ? 'This product is out of stock' : `Only ${item.stock} left in stock`,
      'OUT_OF_STOCK',
    );
  }
  let deliveryAddress = null;
  let addressId: string | null = null;
  if (isProduct && item.isPhysical) {
    if (!req.deliveryAddressId) throw badRequest(msg('error.wallet.addressRequired'), 'ADDRESS_REQUIRED');
    const address = await ownAddress(tx, req.userId, req.deliveryAddressId);
    deliveryAddress = toDeliveryAddress(address);
    addressId = address.id;
  }
  const grossCents = priceCents * quantity;
  // Physical goods: the shipping fee once per order, on top of price × quantity (docs/catalogue.md).
  const shippingCents = isProduct && item.isPhysical ? Math.max(0, item.shippingFeeCents ?? 0) : 0;
  return {
    reg,
    item,
    priceCents,
    rentDays,
    quantity,
    grossCents,
    shippingCents,
    isProduct,
    deliveryAddress,
    addressId,
  };
}

function priceOf(req: ChargeRequest, item: Purchasable): { priceCents: number; rentDays: number | null } {
  if (req.rent) {
    if (
      !(RENT_TYPES as readonly string[]).includes(req.type) ||
      !item.rentPriceCents ||
      item.rentPriceCents <= 0 ||
      !item.rentDays
    ) {
      throw unprocessable(msg('error.wallet.notRentable'), 'NOT_RENTABLE');
    }
    return { priceCents: item.rentPriceCents, rentDays: item.rentDays };
  }
  if (!item.forSale || !Number.isSafeInteger(item.priceCents) || item.priceCents <= 0) {
    throw unprocessable(msg('error.wallet.notForSale'), 'NOT_FOR_SALE');
  }
  return { priceCents: item.priceCents, rentDays: null };
}

async function tip(
  ctx: Ctx,
  tx: Executor,
  s: SiteSettings,
  req: ChargeRequest,
  balance: number,
): Promise<ChargeOutcome> {
  const amount = req.amountCents ?? 0;
  const min = toCents(s.minimumTipPrice);
  const max = toCents(s.maximumTipPrice);
  if (amount < min || amount > max) {
    throw badRequest(
      `Tip amount must be between ${fromCents(min).toFixed(2)} and ${fromCents(max).toFixed(2)}`,
      'TIP_OUT_OF_RANGE',
    );
  }
  const [creator] = await tx
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(eq(users.id, req.id), eq(users.role, 'performer')))
    .limit(1);
  if (creator?.status !== 'active') throw notFound('Creator');
  if (creator.id === req.userId) throw forbidden(msg('error.cannotTipSelf'));
  await assertMayPurchase({ db: tx as Db }, s, { creatorId: creator.id, userId: req.userId, geo: req.geo });
  if (balance < amount) throw paymentRequired(INSUFFICIENT_BALANCE);
  const post = req.feedId ? await tippedPost(tx, creator.id, req.feedId) : null;
  const paid = await walletPay(ctx, tx, s, {
    userId: req.userId,
    creatorId: creator.id,
    type: 'tip',
    title: post ? 'Tip on a post' : 'Tip',
    objectType: post ? 'feed' : undefined,
    objectId: post?.id,
    grossCents: amount,
    message: req.message?.trim() || null,
    idempotencyKey: req.idempotencyKey ?? null,
  });
  return { charge: paid.charge, order: null, balance: paid.balance, replayed: false };
}

/** The creator's published, not taken down post a tip names, or 404. */
async function tippedPost(tx: Executor, creatorId: string, feedId: string) {
  const post = await findFeed(tx, feedId);
  if (!post || post.performerId !== creatorId || post.status !== 'published' || post.takenDownAt) {
    throw notFound('Post');
  }
  return post;
}

/** After commit: the fan's balance in realtime, and a notification to the creator. */
export async function notifyCharge(ctx: Ctx, o: Pick<ChargeOutcome, 'charge' | 'balance'>) {
  const c = o.charge;
  ctx.realtime.toUser(c.userId, 'balance/updated', { balance: fromCents(o.balance) });
  const amount = fromCents(c.grossCents).toFixed(2);
  await notify(ctx, c.creatorId, {
    kind: c.type === 'tip' ? 'tip' : c.type === 'product' ? 'order' : 'purchase',
    title:
      c.type === 'tip'
        ? msg('notify.charge.tip', { amount })
        : msg(c.isRent ? 'notify.charge.rented' : 'notify.charge.bought', { title: c.title, amount }),
    body: c.message ?? undefined,
    link:
      c.type === 'product' ? '/creator/orders' : c.objectType === 'feed' ? `/post/${c.objectId}` : '/creator/earnings',
    actorId: c.userId,
    data: { chargeId: c.id, type: c.type },
  }).catch((err) => ctx.log.error({ err }, 'charge notification failed'));
}
