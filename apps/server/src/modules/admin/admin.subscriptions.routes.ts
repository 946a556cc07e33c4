import {
  adminSubscriptionQuerySchema,
  idParamsSchema,
  listResponseSchema,
  reasonBodySchema,
  subscriptionGrantBodySchema,
  subscriptionSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import type { Ctx } from '../../context';
import { isUuid } from '../../db/ids';
import { badRequest, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { subscriptionTypeWord } from '../../lib/i18n/words';
import { notify } from '../notifications';
import type { SubscriptionRow } from '../subscriptions';
import {
  cancelSubscription,
  emitNewSubscriber,
  endSubscriptionNow,
  grantSystemSubscription,
  presentSubscription,
  searchSubscriptions,
} from '../subscriptions';
import { findUserById, findUserByLogin, userSummaries } from '../users';
import { adminActor, inAdminTx } from './admin.common';

const tags = ['admin'];
const base = { config: { access: 'admin' as const } };
const stateSchema = z.object({ _id: z.string(), status: z.string() });

async function people(ctx: Ctx, ids: string[]) {
  return userSummaries(ctx.db, ids);
}

async function present(ctx: Ctx, rows: SubscriptionRow[]) {
  const byId = await people(
    ctx,
    rows.flatMap((r) => [r.userId, r.creatorId]),
  );
  const at = ctx.now();
  return rows.map((r) => presentSubscription(r, at, { user: byId.get(r.userId), performer: byId.get(r.creatorId) }));
}

/** An id or a username to an active account, or a 400 naming the field. */
async function account(ctx: Ctx, idOrUsername: string, field: string) {
  const u = isUuid(idOrUsername)
    ? await findUserById(ctx.db, idOrUsername)
    : await findUserByLogin(ctx.db, idOrUsername.replace(/^@/, ''));
  if (u?.status !== 'active') {
    throw badRequest(`No active account "${idOrUsername}" for ${field}`, 'UNKNOWN_ACCOUNT', [
      { field, message: 'unknown' },
    ]);
  }
  return u;
}

async function tellGrant(ctx: Ctx, actorId: string, before: SubscriptionRow, after: SubscriptionRow) {
  const names = await people(ctx, [after.userId, after.creatorId]);
  const at = (id: string) => (names.get(id)?.username ? `@${names.get(id)!.username}` : names.get(id)?.name) ?? '';
  const until = after.currentPeriodEnd!.toISOString().slice(0, 10);
  const type = subscriptionTypeWord(after.type);
  const log = (err: unknown) => ctx.log.error({ err }, 'subscription grant notice failed');
  await notify(ctx, after.userId, {
    kind: 'system',
    title: msg('notify.grant.fanTitle', { type, creator: at(after.creatorId) }),
    body: msg('notify.grant.fanBody', { until }),
    link: `/${names.get(after.creatorId)?.username ?? after.creatorId}`,
    actorId,
  }).catch(log);
  await notify(ctx, after.creatorId, {
    kind: 'new_subscriber',
    title: msg('notify.grant.creatorTitle', { fan: at(after.userId), type }),
    body: msg('notify.grant.creatorBody', { until }),
    link: '/creator/subscribers',
    actorId,
  }).catch(log);
  await emitNewSubscriber(ctx, {
    subscription: after,
    creatorId: after.creatorId,
    fanId: after.userId,
    firstTime: before.status === 'created' && before.paidPeriods === 0,
  });
}

export default async function adminSubscriptionsRoutes(app: App) {
  const ctx = app.ctx;
  app.get(
    '/admin/subscriptions',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: subscriptions across the site (filter by fan, creator, status)',
        querystring: adminSubscriptionQuerySchema,
        response: { 200: listResponseSchema(subscriptionSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const q = req.query;
      const { rows, total } = await searchSubscriptions(
        ctx.db,
        { userId: q.userId, creatorId: q.creatorId, status: q.status, q: q.q, hideCreated: !q.status },
        { offset: (q.page - 1) * q.pageSize, limit: q.pageSize, sortBy: 'updatedAt', sort: q.sort },
      );
      return {
        data: await present(
          ctx,
          rows.map((r) => r.sub),
        ),
        total: Number(total),
      };
    },
  );

  app.post(
    '/admin/subscriptions/grant',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: give a fan a subscription to a creator (gateway system: no money, no renewal)',
        body: subscriptionGrantBodySchema,
        response: { 200: subscriptionSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      const b = req.body;
      const [fan, creator] = [await account(ctx, b.user, 'user'), await account(ctx, b.creator, 'creator')];
      if (creator.role !== 'performer')
        throw badRequest(msg('error.admin.notACreator', { username: creator.username ?? '' }), 'NOT_A_CREATOR');
      if (fan.id === creator.id) throw badRequest(msg('error.admin.ownSubscription'), 'OWN_PROFILE');
      const { before, after } = await inAdminTx(ctx, actor, async (_c, tx, record) => {
        const res = await grantSystemSubscription(tx, {
          userId: fan.id,
          creatorId: creator.id,
          type: b.subscriptionType,
          at: ctx.now(),
        });
        await record({
          action: 'subscription.grant',
          targetType: 'subscription',
          targetId: res.after.id,
          before: { status: res.before.status, currentPeriodEnd: res.before.currentPeriodEnd },
          after: {
            status: res.after.status,
            type: res.after.type,
            paymentMethod: 'system',
            currentPeriodEnd: res.after.currentPeriodEnd,
          },
          reason: b.reason,
        });
        return res;
      });
      await tellGrant(ctx, actor.user.id, before, after);
      return (await present(ctx, [after]))[0];
    },
  );

  app.post(
    '/admin/subscriptions/:id/cancel',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: cancel a subscription (no renewal; access stays until the period ends)',
        params: idParamsSchema,
        body: reasonBodySchema,
        response: { 200: stateSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      if (!isUuid(req.params.id)) throw notFound('Subscription');
      return inAdminTx(ctx, actor, async (txCtx, _tx, record) => {
        const row = await cancelSubscription(txCtx, actor.user, req.params.id);
        await record({
          action: 'subscription.cancel',
          targetType: 'subscription',
          targetId: row.id,
          before: { status: 'active' },
          after: { status: row.status },
          reason: req.body.reason,
        });
        return { _id: row.id, status: row.status };
      });
    },
  );

  app.post(
    '/admin/subscriptions/:id/end',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: end a subscription now (access revoked at once, no renewal)',
        params: idParamsSchema,
        body: reasonBodySchema,
        response: { 200: stateSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      if (!isUuid(req.params.id)) throw notFound('Subscription');
      const { after } = await inAdminTx(ctx, actor, async (_c, tx, record) => {
        const res = await endSubscriptionNow(tx, req.params.id, ctx.now());
        await record({
          action: 'subscription.end',
          targetType: 'subscription',
          targetId: res.after.id,
          before: { status: res.before.status, currentPeriodEnd: res.before.currentPeriodEnd },
          after: { status: res.after.status, currentPeriodEnd: res.after.currentPeriodEnd },
          reason: req.body.reason,
        });
        return res;
      });
      await notify(ctx, after.userId, {
        kind: 'system',
        title: msg('notify.endedBySite'),
        body: req.body.reason,
        actorId: actor.user.id,
      }).catch((err) => ctx.log.error({ err }, 'subscription end notice failed'));
      return { _id: after.id, status: after.status };
    },
  );
}
