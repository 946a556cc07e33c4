import type { Config } from '../../../config';
import { badRequest } from '../../../lib/errors';
import type { CheckOutcome, RedirectProvider } from './provider';
import { YOTI_SANDBOX_KEY, YOTI_SANDBOX_PATH, YOTI_SANDBOX_SDK_ID } from './yoti-sandbox';

/**
 * Yoti's Age Verification Service (https://developers.yoti.com/age-verification/create-a-session,
 * …/results): a session is created server-side with `POST {api}/sessions` (headers
 * `Authorization: Bearer <API key>`, `Yoti-SDK-Id`), the browser opens
 * `{view}?sessionId=<id>&sdkId=<sdk>`, Yoti sends it back to `callback.url`, and the verdict is read
 * with `GET {api}/sessions/<id>/result` (`status` COMPLETE | FAIL | EXPIRED | PENDING…, `method`).
 * Methods offered: age estimation (threshold 25, passive liveness), Digital ID and ID document
 * scan (threshold 18).
 */
type Conf = { api: string; view: string; sdkId: string; key: string };

export function yotiSandboxOn(config: Pick<Config, 'YOTI_AGE_SANDBOX' | 'SEED_DEMO' | 'YOTI_AGE_API_KEY'>) {
  return config.YOTI_AGE_SANDBOX ?? (config.SEED_DEMO && !config.YOTI_AGE_API_KEY);
}

function conf(config: Config): Conf | null {
  if (config.YOTI_AGE_API_KEY && config.YOTI_AGE_SDK_ID) {
    return {
      api: config.YOTI_AGE_API_URL.replace(/\/+$/, ''),
      view: config.YOTI_AGE_VIEW_URL.replace(/\/+$/, ''),
      sdkId: config.YOTI_AGE_SDK_ID,
      key: config.YOTI_AGE_API_KEY,
    };
  }
  if (!yotiSandboxOn(config)) return null;
  // The demo's offline peer, mounted on this server (yoti-sandbox.ts).
  return {
    api: `http://127.0.0.1:${config.PORT}/api${YOTI_SANDBOX_PATH}/api/v1`,
    view: `/api${YOTI_SANDBOX_PATH}`,
    sdkId: YOTI_SANDBOX_SDK_ID,
    key: YOTI_SANDBOX_KEY,
  };
}

async function call(c: Conf, method: 'GET' | 'POST', path: string, body?: unknown) {
  const res = await fetch(`${c.api}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${c.key}`,
      'Yoti-SDK-Id': c.sdkId,
      'Content-Type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  if (!res) throw badRequest('Yoti could not be reached, please try again later', 'YOTI_UNAVAILABLE');
  if (!res.ok) throw badRequest(`Yoti refused the request (${res.status}), please try again later`, 'YOTI_REFUSED');
  return (await res.json()) as Record<string, unknown>;
}

function need(config: Config): Conf {
  const c = conf(config);
  if (!c) throw badRequest('Yoti age verification is not configured on this site', 'YOTI_NOT_CONFIGURED');
  return c;
}

export function outcomeOf(result: Record<string, unknown>): CheckOutcome {
  const method = typeof result.method === 'string' && result.method ? result.method : null;
  switch (result.status) {
    case 'COMPLETE':
      return { status: 'assured', method };
    case 'FAIL':
      return { status: 'failed', method };
    case 'EXPIRED':
      return { status: 'expired', method };
    default:
      return { status: 'pending', method };
  }
}

export const yotiProvider: RedirectProvider = {
  name: 'yoti',
  configured: (ctx) => conf(ctx.config as Config) !== null,
  async startCheck(ctx, { referenceId, callbackUrl }) {
    const c = need(ctx.config as Config);
    const s = await call(c, 'POST', '/sessions', {
      type: 'OVER',
      ttl: 900,
      age_estimation: { allowed: true, threshold: 25, level: 'PASSIVE', retry_limit: 1 },
      digital_id: { allowed: true, threshold: 18, level: 'NONE' },
      doc_scan: { allowed: true, threshold: 18, authenticity: 'AUTO', level: 'PASSIVE' },
      reference_id: referenceId,
      callback: { auto: true, url: callbackUrl },
      cancel_url: callbackUrl,
      synchronous_checks: true,
    });
    if (typeof s.id !== 'string' || !s.id) throw badRequest('Yoti did not open a session', 'YOTI_REFUSED');
    const q = new URLSearchParams({ sessionId: s.id, sdkId: c.sdkId });
    return { externalId: s.id, url: `${c.view}?${q}` };
  },
  async fetchResult(ctx, externalId) {
    const c = need(ctx.config as Config);
    return outcomeOf(await call(c, 'GET', `/sessions/${encodeURIComponent(externalId)}/result`));
  },
};
