import {
  listResponseSchema,
  notificationPreferenceSchema,
  notificationSchema,
  pageSchema,
  updateNotificationPreferencesSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { userOf } from '../../plugins/auth';
import * as notifications from './notifications.service';

const unreadSchema = z.object({ total: z.number().int() });
const tags = ['notifications'];

export default async function notificationRoutes(app: App) {
  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The signed-in user's notifications, newest first",
        querystring: z.object({
          page: pageSchema.default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(20),
          unread: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: listResponseSchema(notificationSchema) },
      },
    },
    async (req) => {
      const user = userOf(req);
      return notifications.listForUser(app.ctx, user.id, { ...req.query, unread: req.query.unread === 'true' });
    },
  );

  app.get(
    '/notifications/unread-count',
    { schema: { tags, summary: 'How many notifications are unread', response: { 200: unreadSchema } } },
    async (req) => ({ total: await notifications.unreadTotal(app.ctx, userOf(req).id) }),
  );

  app.post(
    '/notifications/read-all',
    { schema: { tags, summary: 'Marks every notification read', response: { 200: unreadSchema } } },
    async (req) => notifications.readAll(app.ctx, userOf(req).id),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        tags,
        summary: 'Marks one notification read',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: unreadSchema },
      },
    },
    async (req) => notifications.readOne(app.ctx, userOf(req).id, req.params.id),
  );

  app.delete(
    '/notifications/:id',
    {
      schema: {
        tags,
        summary: 'Deletes one notification',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: unreadSchema },
      },
    },
    async (req) => notifications.remove(app.ctx, userOf(req).id, req.params.id),
  );

  app.get(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Per-kind notification preferences (in-app and e-mail)',
        response: { 200: z.array(notificationPreferenceSchema) },
      },
    },
    async (req) => notifications.getPreferences(app.ctx, userOf(req)),
  );

  app.put(
    '/notifications/preferences',
    {
      schema: {
        tags,
        summary: 'Changes notification preferences',
        body: updateNotificationPreferencesSchema,
        response: { 200: z.array(notificationPreferenceSchema) },
      },
    },
    async (req) => notifications.setPreferences(app.ctx, userOf(req), req.body.preferences),
  );
}
