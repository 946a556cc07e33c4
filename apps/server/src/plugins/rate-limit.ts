import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { App } from '../app-type';
import { appError } from '../lib/errors';
import { type Message, msg, render } from '../lib/i18n';

/** "5 seconds", "2 minutes": the wait in the limit texts, as a catalogue message. */
export function waitText(ms: number): Message {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 60) return msg(s === 1 ? 'time.second' : 'time.seconds', { n: s });
  const m = Math.ceil(s / 60);
  return msg(m === 1 ? 'time.minute' : 'time.minutes', { n: m });
}

/** The wait in English. */
export const humanWait = (ms: number): string => render('en', waitText(ms));

/** 429 "Too many attempts. Please try again in 5 seconds.", translated by its message. */
const tooManyAttempts = (ms: number) =>
  appError(429, 'RATE_LIMITED', msg('error.tooManyAttempts', { wait: waitText(ms) }));

/**
 * Rate limits, off by default and switched on per route (`config: { rateLimit }`
 * or `app.rateLimit({...})` as a preHandler). Counters are in memory on one
 * instance, in Redis when REDIS_URL is set so every instance shares them.
 */
export const rateLimitPlugin = fp(async (app: App) => {
  const redisUrl = app.ctx.config.REDIS_URL;
  const redis = redisUrl ? new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${app.ctx.config.REDIS_PREFIX}-rl:` } : {}),
    skipOnError: true,
    errorResponseBuilder: (_req, context) => tooManyAttempts(context.ttl),
  });
  if (redis) app.addHook('onClose', async () => void redis.quit());
});

/** Auth limits from config: AUTH_RATE_LIMIT_MAX attempts per AUTH_RATE_LIMIT_WINDOW_SECONDS. */
export function authRateLimit(app: App, overrides: Partial<RateLimitOptions> = {}): RateLimitOptions {
  return {
    max: app.ctx.config.AUTH_RATE_LIMIT_MAX,
    timeWindow: app.ctx.config.AUTH_RATE_LIMIT_WINDOW_SECONDS * 1000,
    ...overrides,
  };
}

/**
 * A second limit keyed by the account the request names (login name or email in
 * the body), so one account cannot be attacked from many addresses. (The
 * plugin runs one limiter per request, so this one is checked by hand.)
 */
export function perAccountLimit(app: App, name: string, pick: (req: FastifyRequest) => string | undefined) {
  const check = app.createRateLimit(
    authRateLimit(app, {
      keyGenerator: (req) => {
        const v = pick(req)?.trim().toLowerCase();
        return v ? `${name}:acct:${v}` : `${name}:ip:${req.ip}`;
      },
    }),
  );
  return async (req: FastifyRequest) => {
    const r = await check(req);
    if (!r.isAllowed && r.isExceeded) throw tooManyAttempts(r.ttl);
  };
}

/** Counts one hit on `key`; null while under the limit, else the milliseconds until it resets. */
export type KeyedLimit = (key: string) => Promise<number | null>;

/**
 * A limit on any key (an account, an address), counted in the same store as the HTTP limits:
 * in memory on one instance, in Redis across instances. For what is not an HTTP route (socket
 * events) and for routes that need more than one key.
 */
export function keyedLimit(app: App, opts: { max: number; windowMs: number }): KeyedLimit {
  const check = app.createRateLimit({
    max: opts.max,
    timeWindow: opts.windowMs,
    keyGenerator: (req) => (req as unknown as { limitKey: string }).limitKey,
  });
  return async (key) => {
    // The plugin reads only the key and the (absent) route config from the request it is given.
    const r = await check({ limitKey: key, routeOptions: {} } as unknown as FastifyRequest);
    return !r.isAllowed && r.isExceeded ? Math.max(1, r.ttl) : null;
  };
}

/**
 * Two keyed limits: `max` per account, five times as many per address (people behind one NAT
 * share it). Signed-in callers count against both, anonymous ones against the address only.
 * Resolves to null while allowed, else the milliseconds until the caller may try again.
 */
function accountAndAddressLimit(app: App, name: string, max: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const perUser = keyedLimit(app, { max, windowMs });
  const perIp = keyedLimit(app, { max: max * 5, windowMs });
  return async (who: { userId?: string; ip: string }) =>
    (who.userId ? await perUser(`${name}:user:${who.userId}`) : null) ?? (await perIp(`${name}:ip:${who.ip}`));
}

/** The stream chat limit (HTTP): CHAT_RATE_LIMIT_MAX lines per window per account; answered 429. */
export function chatLimit(app: App) {
  const { CHAT_RATE_LIMIT_MAX, CHAT_RATE_LIMIT_WINDOW_SECONDS } = app.ctx.config;
  const check = accountAndAddressLimit(app, 'chat', CHAT_RATE_LIMIT_MAX, CHAT_RATE_LIMIT_WINDOW_SECONDS);
  return async (req: FastifyRequest) => {
    const wait = await check({ userId: req.user?.id, ip: req.ip });
    if (wait !== null) throw appError(429, 'RATE_LIMITED', msg('error.tooManyMessages', { wait: waitText(wait) }));
  };
}

/** The socket event limit: SOCKET_EVENTS_MAX client events per window per account (lib/realtime answers). */
export function socketEventLimit(app: App) {
  const { SOCKET_EVENTS_MAX, SOCKET_EVENTS_WINDOW_SECONDS } = app.ctx.config;
  return accountAndAddressLimit(app, 'sock', SOCKET_EVENTS_MAX, SOCKET_EVENTS_WINDOW_SECONDS);
}
