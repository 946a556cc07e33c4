import fsp from 'node:fs/promises';
import {
  changePasswordBodySchema,
  emailBodySchema,
  emailVerifyBodySchema,
  loginBodySchema,
  loginResponseSchema,
  loginTokenBodySchema,
  meSchema,
  messageResponseSchema,
  passwordRecoveryBodySchema,
  registerPerformerBodySchema,
  registerResponseSchema,
  registerUserBodySchema,
  sessionResponseSchema,
  totpCodeBodySchema,
  totpLoginBodySchema,
  totpSetupResponseSchema,
} from '@marquee/shared';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-type';
import { badRequest, unauthorized } from '../../lib/errors';
import { requestLocale } from '../../lib/i18n';
import { publicOrigin } from '../../lib/public-origin';
import { userOf } from '../../plugins/auth';
import { authRateLimit, perAccountLimit } from '../../plugins/rate-limit';
import { findPerformer, receiveDocuments, storeDocuments } from '../performers';
import type { ReceivedFile } from '../users';
import { findUserById, presentMe } from '../users';
import {
  changePassword,
  confirmEmail,
  disableTotp,
  enableTotp,
  forgotPassword,
  login,
  type RequestMeta,
  recoverPassword,
  register,
  resendVerification,
  setupTotp,
} from './auth.service';
import { resolveToken, revokeSession } from './sessions';
import { completeTotpChallenge } from './sign-in';

const uploadsKey = Symbol('registrationUploads');
type WithUploads = FastifyRequest & { [uploadsKey]?: Omit<ReceivedFile, 'fields'>[] };

export function requestMeta(app: App, req: FastifyRequest): RequestMeta {
  return {
    ip: req.ip,
    userAgent: req.headers['user-agent'],
    origin: publicOrigin(app.ctx.config, req),
    locale: requestLocale(req),
  };
}

const loginName = (req: FastifyRequest) => {
  const b = req.body as { username?: string; email?: string } | undefined;
  return b?.username ?? b?.email;
};
const challengeOf = (req: FastifyRequest) => (req.body as { challengeToken?: string } | undefined)?.challengeToken;
const bodyEmail = (req: FastifyRequest) => (req.body as { email?: string } | undefined)?.email;

export default async function authRoutes(app: App) {
  const ipLimit = { rateLimit: authRateLimit(app) };

  app.post(
    '/auth/users/register',
    {
      config: ipLimit,
      schema: {
        tags: ['auth'],
        summary: 'Register a fan account; signs in at once unless email verification is required',
        body: registerUserBodySchema,
        response: { 200: registerResponseSchema },
      },
    },
    async (req) => register(app.ctx, 'user', req.body, requestMeta(app, req)),
  );

  app.post(
    '/auth/performers/register',
    {
      config: ipLimit,
      // Multipart form (with identity documents as idFront, idBack, selfie or documents) or JSON.
      preValidation: async (req) => {
        if (!req.isMultipart()) return;
        const { files, fields } = await receiveDocuments(app.ctx, req);
        (req as WithUploads)[uploadsKey] = files;
        const body: Record<string, unknown> = { ...fields };
        if (typeof body.remember === 'string') body.remember = body.remember === 'true';
        for (const k of Object.keys(body)) if (body[k] === '') delete body[k];
        req.body = body as typeof req.body;
      },
      onResponse: async (req) => {
        for (const f of (req as WithUploads)[uploadsKey] ?? [])
          await fsp.rm(f.tmpFile, { force: true }).catch(() => {});
      },
      schema: {
        tags: ['auth'],
        summary: 'Register a creator account (JSON, or multipart/form-data with identity documents)',
        consumes: ['application/json', 'multipart/form-data'],
        body: registerPerformerBodySchema,
        response: { 200: registerResponseSchema },
      },
    },
    async (req) => {
      const result = await register(app.ctx, 'performer', req.body, requestMeta(app, req));
      const files = (req as WithUploads)[uploadsKey];
      if (files?.length) await storeDocuments(app.ctx, result.userId, files);
      return result;
    },
  );

  app.post(
    '/auth/login',
    {
      config: ipLimit,
      preHandler: perAccountLimit(app, 'login', loginName),
      schema: {
        tags: ['auth'],
        summary:
          'Log in with username or email and password; { token, expiresAt } (365 days with remember, else 1 day)',
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req) => {
      const id = req.body.username ?? req.body.email;
      if (!id)
        throw badRequest('username: Enter your username or email', 'VALIDATION_ERROR', [
          { field: 'body.username', message: 'is required' },
        ]);
      return login(
        app.ctx,
        { login: id, password: req.body.password, remember: req.body.remember, totpCode: req.body.totpCode },
        requestMeta(app, req),
      );
    },
  );

  app.post(
    '/auth/2fa/login',
    {
      config: ipLimit,
      preHandler: perAccountLimit(app, 'totp-login', challengeOf),
      schema: {
        tags: ['auth'],
        summary:
          'The second step of any sign-in with two-factor authentication on: the challenge it answered and a code from the app give the session',
        body: totpLoginBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (req) => completeTotpChallenge(app.ctx, req.body, requestMeta(app, req)),
  );

  app.post(
    '/auth/login/token',
    {
      config: ipLimit,
      schema: {
        tags: ['auth'],
        summary: 'Login by token: exchanges a still-valid token for the current user',
        body: loginTokenBodySchema,
        response: { 200: meSchema },
      },
    },
    async (req) => {
      const auth = await resolveToken(app.ctx.db, req.body.token);
      if (!auth) throw unauthorized('This session has expired, please log in again');
      const user = await findUserById(app.ctx.db, auth.id);
      if (!user) throw unauthorized();
      return presentMe(user, user.role === 'performer' ? await findPerformer(app.ctx.db, user.id) : null);
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Log out: revokes the current session token',
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      const user = userOf(req);
      await revokeSession(app.ctx.db, app.ctx.bus, { id: user.sessionId, userId: user.id });
      return { success: true, message: 'Logged out' };
    },
  );

  app.post(
    '/auth/email-verification',
    {
      config: ipLimit,
      preHandler: perAccountLimit(app, 'verify', bodyEmail),
      schema: {
        tags: ['auth'],
        summary: 'Mails a new email-verification link (same answer whether or not the address is known)',
        body: emailBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => resendVerification(app.ctx, req.body.email, requestMeta(app, req)),
  );

  app.post(
    '/auth/email-verification/verify',
    {
      config: ipLimit,
      schema: {
        tags: ['auth'],
        summary: 'Confirms an email address with the token of the mailed link (single use, 48 hours)',
        body: emailVerifyBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => confirmEmail(app.ctx, req.body.token),
  );

  app.post(
    '/auth/users/forgot',
    {
      config: ipLimit,
      preHandler: perAccountLimit(app, 'forgot', bodyEmail),
      schema: {
        tags: ['auth'],
        summary: 'Mails a single-use password reset link (expires in 1 hour); always the same answer',
        body: emailBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => forgotPassword(app.ctx, req.body.email, requestMeta(app, req)),
  );

  app.post(
    '/auth/password-recovery',
    {
      config: ipLimit,
      schema: {
        tags: ['auth'],
        summary: 'Sets a new password with the token of a reset link; revokes every session',
        body: passwordRecoveryBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => recoverPassword(app.ctx, req.body.token, req.body.password),
  );

  app.put(
    '/auth/users/me/password',
    {
      config: { ...ipLimit, access: 'user' },
      schema: {
        tags: ['auth'],
        summary: "Changes the signed-in user's password (current password required); other sessions are revoked",
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => changePassword(app.ctx, userOf(req), req.body),
  );

  app.post(
    '/auth/2fa/setup',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Starts two-factor setup: a TOTP secret and otpauth URL for an authenticator app',
        response: { 200: totpSetupResponseSchema },
      },
    },
    async (req) => setupTotp(app.ctx, userOf(req).id),
  );

  app.post(
    '/auth/2fa/enable',
    {
      config: { ...ipLimit, access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Turns two-factor authentication on with a code from the app',
        body: totpCodeBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => enableTotp(app.ctx, userOf(req).id, req.body.code),
  );

  app.post(
    '/auth/2fa/disable',
    {
      config: { ...ipLimit, access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Turns two-factor authentication off (needs a current code)',
        body: totpCodeBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => disableTotp(app.ctx, userOf(req).id, req.body.code),
  );
}
