import {
  PUSH_CATEGORIES,
  PUSH_CATEGORY_KEYS,
  type PushCategory,
  type PushConfig,
  type PushPayload,
  type PushSubscribeBody,
  pushCategoryOf,
} from '@marquee/shared';
import webpush from 'web-push';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import type { PushSubscriptionRow } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { localeOf, msg, render } from '../../lib/i18n';
import {
  anyWants,
  deleteById,
  deleteOwned,
  devicesWanting,
  findOwned,
  listForUser,
  markDelivered,
  markFailed,
  setCategories,
  upsertSubscription,
} from './push.repo';
import { vapidKeys } from './push.vapid';

export const PUSH_JOB = 'push.send';
/** A device whose push service failed this many times in a row (not 404/410) is dropped too. */
export const MAX_FAILURES = 10;
const TTL_SECONDS = 24 * 60 * 60;
const BODY_MAX = 300;

export function pushConfig(ctx: Ctx): PushConfig {
  return {
    publicKey: vapidKeys(ctx.config).publicKey,
    categories: PUSH_CATEGORY_KEYS.map((key) => ({
      key,
      label: PUSH_CATEGORIES[key].label,
      creatorsOnly: PUSH_CATEGORIES[key].creatorsOnly,
    })),
  };
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * The server POSTs to the endpoint a browser gives it, so only push services are accepted
 * (PUSH_SERVICE_HOSTS), over https; plain http only for a loopback stand-in named there.
 */
export function checkEndpoint(ctx: Ctx, endpoint: string) {
  const url = new URL(endpoint);
  const allowed = ctx.config.PUSH_SERVICE_HOSTS.split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const host = url.hostname.toLowerCase();
  const known = allowed.some((h) => host === h || host.endsWith(`.${h}`));
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(host));
  if (!known || !secure) {
    throw badRequest('endpoint is not a push service this site delivers to', 'VALIDATION_ERROR', [
      { field: 'endpoint', message: 'Not a known push service' },
    ]);
  }
}

export async function subscribe(ctx: Ctx, userId: string, body: PushSubscribeBody) {
  checkEndpoint(ctx, body.endpoint);
  return upsertSubscription(ctx.db, {
    id: newId(),
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    categories: [...new Set(body.categories)],
    deviceName: body.deviceName || null,
  });
}

export const devices = (ctx: Ctx, userId: string) => listForUser(ctx.db, userId);

export async function updateCategories(ctx: Ctx, userId: string, id: string, categories: PushCategory[]) {
  const row = await setCategories(ctx.db, userId, id, [...new Set(categories)]);
  if (!row) throw notFound('Device');
  return row;
}

export async function unsubscribe(ctx: Ctx, userId: string, id: string) {
  if ((await deleteOwned(ctx.db, userId, id)).length === 0) throw notFound('Device');
}

export interface PushNotice {
  kind: string;
  title: string;
  body?: string | null;
  link?: string | null;
  data?: Record<string, unknown> | null;
}

export function payloadOf(n: PushNotice): PushPayload {
  const body = n.body ? (n.body.length > BODY_MAX ? `${n.body.slice(0, BODY_MAX - 1)}…` : n.body) : null;
  const thread = typeof n.data?.conversationId === 'string' ? n.data.conversationId : (n.link ?? '');
  return { title: n.title, body, link: n.link ?? null, kind: n.kind, tag: `${n.kind}:${thread}` };
}

/** Recipients who read the same text (one language's), and that text. */
export interface PushGroup {
  userIds: string[];
  notice: PushNotice;
}

/**
 * Called by notify() after commit: queues a push job per group (per language) when one of the
 * users has a device that wants this kind's category. One query when nobody does; never fails
 * the caller.
 */
export async function enqueuePush(ctx: Ctx, groups: PushGroup[]): Promise<boolean> {
  const category = groups[0] && pushCategoryOf(groups[0].notice.kind);
  if (!category) return false;
  try {
    const everyone = groups.flatMap((g) => g.userIds);
    if (!(await anyWants(ctx.db, everyone, category))) return false;
    for (const g of groups) {
      await ctx.jobs.send(PUSH_JOB, { userIds: g.userIds, category, payload: payloadOf(g.notice) });
    }
    return true;
  } catch (err) {
    ctx.log.error({ err }, 'queueing a push failed');
    return false;
  }
}

export type DeliveryOutcome = 'delivered' | 'gone' | 'failed';

/** Encrypts (RFC 8291) and signs (VAPID, RFC 8292) with web-push, and POSTs it (RFC 8030). */
export async function deliver(ctx: Ctx, device: PushSubscriptionRow, payload: PushPayload): Promise<DeliveryOutcome> {
  const keys = vapidKeys(ctx.config);
  const request = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: keys,
      TTL: TTL_SECONDS,
      urgency: payload.kind === 'message' || payload.kind === 'live' ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  let status = 0;
  try {
    const res = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
    status = res.status;
    await res.body?.cancel();
  } catch (err) {
    ctx.log.warn({ err, device: device.id }, 'push service unreachable');
  }
  if (status >= 200 && status < 300) {
    await markDelivered(ctx.db, device.id);
    return 'delivered';
  }
  // 404/410: the subscription expired or the user revoked it in the browser.
  if (status === 404 || status === 410 || device.failureCount + 1 >= MAX_FAILURES) {
    await deleteById(ctx.db, device.id);
    return 'gone';
  }
  await markFailed(ctx.db, device.id);
  return 'failed';
}

export interface PushJob {
  userIds: string[];
  category: PushCategory;
  payload: PushPayload;
}

export async function runPushJob(ctx: Ctx, job: PushJob) {
  const targets = await devicesWanting(ctx.db, job.userIds, job.category);
  for (const device of targets) await deliver(ctx, device, job.payload);
}

/** "Send a test": straight to one device of the user (in the account's language), so the settings page can say if it worked. */
export async function sendTest(ctx: Ctx, user: { id: string; locale: string | null }, id: string) {
  const device = await findOwned(ctx.db, user.id, id);
  if (!device) throw notFound('Device');
  const siteName = await ctx.settings.get('siteName');
  const locale = localeOf(user.locale);
  const outcome = await deliver(ctx, device, {
    title: render(locale, msg('push.test.title', { site: siteName })),
    body: render(locale, msg('push.test.body')),
    link: '/notifications',
    kind: 'system',
    tag: 'system:test',
  });
  return { delivered: outcome === 'delivered', removed: outcome === 'gone' };
}

export function registerPushJobs(ctx: Ctx) {
  ctx.jobs.work<PushJob>(PUSH_JOB, (job) => runPushJob(ctx, job));
}
