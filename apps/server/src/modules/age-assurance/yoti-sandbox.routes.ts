import type { App } from '../../app-type';
import { yotiSandboxOn } from './providers/yoti';
import { createYotiAgePeer, YOTI_SANDBOX_KEY, YOTI_SANDBOX_PATH, YOTI_SANDBOX_SDK_ID } from './providers/yoti-sandbox';

/**
 * The demo's Yoti sandbox (providers/yoti-sandbox.ts) at /api/yoti-sandbox: mounted only when
 * YOTI_AGE_SANDBOX is on (default: a seeded demo without a Yoti age key). A peer, not our API:
 * hidden from the OpenAPI document.
 */
export default async function yotiSandboxRoutes(app: App) {
  if (!yotiSandboxOn(app.ctx.config)) return;
  const peer = createYotiAgePeer({ sdkId: YOTI_SANDBOX_SDK_ID, apiKey: YOTI_SANDBOX_KEY });
  const base = `/api${YOTI_SANDBOX_PATH}`;
  app.route({
    method: ['GET', 'POST'],
    url: `${YOTI_SANDBOX_PATH}/*`,
    schema: { hide: true },
    handler: async (req, reply) => {
      const url = new URL(req.url, 'http://x');
      const answer = peer.handle({
        method: req.method,
        path: url.pathname.slice(base.length),
        query: url.searchParams,
        headers: req.headers,
        body: req.body,
        base,
      });
      reply.code(answer.status).headers(answer.headers);
      return reply.send(answer.body);
    },
  });
  app.get(YOTI_SANDBOX_PATH, { schema: { hide: true } }, async (req, reply) => {
    const url = new URL(req.url, 'http://x');
    const answer = peer.handle({ method: 'GET', path: '', query: url.searchParams, headers: req.headers, base });
    reply.code(answer.status).headers(answer.headers);
    return reply.send(answer.body);
  });
}
