import type { BuyableType } from '@marquee/shared';
import type { Executor } from '../../db/client';

/**
 * The charge registry: content modules tell the wallet how to price and
 * describe their items, so one charge engine (charges.service.ts) sells
 * everything. A content module calls, once at import time of its routes:
 *
 *   registerPurchasable('video', async (tx, id, viewerId) => {
 *     const v = await findVideo(tx, id);
 *     return v && { creatorId: v.performerId, title: v.title, priceCents: v.price, forSale: v.isSale, objectType: 'video' };
 *   });
 */
/** The sellable types are one list in shared (`BUYABLE_TYPES`, `RENT_TYPES`). */
export type PurchasableType = BuyableType;

export interface Purchasable {
  /** The creator who is paid (user id). */
  creatorId: string;
  title: string;
  /** Buy price in cents; must be > 0 when forSale. */
  priceCents: number;
  /** Only for-sale items can be bought. */
  forSale: boolean;
  /** Rent price in cents and rental period, for rentable items. */
  rentPriceCents?: number | null;
  rentDays?: number | null;
  /** Products: physical goods need a delivery address and create a 'processing' order. */
  isPhysical?: boolean;
  /** Products: shipping fee in cents for physical goods, once per order (charged on top, no commission). */
  shippingFeeCents?: number | null;
  /** Products: units left (null/undefined = unlimited). */
  stock?: number | null;
  /** The entitlement object type written on purchase (usually the type itself). */
  objectType: string;
}

export type PurchasableResolver = (tx: Executor, id: string, viewerId: string) => Promise<Purchasable | null>;

export interface PurchasableHooks {
  /**
   * Products: atomically take `quantity` units inside the charge's transaction,
   * e.g. `update products set stock = stock - $q where id = $id and stock >= $q`;
   * return false when not enough are left (the charge is rolled back, 409).
   */
  takeStock?: (tx: Executor, id: string, quantity: number) => Promise<boolean>;
  /** Products: give units back on refund. */
  restoreStock?: (tx: Executor, id: string, quantity: number) => Promise<void>;
}

interface Registration {
  resolve: PurchasableResolver;
  hooks: PurchasableHooks;
}

const registry = new Map<PurchasableType, Registration>();

export function registerPurchasable(
  type: PurchasableType,
  resolve: PurchasableResolver,
  hooks: PurchasableHooks = {},
): void {
  registry.set(type, { resolve, hooks });
}

/** Tests only: forget a registration. */
export function unregisterPurchasable(type: PurchasableType): void {
  registry.delete(type);
}

export function purchasable(type: string): Registration | null {
  return registry.get(type as PurchasableType) ?? null;
}
