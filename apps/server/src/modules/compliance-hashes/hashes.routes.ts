import {
  hashListCreateBodySchema,
  hashListLoadResultSchema,
  hashListSchema,
  hashListUpdateBodySchema,
  hashMatchDetailSchema,
  hashMatchQuerySchema,
  hashMatchSchema,
  hashMatchSentBodySchema,
  listResponseSchema,
  uuidParamsSchema,
} from '@marquee/shared';
import { z } from 'zod';
import type { App } from '../../app-type';
import { notFound } from '../../lib/errors';
import { adminActor } from '../admin';
import { presentHashList, presentHashMatch, presentHashMatchDetail } from './hashes.presenter';
import { findMatch, listHashLists, listMatches } from './hashes.repo';
import { deleteHashList, loadHashList, markReportSent, updateHashList } from './hashes.service';

const tags = ['compliance'];
const base = { config: { access: 'admin' as const } };

export default async function hashRoutes(app: App) {
  app.get(
    '/admin/hash-lists',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: the known-abuse hash lists and the built-in list of removed content, with counts',
        response: { 200: listResponseSchema(hashListSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const rows = await listHashLists(app.ctx.db);
      return { data: rows.map(presentHashList), total: rows.length };
    },
  );

  app.post(
    '/admin/hash-lists',
    {
      ...base,
      bodyLimit: 45 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Admin: load a hash list file (PDQ, MD5 or SHA-256; plain, CSV or TSV) with a name and a threshold',
        body: hashListCreateBodySchema,
        response: { 201: hashListLoadResultSchema },
      },
    },
    async (req, reply) => {
      const actor = adminActor(req);
      const r = await loadHashList(app.ctx, actor.user.id, actor.ip, req.body);
      return reply.code(201).send({ ...r, list: presentHashList(r.list) });
    },
  );

  app.patch(
    '/admin/hash-lists/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: rename a hash list or change its PDQ threshold',
        params: uuidParamsSchema,
        body: hashListUpdateBodySchema,
        response: { 200: hashListSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      return presentHashList(await updateHashList(app.ctx, actor.user.id, actor.ip, req.params.id, req.body));
    },
  );

  app.delete(
    '/admin/hash-lists/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: delete a loaded hash list (the list of removed content stays)',
        params: uuidParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      await deleteHashList(app.ctx, actor.user.id, actor.ip, req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/admin/hash-matches',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: uploads blocked by a hash list, newest first (evidence metadata, never the file)',
        querystring: hashMatchQuerySchema,
        response: { 200: listResponseSchema(hashMatchSchema) },
      },
    },
    async (req) => {
      adminActor(req);
      const { rows, total } = await listMatches(app.ctx.db, req.query);
      return { data: rows.map(presentHashMatch), total };
    },
  );

  app.get(
    '/admin/hash-matches/:id',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: one blocked upload with its CyberTipline report draft',
        params: uuidParamsSchema,
        response: { 200: hashMatchDetailSchema },
      },
    },
    async (req) => {
      adminActor(req);
      const row = await findMatch(app.ctx.db, req.params.id);
      if (!row) throw notFound('Hash match');
      return presentHashMatchDetail(row);
    },
  );

  app.post(
    '/admin/hash-matches/:id/sent',
    {
      ...base,
      schema: {
        tags,
        summary: 'Admin: record that the CyberTipline report was sent, with the report id NCMEC returned',
        params: uuidParamsSchema,
        body: hashMatchSentBodySchema,
        response: { 200: hashMatchDetailSchema },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      return presentHashMatchDetail(
        await markReportSent(app.ctx, actor.user.id, actor.ip, req.params.id, req.body.ncmecReportId),
      );
    },
  );
}
