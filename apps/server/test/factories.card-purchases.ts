import { and, eq } from 'drizzle-orm';
import type { App } from '../src/app-type';
import { entitlements, walletCharges } from '../src/db/schema';
import { type Actor, buildPerformer } from './factories';
import { buildFeed } from './factories.feeds';

/** Single purchases by card (`POST /payment/purchase/{type}/{id}`): the request and what it leaves. */
export function buyByCard(app: App, fan: Actor, path: string, payload: Record<string, unknown> = {}) {
  return app.inject({ method: 'POST', url: `/api/payment/purchase/${path}`, headers: fan.auth, payload });
}

/** Whether the fan holds the item now (an entitlement not revoked). */
export async function holds(app: App, fanId: string, objectId: string) {
  const [e] = await app.ctx.db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.userId, fanId), eq(entitlements.objectId, objectId)));
  return Boolean(e && !e.revokedAt);
}

export const chargesOf = (app: App, fanId: string) =>
  app.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fanId));

/** A creator's pay-per-view post at 7.50 tokens. */
export async function ppvPost(app: App) {
  const creator = await buildPerformer(app);
  const post = await buildFeed(app, creator.user.id, { text: 'ppv', visibility: 'sale', price: 7.5 });
  return { creator, post };
}
