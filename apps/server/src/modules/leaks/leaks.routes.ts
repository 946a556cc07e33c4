import {
  idParamsSchema,
  leakCaseBodySchema,
  leakCaseQuerySchema,
  leakCaseSchema,
  leakOriginalSchema,
  leakOriginalsQuerySchema,
  leakTraceBodySchema,
  leakTraceSchema,
  listResponseSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { isUuid } from '../../db/ids';
import { notFound } from '../../lib/errors';
import { adminActor } from '../admin';
import { dmcaNotice, leakCaseList, markedVideosOf, openLeakCase, traceLeak } from './leaks.service';

const tags = ['admin'];

/** Leak to takedown in one flow (admin): find the original, trace the copy, open a case, send a DMCA notice. */
export default async function leaksRoutes(app: App) {
  app.get(
    '/admin/leaks/originals',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary: 'The per-viewer-marked videos of the item a link of this site names (admin)',
        querystring: leakOriginalsQuerySchema,
        response: { 200: z.object({ data: z.array(leakOriginalSchema) }) },
      },
    },
    async (req) => ({ data: await markedVideosOf(app.ctx, req.query.link) }),
  );

  app.post(
    '/admin/leaks/trace',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary:
          'Trace a leaked copy (a video the admin uploaded) to the account the original was served to, by its per-viewer mark (admin)',
        body: leakTraceBodySchema,
        response: { 200: leakTraceSchema },
      },
    },
    async (req) => {
      const { segmentsRead, sequence, match } = await traceLeak(
        app.ctx,
        req.body.originalMediaId,
        req.body.leakedMediaId,
      );
      return { segmentsRead, sequence, match };
    },
  );

  app.post(
    '/admin/leaks',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary: 'Open a leak case from a trace, suspending the account it names when asked (admin, audited)',
        body: leakCaseBodySchema,
        response: { 201: leakCaseSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await openLeakCase(app.ctx, adminActor(req), req.body)),
  );

  app.get(
    '/admin/leaks',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary: 'Leak cases, newest first (admin)',
        querystring: leakCaseQuerySchema,
        response: { 200: listResponseSchema(leakCaseSchema) },
      },
    },
    async (req) => leakCaseList(app.ctx, req.query),
  );

  app.get(
    '/admin/leaks/:id/dmca',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary: 'The DMCA takedown notice for the host where the copy was found, filled from the case (admin, text)',
        params: idParamsSchema,
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      if (!isUuid(req.params.id)) throw notFound('Leak case');
      return reply.type('text/plain; charset=utf-8').send(await dmcaNotice(app.ctx, req.params.id));
    },
  );
}
