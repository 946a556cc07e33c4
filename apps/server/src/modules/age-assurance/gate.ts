import type { FastifyRequest } from 'fastify';
import type { App } from '../../app-type';
import type { Ctx } from '../../context';
import { AppError } from '../../lib/errors';
import { type RequestGeo, requestGeo } from '../../lib/geo';
import { type Evaluation, evaluate, type Requester, VISITOR_COOKIE } from './assurance.service';

/**
 * API paths that carry no adult content: reachable by everyone, whatever their place's rule —
 * signing in, site settings, the age check itself, the site's own pages (CMS), complaints, data
 * rights, look-up lists, and payment processors' webhooks (sent from the processors' servers).
 * Every other API path — every media route included — answers 403 to a requester not admitted.
 */
export const SAFE_API_PREFIXES = [
  '/api/auth/',
  '/api/settings/',
  '/api/age-assurance/',
  '/api/yoti-sandbox',
  '/api/health',
  '/api/block/countries/check',
  '/api/block/us/states/check',
  '/api/countries',
  '/api/states',
  '/api/cities',
  '/api/languages',
  '/api/phone-codes',
  '/api/posts/',
  '/api/complaints',
  // Statements of reasons and appeals (DSA Art. 17, 20): texts, no media; a legal right in every place.
  '/api/decisions',
  '/api/decision-links/',
  '/api/transparency',
  '/api/contact',
  '/api/privacy/',
  '/api/users/me',
  '/api/re-captcha/',
  '/api/payment/sandbox/webhook',
  '/api/payment/stripe/webhook',
  '/api/payments/',
  '/api/admin/',
] as const;

export const isSafePath = (url: string) => {
  const p = url.split('?')[0];
  return !p.startsWith('/api/') || SAFE_API_PREFIXES.some((s) => p === s.replace(/\/$/, '') || p.startsWith(s));
};

export function requesterOf(ctx: Pick<Ctx, 'config'>, req: FastifyRequest): Requester {
  const token = req.cookies?.[VISITOR_COOKIE];
  return {
    user: req.user ? { id: req.user.id, role: req.user.role } : null,
    visitorToken: typeof token === 'string' && token.length >= 20 ? token : null,
    geo: requestGeo(ctx.config, req),
  };
}

export function refusal(e: Evaluation): AppError | null {
  if (e.admitted) return null;
  if (e.place.action === 'block')
    return new AppError(403, 'This site is not available in your region under its law', 'JURISDICTION_BLOCKED');
  return new AppError(
    403,
    'Your region requires age assurance before adult content is shown',
    'AGE_ASSURANCE_REQUIRED',
  );
}

/** The HTTP gate (issue 27): before any handler of a path that may carry adult content. */
export function registerAgeGate(app: App) {
  app.addHook('onRequest', async (req) => {
    if (isSafePath(req.url)) return;
    const err = refusal(await evaluate(app.ctx, requesterOf(app.ctx, req)));
    if (err) throw err;
  });
}

/** The socket gate: a socket of a requester not admitted is refused at the handshake. */
export async function admitSocket(
  ctx: Pick<Ctx, 'db' | 'settings' | 'now'>,
  who: { user: { id: string; role: string } | null; cookieHeader: string | undefined; geo: RequestGeo },
): Promise<string | null> {
  const token = /(?:^|;\s*)mq_age=([^;]+)/.exec(who.cookieHeader ?? '')?.[1] ?? null;
  const e = await evaluate(ctx, { user: who.user, visitorToken: token, geo: who.geo });
  return refusal(e)?.code ?? null;
}
