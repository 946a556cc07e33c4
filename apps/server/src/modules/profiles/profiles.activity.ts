import fp from 'fastify-plugin';
import type { App } from '../../app-type';
import { touchActivity } from './profiles.repo';

const THROTTLE_MS = 5 * 60_000;
const lastWrite = new Map<string, number>();

/**
 * Records when a creator last used the API (for "recently active" sorting and
 * the profile), at most once every five minutes per creator and after the
 * response, so requests never wait for it.
 */
export const activityTracker = fp(async (app: App) => {
  app.addHook('onResponse', async (req) => {
    const user = req.user;
    if (user?.role !== 'performer') return;
    const now = Date.now();
    if ((lastWrite.get(user.id) ?? 0) > now - THROTTLE_MS) return;
    lastWrite.set(user.id, now);
    if (lastWrite.size > 50_000) lastWrite.clear();
    touchActivity(app.ctx.db, user.id, app.ctx.now()).catch((err) =>
      req.log.warn({ err }, 'could not record activity'),
    );
  });
});
