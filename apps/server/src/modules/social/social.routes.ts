import { randomBytes } from 'node:crypto';
import {
  googleLoginBodySchema,
  googleTokenBodySchema,
  linkedAccountSchema,
  messageResponseSchema,
  socialLoginResponseSchema,
  TWITTER_FLOW_COOKIE_DAYS,
  twitterCallbackBodySchema,
  twitterLoginBodySchema,
  twitterLoginResponseSchema,
} from '@marquee/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App } from '../../app-type';
import { badRequest } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { userOf } from '../../plugins/auth';
import { authRateLimit } from '../../plugins/rate-limit';
import { requestMeta } from '../auth';
import { authorizationUrl, exchangeCode, verifyIdToken } from './google';
import {
  findLinkedAccount,
  linkAccount,
  linkedAccountsOf,
  presentLinkedAccount,
  socialLogin,
  unlinkAccount,
} from './social.service';
import { accessToken, requestToken } from './twitter';

/** The Twitter flow cookies of spec §9 (1 day). The token secret is httpOnly: scripts never need it. */
const FLOW_COOKIES = ['oauthToken', 'oauthTokenSecret', 'twCallbackUrl', 'role'] as const;
function setFlowCookies(reply: FastifyReply, values: Record<(typeof FLOW_COOKIES)[number], string>, secure: boolean) {
  for (const name of FLOW_COOKIES) {
    reply.setCookie(name, values[name], {
      path: '/',
      maxAge: TWITTER_FLOW_COOKIE_DAYS * 86_400,
      sameSite: 'lax',
      httpOnly: name === 'oauthTokenSecret',
      secure,
    });
  }
}
function clearFlowCookies(reply: FastifyReply) {
  for (const name of FLOW_COOKIES) reply.clearCookie(name, { path: '/' });
}

/** The Google flow cookies: state and PKCE verifier (httpOnly, 10 minutes) and the chosen role. */
const GOOGLE_FLOW_SECONDS = 600;
const GOOGLE_COOKIES = ['gState', 'gVerifier', 'gRole'] as const;

function googleFlowFromCookies(req: FastifyRequest, state: string | undefined) {
  const cookieState = req.cookies.gState;
  if (cookieState && state !== cookieState) {
    throw badRequest(msg('error.social.googleExpired'), 'GOOGLE_FLOW_EXPIRED');
  }
  const role = req.cookies.gRole === 'performer' ? ('performer' as const) : undefined;
  return { codeVerifier: req.cookies.gVerifier, role };
}

function flowSecret(req: FastifyRequest, token: string | undefined, bodySecret?: string) {
  const cookieToken = req.cookies.oauthToken;
  const secret = req.cookies.oauthTokenSecret ?? bodySecret;
  const oauthToken = token ?? cookieToken;
  if (!oauthToken || !secret || (cookieToken && token && cookieToken !== token && !bodySecret)) {
    throw badRequest(msg('error.social.twitterExpired'), 'TWITTER_FLOW_EXPIRED');
  }
  return { oauthToken, oauthTokenSecret: secret };
}

export default async function socialRoutes(app: App) {
  const limit = { rateLimit: authRateLimit(app) };
  const meta = (req: FastifyRequest) => requestMeta(app, req);

  app.post(
    '/auth/google/login',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary:
          "Signs in with a Google ID token (verified against the issuer's JWKS); creates the account on first use",
        body: googleLoginBodySchema,
        response: { 200: socialLoginResponseSchema },
      },
    },
    async (req) => {
      const idToken = req.body.idToken ?? req.body.credential;
      if (!idToken)
        throw badRequest('idToken: the Google ID token is required', 'VALIDATION_ERROR', [
          { field: 'body.idToken', message: 'is required' },
        ]);
      const g = await verifyIdToken(app.ctx, idToken);
      const m = meta(req);
      return socialLogin(
        app.ctx,
        {
          provider: 'google',
          providerUserId: g.sub,
          email: g.email,
          emailVerified: g.emailVerified,
          name: g.name,
          handle: g.email?.split('@')[0],
        },
        {
          role: req.body.role,
          remember: req.body.remember,
          referralCode: req.body.referralCode,
          ip: m.ip,
          userAgent: m.userAgent,
        },
      );
    },
  );

  app.get(
    '/auth/google/start',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary:
          "Starts Google sign-in: redirects to the provider's authorization page (code flow, PKCE); the callback page posts the code to /auth/google/token",
        querystring: z.object({ role: z.enum(['user', 'performer']).optional().default('user') }),
      },
    },
    async (req, reply) => {
      const state = randomBytes(16).toString('base64url');
      const codeVerifier = randomBytes(32).toString('base64url');
      const redirectUri = `${meta(req).origin}/auth/google/callback`;
      const url = await authorizationUrl(app.ctx, { redirectUri, state, codeVerifier });
      const values = { gState: state, gVerifier: codeVerifier, gRole: req.query.role };
      for (const name of GOOGLE_COOKIES) {
        reply.setCookie(name, values[name], {
          path: '/',
          maxAge: GOOGLE_FLOW_SECONDS,
          sameSite: 'lax',
          httpOnly: true,
          secure: req.protocol === 'https',
        });
      }
      return reply.redirect(url, 302);
    },
  );

  app.post(
    '/auth/google/token',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Signs in with an authorization code from the Google redirect (exchanged server-side)',
        body: googleTokenBodySchema,
        response: { 200: socialLoginResponseSchema },
      },
    },
    async (req, reply) => {
      const flow = googleFlowFromCookies(req, req.body.state);
      const g = await exchangeCode(app.ctx, { ...req.body, codeVerifier: req.body.codeVerifier ?? flow.codeVerifier });
      for (const name of GOOGLE_COOKIES) reply.clearCookie(name, { path: '/' });
      const m = meta(req);
      return socialLogin(
        app.ctx,
        {
          provider: 'google',
          providerUserId: g.sub,
          email: g.email,
          emailVerified: g.emailVerified,
          name: g.name,
          handle: g.email?.split('@')[0],
        },
        { role: flow.role ?? req.body.role, remember: req.body.remember, ip: m.ip, userAgent: m.userAgent },
      );
    },
  );

  app.post(
    '/auth/twitter/login',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary: 'Starts Twitter/X sign-in (OAuth 1.0a): the authorize URL; sets the 1-day flow cookies',
        body: twitterLoginBodySchema,
        response: { 200: twitterLoginResponseSchema },
      },
    },
    async (req, reply) => {
      const callbackUrl = req.body.callbackUrl ?? `${meta(req).origin}/auth/twitter/callback`;
      const r = await requestToken(app.ctx, callbackUrl);
      setFlowCookies(
        reply,
        {
          oauthToken: r.oauthToken,
          oauthTokenSecret: r.oauthTokenSecret,
          twCallbackUrl: callbackUrl,
          role: req.body.role,
        },
        req.protocol === 'https',
      );
      return { url: r.url, oauthToken: r.oauthToken, callbackUrl };
    },
  );

  app.post(
    '/auth/twitter/callback',
    {
      config: limit,
      schema: {
        tags: ['auth'],
        summary:
          'Completes Twitter/X sign-in with the oauth_verifier of the callback; creates the account on first use',
        body: twitterCallbackBodySchema,
        response: { 200: socialLoginResponseSchema },
      },
    },
    async (req, reply) => {
      const flow = flowSecret(req, req.body.oauthToken, req.body.oauthTokenSecret);
      const tw = await accessToken(app.ctx, { ...flow, oauthVerifier: req.body.oauthVerifier });
      const role = req.body.role ?? (req.cookies.role === 'performer' ? 'performer' : 'user');
      const m = meta(req);
      const result = await socialLogin(
        app.ctx,
        {
          provider: 'twitter',
          providerUserId: tw.userId,
          handle: tw.screenName,
          name: tw.screenName,
          credentials: { token: tw.token, secret: tw.secret },
        },
        { role, remember: req.body.remember, ip: m.ip, userAgent: m.userAgent },
      );
      clearFlowCookies(reply);
      return result;
    },
  );

  app.get(
    '/twitter/account',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'The Twitter/X account linked to the current user, if any',
        response: { 200: z.object({ account: linkedAccountSchema.nullable() }) },
      },
    },
    async (req) => {
      const row = await findLinkedAccount(app.ctx, userOf(req).id, 'twitter');
      return { account: row ? presentLinkedAccount(row) : null };
    },
  );

  app.get(
    '/twitter/getLink',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Starts linking a Twitter/X account: the authorize URL (callback to /auth/twitter/callback?link=1)',
        response: { 200: twitterLoginResponseSchema },
      },
    },
    async (req, reply) => {
      const callbackUrl = `${meta(req).origin}/auth/twitter/callback?link=1`;
      const r = await requestToken(app.ctx, callbackUrl);
      setFlowCookies(
        reply,
        {
          oauthToken: r.oauthToken,
          oauthTokenSecret: r.oauthTokenSecret,
          twCallbackUrl: callbackUrl,
          role: userOf(req).role,
        },
        req.protocol === 'https',
      );
      return { url: r.url, oauthToken: r.oauthToken, callbackUrl };
    },
  );

  app.post(
    '/twitter/verify',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary:
          'Completes linking: the oauth_verifier from the callback links the Twitter/X account to the current user',
        body: twitterCallbackBodySchema.pick({ oauthToken: true, oauthVerifier: true, oauthTokenSecret: true }),
        response: { 200: z.object({ account: linkedAccountSchema }) },
      },
    },
    async (req, reply) => {
      const flow = flowSecret(req, req.body.oauthToken, req.body.oauthTokenSecret);
      const tw = await accessToken(app.ctx, { ...flow, oauthVerifier: req.body.oauthVerifier });
      const row = await linkAccount(app.ctx, userOf(req).id, {
        provider: 'twitter',
        providerUserId: tw.userId,
        handle: tw.screenName,
        credentials: { token: tw.token, secret: tw.secret },
      });
      clearFlowCookies(reply);
      return { account: presentLinkedAccount(row) };
    },
  );

  app.delete(
    '/twitter/unlink',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Unlinks the Twitter/X account from the current user',
        response: { 200: messageResponseSchema },
      },
    },
    async (req) => {
      await unlinkAccount(app.ctx, userOf(req).id, 'twitter');
      return { success: true, message: 'Twitter/X account unlinked' };
    },
  );

  app.get(
    '/auth/linked-accounts',
    {
      config: { access: 'user' },
      schema: {
        tags: ['auth'],
        summary: 'Every social account linked to the current user',
        response: { 200: z.object({ data: z.array(linkedAccountSchema) }) },
      },
    },
    async (req) => {
      const rows = await linkedAccountsOf(app.ctx, userOf(req).id);
      return { data: rows.map(presentLinkedAccount) };
    },
  );
}
