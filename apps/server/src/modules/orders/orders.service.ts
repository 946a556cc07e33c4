import type { Order } from '@marquee/shared';
import { fromCents } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { OrderRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { deliveryStatusWord } from '../../lib/i18n/words';
import { ownAddress, toDeliveryAddress } from '../addresses';
import type { AuthUser } from '../auth';
import { notify } from '../notifications';
import { userSummaries } from '../users';
import { presentUserSummary } from '../wallet';
import { canChangeOrderStatus, canSeeOrder, isOrderBuyer } from './orders.policy';
import { findOrder, lockOrder, searchOrders, updateOrder } from './orders.repo';

type People = Awaited<ReturnType<typeof userSummaries>>;

export function presentOrder(o: OrderRow, people?: People): Order {
  return {
    _id: o.id,
    orderNumber: o.orderNumber,
    productId: o.productId,
    chargeId: o.chargeId,
    title: o.title,
    quantity: o.quantity,
    unitPrice: fromCents(o.unitPriceCents),
    totalPrice: fromCents(o.totalCents),
    subtotalPrice: fromCents(o.subtotalCents),
    shippingPrice: fromCents(o.shippingCents),
    isPhysical: o.isPhysical,
    deliveryStatus: o.deliveryStatus,
    deliveryAddress: o.deliveryAddress,
    shippingCode: o.shippingCode,
    note: o.note,
    userId: o.userId,
    performerId: o.creatorId,
    user: presentUserSummary(people?.get(o.userId)),
    performer: presentUserSummary(people?.get(o.creatorId)),
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

/** The buyer, the seller and admins may see an order; anyone else gets 404. */
async function visibleOrder(ctx: Ctx, viewer: AuthUser, id: string) {
  const o = await findOrder(ctx.db, id);
  if (!o || !canSeeOrder(viewer, o)) throw notFound('Order');
  return o;
}

export async function getOrder(ctx: Ctx, viewer: AuthUser, id: string) {
  const o = await visibleOrder(ctx, viewer, id);
  return presentOrder(o, await userSummaries(ctx.db, [o.userId, o.creatorId]));
}

export async function listOrders(
  ctx: Ctx,
  by: { userId?: string; creatorId?: string; q?: string },
  q: {
    page: number;
    pageSize: number;
    sortBy: 'createdAt' | 'updatedAt';
    sort: 'asc' | 'desc';
    deliveryStatus?: string;
  },
) {
  const { rows, total } = await searchOrders(
    ctx.db,
    { ...by, deliveryStatus: q.deliveryStatus },
    {
      offset: (q.page - 1) * q.pageSize,
      limit: q.pageSize,
      sortBy: q.sortBy,
      sort: q.sort,
    },
  );
  const people = await userSummaries(
    ctx.db,
    rows.flatMap((r) => [r.userId, r.creatorId]),
  );
  return { data: rows.map((r) => presentOrder(r, people)), total };
}

const NEXT: Record<string, string[]> = {
  processing: ['processing', 'shipping', 'delivered'],
  shipping: ['shipping', 'delivered'],
  delivered: ['delivered'],
  refunded: [],
};

export type OrderStatusChange = {
  deliveryStatus?: 'processing' | 'shipping' | 'delivered';
  shippingCode?: string;
  note?: string;
};

/**
 * Moves a locked order along processing → shipping → delivered (never back; a refunded
 * order is final), inside the caller's transaction. `mayChange` says whether this
 * actor may touch the order (404 otherwise).
 */
export async function changeOrderStatus(
  tx: Executor,
  id: string,
  b: OrderStatusChange,
  mayChange: (o: OrderRow) => boolean,
) {
  const o = await lockOrder(tx, id);
  if (!o || !mayChange(o)) throw notFound('Order');
  if (b.deliveryStatus && !NEXT[o.deliveryStatus].includes(b.deliveryStatus)) {
    throw conflict(
      o.deliveryStatus === 'refunded'
        ? 'A refunded order cannot change status'
        : `An order that is ${o.deliveryStatus} cannot go back to ${b.deliveryStatus}`,
      'INVALID_ORDER_STATUS',
    );
  }
  return { before: o, after: await updateOrder(tx, id, b) };
}

/** After commit: the buyer and the creator hear of a status change, except whoever made it. */
export async function tellOrderStatus(ctx: Ctx, before: OrderRow, after: OrderRow, actorId: string) {
  if (after.deliveryStatus === before.deliveryStatus) return;
  const tracking = after.shippingCode ? msg('notify.order.tracking', { code: after.shippingCode }) : undefined;
  const status = deliveryStatusWord(after.deliveryStatus);
  const number = after.orderNumber;
  const notices = [
    { to: after.userId, title: msg('notify.order.fan', { number, status }), link: '/user/orders' },
    {
      to: after.creatorId,
      title: msg('notify.order.creator', { number, title: after.title, status }),
      link: '/creator/orders',
    },
  ].filter((n) => n.to !== actorId);
  for (const n of notices) {
    await notify(ctx, n.to, { kind: 'order', title: n.title, body: tracking, link: n.link, actorId }).catch((err) =>
      ctx.log.error({ err }, 'order notification failed'),
    );
  }
}

/** The creator moves a physical order along processing → shipping → delivered and adds tracking; the fan is told. */
export async function updateOrderStatus(ctx: Ctx, viewer: AuthUser, id: string, b: OrderStatusChange) {
  const { before, after } = await ctx.db.transaction((tx) =>
    changeOrderStatus(tx, id, b, (o) => canChangeOrderStatus(viewer, o)),
  );
  await tellOrderStatus(ctx, before, after, viewer.id);
  return getOrder(ctx, viewer, id);
}

/** The fan changes the delivery address while the order has not shipped. */
export async function changeDeliveryAddress(ctx: Ctx, viewer: AuthUser, id: string, addressId: string) {
  await ctx.db.transaction(async (tx) => {
    const o = await lockOrder(tx, id);
    if (!o || !isOrderBuyer(viewer, o)) throw notFound('Order');
    if (!o.isPhysical) throw conflict(msg('error.orders.digitalNoAddress'), 'NOT_PHYSICAL');
    if (o.deliveryStatus !== 'processing') throw conflict(msg('error.orders.alreadyShipped'), 'ALREADY_SHIPPED');
    const address = await ownAddress(tx, viewer.id, addressId);
    await updateOrder(tx, id, { addressId: address.id, deliveryAddress: toDeliveryAddress(address) });
  });
  return getOrder(ctx, viewer, id);
}

/** Repo functions other modules may call (through this module's index.ts). */
export { findOrder, insertOrder, updateOrder } from './orders.repo';
