import { pushCategoriesBodySchema, pushConfigSchema, pushDeviceSchema, pushSubscribeBodySchema } from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import { presentPushDevice } from './push.presenter';
import * as push from './push.service';

const tags = ['push'];
const idParams = z.object({ id: z.string().uuid() });

export default async function pushRoutes(app: App) {
  const ctx = app.ctx;
  app.get(
    '/push/config',
    {
      schema: {
        tags,
        summary: 'The VAPID public key and the categories a device may be pushed about',
        response: { 200: pushConfigSchema },
      },
    },
    async () => push.pushConfig(ctx),
  );
  app.get(
    '/push/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My devices with push turned on',
        response: { 200: z.object({ data: z.array(pushDeviceSchema) }) },
      },
    },
    async (req) => ({ data: (await push.devices(ctx, userOf(req).id)).map(presentPushDevice) }),
  );
  app.post(
    '/push/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Turns push on for this device (the browser's PushSubscription) with the chosen categories",
        body: pushSubscribeBodySchema,
        response: { 200: pushDeviceSchema },
      },
    },
    async (req) => presentPushDevice(await push.subscribe(ctx, userOf(req).id, req.body)),
  );
  app.put(
    '/push/subscriptions/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Chooses what one of my devices is pushed about',
        params: idParams,
        body: pushCategoriesBodySchema,
        response: { 200: pushDeviceSchema },
      },
    },
    async (req) =>
      presentPushDevice(await push.updateCategories(ctx, userOf(req).id, req.params.id, req.body.categories)),
  );
  app.delete(
    '/push/subscriptions/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Turns push off for one of my devices',
        params: idParams,
        response: { 200: z.object({ success: z.boolean() }) },
      },
    },
    async (req) => {
      await push.unsubscribe(ctx, userOf(req).id, req.params.id);
      return { success: true };
    },
  );
  app.post(
    '/push/subscriptions/:id/test',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Sends a test push to one of my devices',
        params: idParams,
        response: { 200: z.object({ delivered: z.boolean(), removed: z.boolean() }) },
      },
    },
    async (req) => push.sendTest(ctx, userOf(req), req.params.id),
  );
}
