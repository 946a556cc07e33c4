import { adminStreamsQuerySchema, idParamsSchema, listResponseSchema, streamSchema } from '@marquee/shared';
import type { App } from '../../app-type';
import { isUuid } from '../../db/ids';
import { notFound } from '../../lib/errors';
import { audit } from '../audit';
import { announceDecision, recordDecision } from '../decisions';
import { endStream, searchLive, streamFacts } from '../streaming';
import { inAdminTx, staffActor } from './admin.common';

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
      const before = await streamFacts(app.ctx, req.params.id);
      const stream = await endStream(
        app.ctx,
        { id: actor.user.id, role: actor.user.role, staffRole: actor.user.staffRole },
        req.params.id,
        'admin',
      );
      // Ending a live stream restricts its creator: a statement of reasons (DSA Art. 17), as the live monitor's end.
      const decision = await inAdminTx(app.ctx, actor, async (txCtx, tx, record) => {
        await record({
          action: 'stream.end',
          targetType: 'stream',
          targetId: stream._id,
          after: { status: stream.status },
        });
        if (!before?.live) return null;
        return recordDecision(txCtx, tx, {
          userId: before.creatorId,
          kind: 'removal',
          targetType: 'stream',
          targetId: stream._id,
          title: before.title,
          facts: 'The live stream was ended by the site’s staff.',
          ground: 'other_terms',
          decidedById: actor.user.id,
          data: { endedLive: true },
        });
      });
      if (decision) await announceDecision(app.ctx, decision);
      return stream;
    },
  );
}
