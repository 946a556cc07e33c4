import {
  listResponseSchema,
  orderAddressBodySchema,
  orderSchema,
  orderSearchQuerySchema,
  orderUpdateBodySchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { changeDeliveryAddress, getOrder, listOrders, updateOrderStatus } from './orders.service';

const idParams = z.object({ id: z.string().uuid() });

export default async function ordersRoutes(app: App) {
  const ctx = app.ctx;
  app.get(
    '/orders/search',
    {
      config: { access: 'performer' },
      schema: {
        tags: ['orders'],
        summary: "The signed-in creator's orders",
        querystring: orderSearchQuerySchema,
        response: { 200: listResponseSchema(orderSchema) },
      },
    },
    async (req) => listOrders(ctx, { creatorId: userOf(req).id }, req.query),
  );
  app.get(
    '/orders/users/search',
    {
      schema: {
        tags: ['orders'],
        summary: "The signed-in fan's orders",
        querystring: orderSearchQuerySchema,
        response: { 200: listResponseSchema(orderSchema) },
      },
    },
    async (req) => listOrders(ctx, { userId: userOf(req).id }, req.query),
  );
  app.get(
    '/orders/:id',
    {
      schema: {
        tags: ['orders'],
        summary: 'One order (its buyer, its creator or an admin)',
        params: idParams,
        response: { 200: orderSchema },
      },
    },
    async (req) => getOrder(ctx, userOf(req), req.params.id),
  );
  app.put(
    '/orders/:id/update',
    {
      config: { access: 'performer' },
      schema: {
        tags: ['orders'],
        summary: 'Creator: shipping status (processing → shipping → delivered), tracking code, note',
        params: idParams,
        body: orderUpdateBodySchema,
        response: { 200: orderSchema },
      },
    },
    async (req) => updateOrderStatus(ctx, userOf(req), req.params.id, req.body),
  );
  app.put(
    '/orders/:id/update/delivery-address',
    {
      schema: {
        tags: ['orders'],
        summary: 'Fan: change the delivery address while the order has not shipped',
        params: idParams,
        body: orderAddressBodySchema,
        response: { 200: orderSchema },
      },
    },
    async (req) => changeDeliveryAddress(ctx, userOf(req), req.params.id, req.body.deliveryAddressId),
  );
}
