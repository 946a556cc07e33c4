import {
  idParamsSchema,
  okSchema,
  type ReviewReason,
  reviewDecisionBodySchema,
  reviewFlagBodySchema,
  reviewQueueItemSchema,
  reviewQueueQuerySchema,
  reviewQueueSchema,
  reviewStatusQuerySchema,
  reviewStatusSchema,
} from '@marquee/shared';
import type { App } from '../../app-type';
import { isUuid } from '../../db/ids';
import { notFound } from '../../lib/errors';
import { userOf } from '../../plugins/auth';
import { staffActor } from '../admin';
import { reviewQueue } from './review.queue';
import { decide, latestFor, medianReviewSeconds, setFlag } from './review.service';
import './review.targets';

const tags = ['review'];

export default async function reviewRoutes(app: App) {
  app.get(
    '/admin/review',
    {
      config: { access: 'moderator' as const },
      schema: {
        tags,
        summary:
          'Staff (moderators and admins): the review-before-publication queue, oldest first, with media and the creator’s history',
        querystring: reviewQueueQuerySchema,
        response: { 200: reviewQueueSchema },
      },
    },
    async (req) => {
      const actor = staffActor(req);
      return reviewQueue(app.ctx, actor.user.id, req.query);
    },
  );

  app.post(
    '/admin/review/:id/decision',
    {
      config: { access: 'moderator' as const },
      schema: {
        tags,
        summary:
          'Staff (moderators and admins): approve, reject (with a reason the creator is shown) or escalate a queued item; audited',
        params: idParamsSchema,
        body: reviewDecisionBodySchema,
        response: { 200: reviewQueueItemSchema.pick({ _id: true, state: true, objectType: true, objectId: true }) },
      },
    },
    async (req) => {
      const actor = staffActor(req);
      if (!isUuid(req.params.id)) throw notFound('Review item');
      const row = await decide(app.ctx, actor, req.params.id, req.body);
      return { _id: row.id, state: row.state, objectType: row.objectType as never, objectId: row.objectId };
    },
  );

  app.put(
    '/admin/review/creators/:id/flag',
    {
      config: { access: 'moderator' as const },
      schema: {
        tags,
        summary:
          'Staff (moderators and admins): flag a creator for review (the "new or flagged" mode) or clear the flag; audited',
        params: idParamsSchema,
        body: reviewFlagBodySchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const actor = staffActor(req);
      if (!isUuid(req.params.id)) throw notFound('Creator');
      await setFlag(app.ctx, actor, req.params.id, req.body.flagged, req.body.reason);
      return { success: true };
    },
  );

  app.get(
    '/review/status',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'The signed-in creator’s own items that are not approved (in review, escalated, rejected with the statement of reasons), and the expected wait',
        querystring: reviewStatusQuerySchema,
        response: { 200: reviewStatusSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const ids = req.query.ids.filter(isUuid);
      const rows = await latestFor(app.ctx.db, user.id, req.query.type, ids);
      const open = rows.filter((r) => r.state !== 'approved');
      return {
        items: open.map((r) => ({
          objectId: r.objectId,
          state: r.state,
          reasonCode: (r.reasonCode as ReviewReason | null) ?? null,
          note: r.state === 'rejected' ? r.note : null,
          decidedAt: r.decidedAt?.toISOString() ?? null,
        })),
        estimateSeconds: open.length ? await medianReviewSeconds(app.ctx) : null,
      };
    },
  );
}
