import { addressBodySchema, addressSchema, listQuerySchema, listResponseSchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { createAddress, deleteAddress, presentAddress, searchAddresses, updateAddress } from './addresses.service';

const idParams = z.object({ id: z.string().uuid() });

export default async function addressesRoutes(app: App) {
  const ctx = app.ctx;
  app.post(
    '/addresses/create',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Add a delivery address',
        body: addressBodySchema,
        response: { 200: addressSchema },
      },
    },
    async (req) => presentAddress(await createAddress(ctx, userOf(req).id, req.body)),
  );
  app.put(
    '/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Edit one of my addresses',
        params: idParams,
        body: addressBodySchema,
        response: { 200: addressSchema },
      },
    },
    async (req) => presentAddress(await updateAddress(ctx, userOf(req).id, req.params.id, req.body)),
  );
  app.get(
    '/addresses/search',
    {
      schema: {
        tags: ['addresses'],
        summary: 'My addresses (default first)',
        querystring: listQuerySchema,
        response: { 200: listResponseSchema(addressSchema) },
      },
    },
    async (req) => {
      const { rows, total } = await searchAddresses(
        ctx,
        userOf(req).id,
        (req.query.page - 1) * req.query.pageSize,
        req.query.pageSize,
      );
      return { data: rows.map(presentAddress), total };
    },
  );
  app.delete(
    '/addresses/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Delete one of my addresses (orders keep their copy)',
        params: idParams,
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (req) => {
      await deleteAddress(ctx, userOf(req).id, req.params.id);
      return { success: true };
    },
  );
}
