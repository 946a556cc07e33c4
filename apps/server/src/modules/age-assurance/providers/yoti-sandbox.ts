import crypto from 'node:crypto';

/**
 * A local peer of Yoti's Age Verification Service (the API yoti.ts speaks): the tests run it on
 * its own port, and the demo mounts it at /api/yoti-sandbox so a newcomer can try the flow
 * offline. It checks the bearer key and the Yoti-SDK-Id header, creates sessions, shows a user
 * view with the outcomes to choose from, sends the browser back to the session's callback URL,
 * and answers the result endpoint as Yoti documents it. Sessions expire after their ttl.
 */
export const YOTI_SANDBOX_PATH = '/yoti-sandbox';
export const YOTI_SANDBOX_SDK_ID = 'sandbox-sdk-id';
export const YOTI_SANDBOX_KEY = 'sandbox-api-key';

type Status = 'PENDING' | 'IN_PROGRESS' | 'COMPLETE' | 'FAIL' | 'EXPIRED';
interface PeerSession {
  id: string;
  status: Status;
  method: string | null;
  age: number | null;
  referenceId: string;
  callbackUrl: string;
  expiresAt: number;
  config: Record<string, unknown>;
}
export type PeerOutcome = 'estimate-pass' | 'digital-id-pass' | 'fail' | 'expire';
export interface PeerAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const OUTCOMES: Record<Exclude<PeerOutcome, 'expire'>, { status: Status; method: string; age: number }> = {
  'estimate-pass': { status: 'COMPLETE', method: 'AGE_ESTIMATION', age: 25 },
  'digital-id-pass': { status: 'COMPLETE', method: 'DIGITAL_ID', age: 18 },
  fail: { status: 'FAIL', method: 'AGE_ESTIMATION', age: 25 },
};

const json = (status: number, body: unknown): PeerAnswer => ({
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});
const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function createYotiAgePeer(opts: { sdkId: string; apiKey: string; now?: () => number }) {
  const sessions = new Map<string, PeerSession>();
  const now = opts.now ?? Date.now;

  const current = (id: string) => {
    const s = sessions.get(id);
    if (s && (s.status === 'PENDING' || s.status === 'IN_PROGRESS') && now() > s.expiresAt) s.status = 'EXPIRED';
    return s;
  };

  function settle(id: string, outcome: PeerOutcome) {
    const s = current(id);
    if (!s) return null;
    if (outcome === 'expire') s.status = 'EXPIRED';
    else if (s.status === 'PENDING' || s.status === 'IN_PROGRESS') Object.assign(s, OUTCOMES[outcome]);
    return s;
  }

  const authorised = (h: Record<string, string | string[] | undefined>) =>
    h.authorization === `Bearer ${opts.apiKey}` && h['yoti-sdk-id'] === opts.sdkId;

  function userView(s: PeerSession, base: string): PeerAnswer {
    const link = (o: PeerOutcome, label: string) =>
      `<li><a href="${base}/complete?sessionId=${encodeURIComponent(s.id)}&amp;outcome=${o}">${label}</a></li>`;
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Yoti sandbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head><body>
<main><h1>Yoti sandbox: age verification</h1>
<p>An offline stand-in for Yoti's Age Verification Service (session ${escapeHtml(s.id)}). Choose an outcome:</p>
<ul>${link('estimate-pass', 'Pass: facial age estimation says over 25')}${link('digital-id-pass', 'Pass: Digital ID shows over 18')}${link('fail', 'Fail: estimated under the threshold')}</ul>
<p><a href="${escapeHtml(s.callbackUrl)}">Cancel and go back</a></p></main></body></html>`;
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
  }

  /** One HTTP request to the peer; `path` is relative to where the peer is mounted. */
  function handle(req: {
    method: string;
    path: string;
    query: URLSearchParams;
    headers: Record<string, string | string[] | undefined>;
    body?: unknown;
    base: string;
  }): PeerAnswer {
    const { method, path, query } = req;
    if (method === 'GET' && (path === '' || path === '/')) {
      const s = current(query.get('sessionId') ?? '');
      if (!s || query.get('sdkId') !== opts.sdkId) return json(404, { error: 'SESSION_NOT_FOUND' });
      if (s.status === 'PENDING') s.status = 'IN_PROGRESS';
      return userView(s, req.base);
    }
    if (method === 'GET' && path === '/complete') {
      const s = settle(query.get('sessionId') ?? '', (query.get('outcome') ?? 'fail') as PeerOutcome);
      if (!s) return json(404, { error: 'SESSION_NOT_FOUND' });
      return { status: 303, headers: { location: s.callbackUrl }, body: '' };
    }
    if (!authorised(req.headers)) return json(401, { error: 'UNAUTHORIZED' });
    if (method === 'POST' && path === '/api/v1/sessions') {
      const b = (req.body ?? {}) as Record<string, unknown>;
      const callback = (b.callback ?? {}) as { url?: string };
      if (b.type !== 'OVER' || typeof callback.url !== 'string') return json(400, { error: 'BAD_REQUEST' });
      const ttl = Math.max(60, Math.min(Number(b.ttl) || 900, 2_592_000));
      const s: PeerSession = {
        id: crypto.randomUUID(),
        status: 'PENDING',
        method: null,
        age: null,
        referenceId: String(b.reference_id ?? ''),
        callbackUrl: callback.url,
        expiresAt: now() + ttl * 1000,
        config: b,
      };
      sessions.set(s.id, s);
      return json(200, { id: s.id, status: s.status, expires_at: new Date(s.expiresAt).toISOString() });
    }
    const m = path.match(/^\/api\/v1\/sessions\/([\w-]+)\/result$/);
    if (method === 'GET' && m) {
      const s = current(m[1]);
      if (!s) return json(404, { error: 'SESSION_NOT_FOUND' });
      return json(200, {
        ...s.config,
        sdk_id: opts.sdkId,
        id: s.id,
        status: s.status,
        method: s.method ?? '',
        age: s.age ?? 0,
        reference_id: s.referenceId,
        expires_at: new Date(s.expiresAt).toISOString(),
      });
    }
    return json(404, { error: 'NOT_FOUND' });
  }

  return { handle, settle, sessions };
}
