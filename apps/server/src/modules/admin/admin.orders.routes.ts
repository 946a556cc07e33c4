import {
  adminOrderQuerySchema,
  adminOrderStatusBodySchema,
  idParamsSchema,
  listResponseSchema,
  orderSchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import { isUuid } from '../../db/ids';
import { notFound } from '../../lib/errors';
import { changeOrderStatus, getOrder, listOrders, tellOrderStatus } from '../orders';
import { adminActor, inAdminTx } from './admin.common';

const tags = ['admin'];

export default async function adminOrdersRoutes(app: App) {
  app.get(
    '/admin/orders',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: every order (filter by delivery status, fan, creator; q = order number or title)',
        querystring: adminOrderQuerySchema,
        response: { 200: listResponseSchema(orderSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const { userId, creatorId, q, ...page } = req.query;
      return listOrders(app.ctx, { userId, creatorId, q }, { ...page, sortBy: 'createdAt' });
    },
  );

  app.put(
    '/admin/orders/:id/status',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Admin: move an order along processing → shipping → delivered; the buyer and the creator are told',
        params: idParamsSchema,
        body: adminOrderStatusBodySchema,
        response: { 200: orderSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      if (!isUuid(req.params.id)) throw notFound('Order');
      const { reason, ...change } = req.body;
      const { before, after } = await inAdminTx(app.ctx, actor, async (_txCtx, tx, record) => {
        const res = await changeOrderStatus(tx, req.params.id, change, () => true);
        await record({
          action: 'order.status',
          targetType: 'order',
          targetId: res.after.id,
          before: { deliveryStatus: res.before.deliveryStatus, shippingCode: res.before.shippingCode },
          after: { deliveryStatus: res.after.deliveryStatus, shippingCode: res.after.shippingCode },
          reason,
        });
        return res;
      });
      await tellOrderStatus(app.ctx, before, after, actor.user.id);
      return getOrder(app.ctx, actor.user, after.id);
    },
  );
}
