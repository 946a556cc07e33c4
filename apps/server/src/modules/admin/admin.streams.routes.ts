import { adminStreamsQuerySchema, idParamsSchema, listResponseSchema, streamSchema } from '@marquee/shared';
import type { App } from '../../app-type';
import { isUuid } from '../../db/ids';
import { notFound } from '../../lib/errors';
import { audit } from '../audit';
import { endStream, searchLive } from '../streaming';
import { staffActor } from './admin.common';

const tags = ['admin'];

/** Admin: live (or ended) streams, and ending one (audited). */
export default async function adminStreamsRoutes(app: App) {
  app.get(
    '/admin/streams',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary: 'Staff (moderators and admins): streams live now (or ended), with viewer counts',
        querystring: adminStreamsQuerySchema,
        response: { 200: listResponseSchema(streamSchema) },
      },
    },
    async (req) => {
      const actor = staffActor(req);
      const { status, ...q } = req.query;
      return searchLive(
        app.ctx,
        { id: actor.user.id, role: actor.user.role, staffRole: actor.user.staffRole },
        q,
        status,
      );
    },
  );

  app.put(
    '/admin/streams/:id/end',
    {
      config: { access: 'moderator' },
      schema: {
        tags,
        summary: 'Staff (moderators and admins): end a live stream (viewers are told; the action is audited)',
        params: idParamsSchema,
        response: { 200: streamSchema },
      },
    },
    async (req) => {
      const actor = staffActor(req);
      if (!isUuid(req.params.id)) throw notFound('Stream');
      const stream = await endStream(
        app.ctx,
        { id: actor.user.id, role: actor.user.role, staffRole: actor.user.staffRole },
        req.params.id,
        'admin',
      );
      await audit(app.ctx, app.ctx.db, {
        actorId: actor.user.id,
        ip: actor.ip,
        action: 'stream.end',
        targetType: 'stream',
        targetId: stream._id,
        after: { status: stream.status },
      });
      return stream;
    },
  );
}
