import {
  blockCountriesBodySchema,
  blockedCountriesSchema,
  blockedUserSchema,
  blockedUsersQuerySchema,
  blockUserBodySchema,
  countryCheckQuerySchema,
  geoCheckSchema,
  idParamsSchema,
  okSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { requestGeo } from '../../lib/geo';
import { userOf } from '../../plugins/auth';
import { removeFollowTx } from '../follows';
import { resolveCreator } from '../profiles';
import { endSubscriptionsOnBlock } from '../subscriptions';
import { avatarUrl } from '../users';
import {
  blockedCountries,
  blockedUsers,
  blockUser,
  checkCountry,
  checkUsState,
  setBlockedCountries,
  unblockUser,
} from './blocks.service';

const tags = ['blocks'];

export default async function blocksRoutes(app: App) {
  app.post(
    '/block/users',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary:
          'Block a fan: they can no longer see the profile or content, follow, subscribe, message or join streams; their follow ends',
        body: blockUserBodySchema,
        response: { 200: blockedUserSchema },
      },
    },
    async (req) => {
      const me = userOf(req);
      const { row, target } = await blockUser(app.ctx, me.id, req.body.targetId, req.body.reason ?? null, (tx) =>
        removeFollowTx(tx, req.body.targetId, me.id).then(() =>
          endSubscriptionsOnBlock(app.ctx, tx, me.id, req.body.targetId),
        ),
      );
      return {
        _id: row.id,
        targetId: row.userId,
        target: { _id: target.id, username: target.username, name: target.name, avatar: avatarUrl(target) },
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
      };
    },
  );

  app.delete(
    '/block/users/:id',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Unblock a fan (id of the blocked user)',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await unblockUser(app.ctx, userOf(req).id, req.params.id);
      return { success: true };
    },
  );

  app.get(
    '/block/users',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Fans the signed-in creator blocked, newest first',
        querystring: blockedUsersQuerySchema,
        response: { 200: z.object({ data: z.array(blockedUserSchema), total: z.number().int() }) },
      },
    },
    async (req) => {
      const { rows, total } = await blockedUsers(app.ctx, userOf(req).id, req.query);
      return {
        data: rows.map((r) => ({
          _id: r.id,
          targetId: r.userId,
          target: { _id: r.userId, username: r.username, name: r.name, avatar: avatarUrl(r) },
          reason: r.reason,
          createdAt: r.createdAt.toISOString(),
        })),
        total,
      };
    },
  );

  app.post(
    '/block/countries',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Set the countries (ISO codes) from which the creator is hidden; replaces the list',
        body: blockCountriesBodySchema,
        response: { 200: blockedCountriesSchema },
      },
    },
    async (req) => ({
      countryCodes: await setBlockedCountries(app.ctx, userOf(req).id, req.body.countryCodes),
    }),
  );

  app.get(
    '/block/countries',
    {
      config: { access: 'performer' },
      schema: {
        tags,
        summary: 'Countries the signed-in creator blocks',
        response: { 200: blockedCountriesSchema },
      },
    },
    async (req) => ({ countryCodes: await blockedCountries(app.ctx, userOf(req).id) }),
  );

  app.get(
    '/block/countries/check',
    {
      schema: {
        tags,
        summary:
          "Whether the requester's country (from the IP, or a trusted proxy header) is blocked by a creator (performerId, id or username) or by the site",
        querystring: countryCheckQuerySchema,
        response: { 200: geoCheckSchema },
      },
    },
    async (req) => {
      const creatorId = req.query.performerId ? (await resolveCreator(app.ctx, req.query.performerId)).id : null;
      return checkCountry(app.ctx, requestGeo(app.ctx.config, req), creatorId);
    },
  );

  app.get(
    '/block/us/states/check',
    {
      schema: {
        tags,
        summary: "Whether the requester's US state is blocked by the site (age-verification laws)",
        response: { 200: geoCheckSchema },
      },
    },
    async (req) => checkUsState(app.ctx, requestGeo(app.ctx.config, req)),
  );
}
