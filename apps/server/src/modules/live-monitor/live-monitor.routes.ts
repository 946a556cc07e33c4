import fs from 'node:fs';
import {
  idParamsSchema,
  joinStreamResponseSchema,
  listResponseSchema,
  liveMonitorSchema,
  monitorActionBodySchema,
  monitorActionResultSchema,
  monitorParamsSchema,
  okSchema,
  sampledShowSchema,
  sampleListQuerySchema,
  sampleReviewBodySchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { isUuid } from '../../db/ids';
import { appError, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { isStaff } from '../../plugins/auth';
import { staffActor } from '../admin';
import { assertLinkViewer } from '../media';
import {
  endNow,
  listSamples,
  liveMonitor,
  monitorWatch,
  reviewSample,
  suspendCreator,
  warnCreator,
} from './live-monitor.service';
import { grabThumbnail, verifyThumbToken } from './live-monitor.thumbs';

const tags = ['live-monitor'];
const access = { access: 'moderator' as const };

/** Admin → Live monitor (issue 26 item 2): moderators and admins. */
export default async function liveMonitorRoutes(app: App) {
  const ctx = app.ctx;

  app.get(
    '/admin/live-monitor',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Staff: every live stream and private show now, with a thumbnail link, viewers, creator, type, the go-live gate flag and sampling',
        response: { 200: liveMonitorSchema },
      },
    },
    async (req) => liveMonitor(ctx, staffActor(req)),
  );

  app.get(
    '/admin/live-monitor/streams/:id/watch',
    {
      config: access,
      schema: {
        tags,
        summary:
          'Staff: watch a live stream invisibly (not counted, not listed, never charged): the signed HLS link; audited',
        params: idParamsSchema,
        response: { 200: joinStreamResponseSchema },
      },
    },
    async (req) => {
      if (!isUuid(req.params.id)) throw notFound('Stream');
      return monitorWatch(ctx, staffActor(req), req.params.id);
    },
  );

  for (const action of ['warn', 'end', 'suspend'] as const) {
    app.post(
      `/admin/live-monitor/:kind/:id/${action}`,
      {
        config: access,
        schema: {
          tags,
          summary: {
            warn: 'Staff: warn the creator (shown at once in the studio or show, and as a notification); audited with the text',
            end: 'Staff: end the live stream or private show now; audited with the reason',
            suspend: 'Staff: end it and suspend the creator (every session ends); audited with the reason',
          }[action],
          params: monitorParamsSchema,
          body: monitorActionBodySchema,
          response: { 200: monitorActionResultSchema },
        },
      },
      async (req) => {
        const { kind, id } = req.params;
        if (!isUuid(id)) throw notFound(kind === 'stream' ? 'Stream' : 'Private show');
        const fn = { warn: warnCreator, end: endNow, suspend: suspendCreator }[action];
        return fn(ctx, staffActor(req), kind, id, req.body.reason);
      },
    );
  }

  app.get(
    '/admin/live-monitor/samples',
    {
      config: access,
      schema: {
        tags,
        summary: 'Staff: private shows picked by the sampling (setting privateShowSamplePercent), open or reviewed',
        querystring: sampleListQuerySchema,
        response: { 200: listResponseSchema(sampledShowSchema) },
      },
    },
    async (req) => listSamples(ctx, req.query),
  );

  app.post(
    '/admin/live-monitor/samples/:id/reviewed',
    {
      config: access,
      schema: {
        tags,
        summary: 'Staff: mark a sampled private show as looked at (leaves the open queue); audited',
        params: idParamsSchema,
        body: sampleReviewBodySchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      if (!isUuid(req.params.id)) throw notFound('Sampled show');
      return reviewSample(ctx, staffActor(req), req.params.id, req.body.note);
    },
  );

  // The grid's <img>: a signed link bound to the staff member's session (the `token` cookie), so
  // it works without an Authorization header and only for moderators and admins.
  app.get(
    '/admin/live-monitor/thumbnails/:id/:file',
    {
      schema: {
        tags,
        summary: 'Staff: the thumbnail of a live stream (signed link from the monitor)',
        params: z.object({
          id: z.string().uuid(),
          file: z.string().regex(/^\d+\.[0-9a-f-]{36}\.[A-Za-z0-9_-]+\.jpg$/, 'not a thumbnail link'),
        }),
        hide: true,
      },
    },
    async (req, reply) => {
      const { id, file } = req.params;
      const viewerId = verifyThumbToken(ctx, id, file.slice(0, -4));
      if (!viewerId) throw appError(403, 'INVALID_SIGNATURE', msg('error.liveMonitor.invalidLink'));
      const who = await assertLinkViewer(ctx, req, viewerId);
      if (!isStaff(who)) throw forbidden(msg('error.onlyStaff'));
      const path = await grabThumbnail(ctx, id);
      if (!path) throw notFound('Thumbnail');
      reply.header('cache-control', 'private, no-store');
      reply.type('image/jpeg');
      return reply.send(await fs.promises.readFile(path));
    },
  );
}
