import {
  custodianSchema,
  okSchema,
  records2257QuerySchema,
  releaseCreateSchema,
  releaseIdentityDecisionSchema,
  releaseInviteSchema,
  releaseListQuerySchema,
  releaseListSchema,
  releaseRevokeSchema,
  releaseSchema,
  releaseSignSchema,
  streamIdentityCheckListSchema,
  uuidParamsSchema,
} from '@marquee/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-type';
import { notFound } from '../../lib/errors';
import { publicOrigin } from '../../lib/public-origin';
import { storageFor } from '../../lib/storage';
import { userOf } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rate-limit';
import { adminActor } from '../admin';
import {
  inviteInfo,
  receiveIdentityDocuments,
  refreshYoti,
  releaseFromToken,
  signRelease,
  startYoti,
} from './releases.invite';
import { canSignRelease, isAdmin } from './releases.policy';
import { exportRecords, releasePdf } from './releases.records';
import {
  decideIdentity,
  deleteRelease,
  listReleases,
  listRequests,
  nameRelease,
  presentRelease,
  releaseFor,
  revokeRelease,
  streamIdentityChecks,
} from './releases.service';

const tags = ['releases'];
const tokenParams = z.object({ token: z.string().min(10).max(300) });
const docParams = z.object({ id: z.string().uuid(), index: z.coerce.number().int().min(0).max(10) });

const meta = (req: FastifyRequest) => ({
  ip: req.ip ?? null,
  userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : null,
});

function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `inline; filename="${name}"`)
    .send(pdf);
}

export default async function releasesRoutes(app: App) {
  const ctx = app.ctx;
  const present = (req: FastifyRequest, r: Parameters<typeof presentRelease>[0]) =>
    presentRelease(r, { origin: publicOrigin(ctx.config, req), secret: ctx.config.secretKey, forCreator: true });

  // ---- the creator (producer)
  app.get(
    '/releases',
    {
      config: { access: 'performer' as const },
      schema: {
        tags,
        summary: 'People named in the creator’s content (by item or files), with their consent state and invite links',
        querystring: releaseListQuerySchema,
        response: { 200: releaseListSchema },
      },
    },
    async (req) => listReleases(ctx, userOf(req), req.query, publicOrigin(ctx.config, req)),
  );

  app.post(
    '/releases',
    {
      config: { access: 'performer' as const },
      schema: {
        tags,
        summary:
          'Name a person depicted in an item’s files: an existing verified creator, or an outside person invited by a signed link (valid 14 days). Items with these files wait until they consent and are verified.',
        body: releaseCreateSchema,
        response: { 201: releaseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await nameRelease(ctx, userOf(req), req.body, publicOrigin(ctx.config, req))),
  );

  app.delete(
    '/releases/:id',
    {
      config: { access: 'performer' as const },
      schema: {
        tags,
        summary: 'Remove a person named by mistake (before they signed)',
        params: uuidParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await deleteRelease(ctx, userOf(req), req.params.id);
      return { success: true };
    },
  );

  app.get(
    '/releases/requests',
    {
      config: { access: 'performer' as const },
      schema: {
        tags,
        summary: 'Releases naming the signed-in creator as a co-performer: what they are asked to confirm',
        response: { 200: releaseListSchema },
      },
    },
    async (req) => listRequests(ctx, userOf(req), publicOrigin(ctx.config, req)),
  );

  app.post(
    '/releases/:id/sign',
    {
      config: { access: 'performer' as const },
      schema: {
        tags,
        summary: 'A named creator signs the release from their account (their creator verification is their ID check)',
        params: uuidParamsSchema,
        body: releaseSignSchema,
        response: { 200: releaseSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const r = await releaseFor(ctx, user, req.params.id);
      if (!canSignRelease(user, r)) throw notFound('Release');
      return present(req, await signRelease(ctx, r, req.body, { ...meta(req), user }));
    },
  );

  app.post(
    '/releases/:id/revoke',
    {
      config: { access: 'user' as const },
      schema: {
        tags,
        summary:
          'Withdraw consent for future publication (the named creator, or an admin on a depicted person’s request): every item with the files is hidden and the producer told',
        params: uuidParamsSchema,
        body: releaseRevokeSchema,
        response: { 200: releaseSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      const r = await releaseFor(ctx, user, req.params.id);
      return present(req, await revokeRelease(ctx, r, { user, ip: req.ip ?? null }, req.body.reason));
    },
  );

  app.get(
    '/releases/:id/pdf',
    {
      config: { access: 'user' as const },
      schema: {
        tags,
        summary: 'The signed release as a PDF (producer, named creator, admins)',
        params: uuidParamsSchema,
      },
    },
    async (req, reply) => {
      const r = await releaseFor(ctx, userOf(req), req.params.id);
      return sendPdf(reply, `release-${r.id}.pdf`, await releasePdf(ctx, r));
    },
  );

  // ---- the outside person, by their invite link (no account)
  const rl = { rateLimit: authRateLimit(app) };
  app.get(
    '/release-invites/:token',
    {
      config: rl,
      schema: {
        tags,
        summary: 'What an invite link names: the producer, the item, the release text and where the person stands',
        params: tokenParams,
        response: { 200: releaseInviteSchema },
      },
    },
    async (req) => inviteInfo(ctx, await refreshYoti(ctx, await releaseFromToken(ctx, req.params.token))),
  );

  app.post(
    '/release-invites/:token/sign',
    {
      config: rl,
      schema: {
        tags,
        summary:
          'The invited person signs the release: typed legal name, date, the consent box (IP, browser, time and the files’ SHA-256 recorded)',
        params: tokenParams,
        body: releaseSignSchema,
        response: { 200: releaseInviteSchema },
      },
    },
    async (req) => {
      const r = await releaseFromToken(ctx, req.params.token, true);
      return inviteInfo(ctx, await signRelease(ctx, r, req.body, { ...meta(req), user: null }));
    },
  );

  app.post(
    '/release-invites/:token/identity',
    {
      config: rl,
      schema: {
        tags,
        summary:
          'The invited person’s ID document and selfie (multipart fields idDocument, selfie: images or PDF), kept private for an admin to review',
        params: tokenParams,
        response: { 200: releaseInviteSchema },
      },
    },
    async (req) => {
      const r = await releaseFromToken(ctx, req.params.token, true);
      return inviteInfo(ctx, await receiveIdentityDocuments(ctx, r, req));
    },
  );

  app.post(
    '/release-invites/:token/yoti',
    {
      config: rl,
      schema: {
        tags,
        summary:
          'Starts a Yoti identity verification for the invited person (when the site uses Yoti): the page to open',
        params: tokenParams,
        response: { 200: z.object({ url: z.string().nullable() }) },
      },
    },
    async (req) => ({ url: await startYoti(ctx, await releaseFromToken(ctx, req.params.token, true)) }),
  );

  app.post(
    '/release-invites/:token/revoke',
    {
      config: rl,
      schema: {
        tags,
        summary: 'The invited person withdraws consent for future publication (the link keeps working for this)',
        params: tokenParams,
        body: releaseRevokeSchema,
        response: { 200: releaseInviteSchema },
      },
    },
    async (req) => {
      const r = await releaseFromToken(ctx, req.params.token);
      return inviteInfo(ctx, await revokeRelease(ctx, r, { user: null, ip: req.ip ?? null }, req.body.reason));
    },
  );

  app.get(
    '/release-invites/:token/pdf',
    {
      config: rl,
      schema: { tags, summary: 'The invited person’s copy of their signed release (PDF)', params: tokenParams },
    },
    async (req, reply) => {
      const r = await releaseFromToken(ctx, req.params.token);
      return sendPdf(reply, `release-${r.id}.pdf`, await releasePdf(ctx, r));
    },
  );

  // ---- admins
  app.get(
    '/admin/releases/identity-checks',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary: 'Admin: people named for a live stream whose ID document and selfie wait for a decision',
        response: { 200: streamIdentityCheckListSchema },
      },
    },
    async () => streamIdentityChecks(ctx),
  );

  app.post(
    '/admin/releases/:id/identity',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary: 'Admin: accept or refuse an invited person’s ID document and selfie; audited',
        params: uuidParamsSchema,
        body: releaseIdentityDecisionSchema,
        response: { 200: releaseSchema },
      },
    },
    async (req) =>
      present(req, await decideIdentity(ctx, adminActor(req), req.params.id, req.body.decision, req.body.note)),
  );

  app.get(
    '/admin/releases/:id/documents/:index',
    {
      config: { access: 'admin' as const },
      schema: { tags, summary: 'Admin: an invited person’s ID document or selfie', params: docParams },
    },
    async (req, reply) => {
      const user = userOf(req);
      const r = await releaseFor(ctx, user, req.params.id);
      const key = isAdmin(user) ? r.idDocumentKeys[req.params.index] : undefined;
      if (!key) throw notFound('Document');
      const ext = key.split('.').pop() ?? '';
      const type = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', pdf: 'application/pdf' }[ext];
      reply.header('content-type', type ?? 'application/octet-stream');
      reply.header('cache-control', 'private, no-store');
      return reply.send(await storageFor(ctx.config).read(key));
    },
  );

  app.get(
    '/admin/records-2257',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary:
          'Admin: §2257 records for an inspection, per creator or date range of production: a ZIP with index.csv, the release PDFs and the ID document copies; audited',
        querystring: records2257QuerySchema,
      },
    },
    async (req, reply) => {
      const { zip } = await exportRecords(ctx, adminActor(req), req.query);
      const name = `records-2257-${req.query.creatorId ?? `${req.query.from}-${req.query.to}`}.zip`;
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(zip);
    },
  );

  // ---- public
  app.get(
    '/records-2257/custodian',
    {
      schema: {
        tags,
        summary: 'The custodian of records the public /2257 page names (from the settings)',
        response: { 200: custodianSchema },
      },
    },
    async () => ({
      siteName: await ctx.settings.get('siteName'),
      custodianName: await ctx.settings.get('custodianName'),
      custodianAddress: await ctx.settings.get('custodianAddress'),
      custodianEmail: await ctx.settings.get('custodianEmail'),
    }),
  );
}
