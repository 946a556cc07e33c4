import type { Order } from '@marquee/shared';
import { fromCents } from '@marquee/shared';
import type { OrderRow } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { ownAddress, toDeliveryAddress } from '../addresses/addresses.service';
import type { AuthUser } from '../auth/sessions';
import { notify } from '../notifications/notifications.service';
import { presentUserSummary } from '../wallet/wallet.presenter';
import { userSummaries } from '../wallet/wallet.repo';
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
  if (!o || (o.userId !== viewer.id && o.creatorId !== viewer.id && viewer.role !== 'admin')) throw notFound('Order');
  return o;
}

export async function getOrder(ctx: Ctx, viewer: AuthUser, id: string) {
  const o = await visibleOrder(ctx, viewer, id);
  return presentOrder(o, await userSummaries(ctx.db, [o.userId, o.creatorId]));
}

export async function listOrders(
  ctx: Ctx,
  by: { userId?: string; creatorId?: string },
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

/** The creator moves a physical order along processing → shipping → delivered and adds tracking; the fan is told. */
export async function updateOrderStatus(
  ctx: Ctx,
  viewer: AuthUser,
  id: string,
  b: { deliveryStatus?: 'processing' | 'shipping' | 'delivered'; shippingCode?: string; note?: string },
) {
  const updated = await ctx.db.transaction(async (tx) => {
    const o = await lockOrder(tx, id);
    if (!o || (o.creatorId !== viewer.id && viewer.role !== 'admin')) throw notFound('Order');
    if (b.deliveryStatus && !NEXT[o.deliveryStatus].includes(b.deliveryStatus)) {
      throw conflict(
        `An order that is ${o.deliveryStatus} cannot go back to ${b.deliveryStatus}`,
        'INVALID_ORDER_STATUS',
      );
    }
    return { before: o, after: await updateOrder(tx, id, b) };
  });
  if (b.deliveryStatus && b.deliveryStatus !== updated.before.deliveryStatus) {
    await notify(ctx, updated.after.userId, {
      kind: 'order',
      title: `Your order ${updated.after.orderNumber} is ${b.deliveryStatus}`,
      body: updated.after.shippingCode ? `Tracking: ${updated.after.shippingCode}` : undefined,
      link: `/user/orders/${updated.after.id}`,
      actorId: viewer.id,
    }).catch((err) => ctx.log.error({ err }, 'order notification failed'));
  }
  return getOrder(ctx, viewer, id);
}

/** The fan changes the delivery address while the order has not shipped. */
export async function changeDeliveryAddress(ctx: Ctx, viewer: AuthUser, id: string, addressId: string) {
  await ctx.db.transaction(async (tx) => {
    const o = await lockOrder(tx, id);
    if (!o || o.userId !== viewer.id) throw notFound('Order');
    if (!o.isPhysical) throw conflict('A digital order has no delivery address', 'NOT_PHYSICAL');
    if (o.deliveryStatus !== 'processing')
      throw conflict('The order has already shipped; the address can no longer change', 'ALREADY_SHIPPED');
    const address = await ownAddress(tx, viewer.id, addressId);
    await updateOrder(tx, id, { addressId: address.id, deliveryAddress: toDeliveryAddress(address) });
  });
  return getOrder(ctx, viewer, id);
}
