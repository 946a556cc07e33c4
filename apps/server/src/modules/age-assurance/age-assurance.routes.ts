import {
  ageCheckDecisionBodySchema,
  ageCheckResultSchema,
  declaredLocationBodySchema,
  idParamsSchema,
  jurisdictionRuleBodySchema,
  jurisdictionRuleSchema,
  jurisdictionStatusSchema,
  okSchema,
  pendingAgeCheckSchema,
  yotiSessionBodySchema,
  yotiSessionSchema,
} from '@marquee/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-type';
import { publicOrigin } from '../../lib/public-origin';
import { userOf } from '../../plugins/auth';
import { readBuiltinUpload } from './age-assurance.upload';
import { newVisitorToken, type Requester, VISITOR_COOKIE } from './assurance.service';
import { builtinFile, builtinQueue, refreshCheck, reviewBuiltin, startYoti, submitBuiltin } from './checks.service';
import { requesterOf } from './gate';
import { addDefaultRules, declareLocation, jurisdictionRules, removeRule, saveRule } from './jurisdiction.service';
import { presentRule, statusOf } from './status';

const tags = ['age-assurance'];
const multipart = { consumes: ['multipart/form-data'] };

/** The requester, with a browser-session token made (and set as an httpOnly cookie) when a visitor has none. */
function withVisitorToken(app: App, req: FastifyRequest, reply: FastifyReply): Requester {
  const r = requesterOf(app.ctx, req);
  if (r.user || r.visitorToken) return r;
  const token = newVisitorToken();
  reply.setCookie(VISITOR_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
  });
  return { ...r, visitorToken: token };
}

export default async function ageAssuranceRoutes(app: App) {
  app.get(
    '/age-assurance/status',
    {
      schema: {
        tags,
        summary:
          "The rule of the requester's place (geo-IP; a signed-in fan's declared country too) and whether they may see adult content",
        response: { 200: jurisdictionStatusSchema },
      },
    },
    async (req) => statusOf(app.ctx, requesterOf(app.ctx, req)),
  );

  app.post(
    '/age-assurance/yoti/sessions',
    {
      schema: {
        tags,
        summary:
          'Opens a Yoti age-verification session for the account, or for a visitor the browser session; the browser goes to url',
        body: yotiSessionBodySchema,
        response: { 200: yotiSessionSchema },
      },
    },
    async (req, reply) =>
      startYoti(app.ctx, withVisitorToken(app, req, reply), publicOrigin(app.ctx.config, req), req.body.returnPath),
  );

  app.post(
    '/age-assurance/checks/:id/refresh',
    {
      schema: {
        tags,
        summary: "Asks the provider for the check's verdict (server-side) and records it; own checks only",
        params: idParamsSchema,
        response: { 200: ageCheckResultSchema },
      },
    },
    async (req) => refreshCheck(app.ctx, requesterOf(app.ctx, req), req.params.id),
  );

  app.post(
    '/age-assurance/builtin',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          'Built-in age check: a photo of an ID document and a selfie (fields document, selfie), reviewed by an admin',
        ...multipart,
        response: { 200: ageCheckResultSchema },
      },
    },
    async (req) => submitBuiltin(app.ctx, userOf(req).id, await readBuiltinUpload(req)),
  );

  app.put(
    '/age-assurance/declared-location',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The fan's declared country (and region): its rule applies as well as the IP's",
        body: declaredLocationBodySchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await declareLocation(app.ctx, userOf(req).id, req.body.country, req.body.region);
      return { success: true as const };
    },
  );

  // Admin console

  app.get(
    '/admin/jurisdictions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Jurisdiction rules',
        response: { 200: z.object({ data: z.array(jurisdictionRuleSchema) }) },
      },
    },
    async () => ({ data: (await jurisdictionRules(app.ctx)).map(presentRule) }),
  );

  app.post(
    '/admin/jurisdictions',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "Saves a place's rule (one per country and region; replaces it); audited",
        body: jurisdictionRuleBodySchema,
        response: { 200: jurisdictionRuleSchema },
      },
    },
    async (req) => presentRule(await saveRule(app.ctx, userOf(req).id, req.body)),
  );

  app.delete(
    '/admin/jurisdictions/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Deletes a rule; audited',
        params: idParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      await removeRule(app.ctx, userOf(req).id, req.params.id);
      return { success: true as const };
    },
  );

  app.post(
    '/admin/jurisdictions/defaults',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Adds the researched rules (docs/compliance.md) for places without one',
        response: { 200: z.object({ added: z.number().int() }) },
      },
    },
    async (req) => ({ added: await addDefaultRules(app.ctx, userOf(req).id) }),
  );

  app.get(
    '/admin/age-assurance/reviews',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Built-in age checks waiting for a decision, oldest first',
        response: { 200: z.object({ data: z.array(pendingAgeCheckSchema) }) },
      },
    },
    async () => ({ data: await builtinQueue(app.ctx) }),
  );

  app.get(
    '/admin/age-assurance/:id/files/:file',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: "A built-in check's ID photo or selfie, decrypted for the reviewing admin (until decided)",
        params: idParamsSchema.extend({ file: z.enum(['document', 'selfie']) }),
      },
    },
    async (req, reply) => {
      const { bytes, mime } = await builtinFile(app.ctx, req.params.id, req.params.file);
      reply.header('content-type', mime);
      reply.header('cache-control', 'private, no-store');
      reply.header('content-disposition', `inline; filename="${req.params.file}"`);
      return reply.send(bytes);
    },
  );

  app.post(
    '/admin/age-assurance/:id/decision',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Approves or rejects a built-in age check; the files are deleted then (setting); audited',
        params: idParamsSchema,
        body: ageCheckDecisionBodySchema,
        response: { 200: ageCheckResultSchema },
      },
    },
    async (req) => reviewBuiltin(app.ctx, userOf(req).id, req.params.id, req.body.approve),
  );
}
