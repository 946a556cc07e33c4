import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Ctx } from '../../context';
import { badRequest } from '../../lib/errors';
import { msg } from '../../lib/i18n';

export interface ProviderSession {
  externalId: string | null;
  clientToken: string | null;
  url: string | null;
}
export type ProviderOutcome = {
  status: 'pending' | 'verified' | 'rejected' | 'expired';
  result?: Record<string, unknown>;
};

/** Identity verification providers: manual (documents reviewed by an admin) and Yoti IDV. */
export interface IdentityProvider {
  name: 'manual' | 'yoti';
  create(ctx: Ctx, performerId: string): Promise<ProviderSession>;
  /** The provider's current verdict on a session. */
  check(ctx: Ctx, externalId: string | null): Promise<ProviderOutcome>;
}

export const manualProvider: IdentityProvider = {
  name: 'manual',
  async create() {
    return { externalId: null, clientToken: null, url: null };
  },
  async check() {
    // An admin decides (reviewIdentity); until then it waits.
    return { status: 'pending' };
  },
};

function yotiKey(ctx: Ctx): string {
  const k = ctx.config.YOTI_KEY;
  if (!k || !ctx.config.YOTI_CLIENT_SDK_ID)
    throw badRequest(msg('error.identity.yotiNotConfigured'), 'YOTI_NOT_CONFIGURED');
  return k.includes('BEGIN') ? k.replace(/\\n/g, '\n') : fs.readFileSync(k, 'utf8');
}

/**
 * Yoti's request signing: RSA-SHA256 over `METHOD&/path?query&base64(body)`,
 * sent as X-Yoti-Auth-Digest; sdkId, nonce and timestamp in the query.
 */
async function yotiRequest(ctx: Ctx, method: 'GET' | 'POST', path: string, body?: unknown) {
  const key = yotiKey(ctx);
  const base = ctx.config.YOTI_BASE_URL.replace(/\/$/, '');
  const basePath = new URL(base).pathname.replace(/\/$/, '');
  const q = new URLSearchParams({
    sdkId: ctx.config.YOTI_CLIENT_SDK_ID!,
    nonce: crypto.randomUUID(),
    timestamp: String(Date.now() * 1000),
  });
  const endpoint = `${path}?${q.toString()}`;
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const message = `${method}&${basePath}${endpoint}${payload ? `&${payload.toString('base64')}` : ''}`;
  const digest = crypto.sign('sha256', Buffer.from(message), key).toString('base64');
  const res = await fetch(`${base}${endpoint}`, {
    method,
    headers: {
      'X-Yoti-Auth-Digest': digest,
      'X-Yoti-SDK': 'Node',
      ...(payload ? { 'Content-Type': 'application/json' } : {}),
    },
    body: payload,
    signal: AbortSignal.timeout(15_000),
  }).catch(() => null);
  if (!res) throw badRequest(msg('error.identity.yotiUnavailable'), 'YOTI_UNAVAILABLE');
  if (!res.ok) throw badRequest(`Yoti refused the request (${res.status}), please try again later`, 'YOTI_REFUSED');
  return res.json() as Promise<Record<string, unknown>>;
}

interface YotiCheck {
  type?: string;
  state?: string;
  report?: { recommendation?: { value?: string } };
}

export const yotiProvider: IdentityProvider = {
  name: 'yoti',
  async create(ctx, performerId) {
    const session = (await yotiRequest(ctx, 'POST', '/sessions', {
      client_session_token_ttl: 86_400,
      resources_ttl: 604_800,
      user_tracking_id: performerId,
      requested_checks: [
        { type: 'ID_DOCUMENT_AUTHENTICITY', config: {} },
        { type: 'ID_DOCUMENT_FACE_MATCH', config: { manual_check: 'FALLBACK' } },
        { type: 'LIVENESS', config: { liveness_type: 'ZOOM', max_retries: 3 } },
      ],
      requested_tasks: [{ type: 'ID_DOCUMENT_TEXT_DATA_EXTRACTION', config: { manual_check: 'FALLBACK' } }],
      sdk_config: { allowed_capture_methods: 'CAMERA_AND_UPLOAD', allow_handoff: true },
    })) as { session_id?: string; client_session_token?: string };
    if (!session.session_id || !session.client_session_token)
      throw badRequest(msg('error.identity.yotiNoSession'), 'YOTI_REFUSED');
    const base = ctx.config.YOTI_BASE_URL.replace(/\/$/, '');
    return {
      externalId: session.session_id,
      clientToken: session.client_session_token,
      url: `${base}/web/index.html?sessionID=${encodeURIComponent(session.session_id)}&sessionToken=${encodeURIComponent(session.client_session_token)}`,
    };
  },
  async check(ctx, externalId) {
    if (!externalId) return { status: 'pending' };
    const s = (await yotiRequest(ctx, 'GET', `/sessions/${encodeURIComponent(externalId)}`)) as {
      state?: string;
      checks?: YotiCheck[];
    };
    const checks = s.checks ?? [];
    const summary = {
      state: s.state,
      checks: checks.map((c) => ({ type: c.type, state: c.state, recommendation: c.report?.recommendation?.value })),
    };
    if (s.state === 'EXPIRED') return { status: 'expired', result: summary };
    if (s.state !== 'COMPLETED' || checks.length === 0 || checks.some((c) => c.state !== 'DONE'))
      return { status: 'pending', result: summary };
    const verdicts = checks.map((c) => c.report?.recommendation?.value);
    if (verdicts.every((v) => v === 'APPROVE')) return { status: 'verified', result: summary };
    if (verdicts.some((v) => v === 'REJECT')) return { status: 'rejected', result: summary };
    return { status: 'pending', result: summary };
  },
};

export function providerFor(ctx: Ctx): IdentityProvider {
  return ctx.config.IDENTITY_PROVIDER === 'yoti' ? yotiProvider : manualProvider;
}

export function providerByName(name: 'manual' | 'yoti'): IdentityProvider {
  return name === 'yoti' ? yotiProvider : manualProvider;
}
