import { and, eq } from 'drizzle-orm';
import type { App } from '../src/app-type';
import { entitlements, subscriptions } from '../src/db/schema';
import { setClockOffset } from '../src/lib/clock';
import { balanceOf, earningsAccount } from '../src/modules/ledger/ledger.service';

/** What the memberships tests of every gateway read (Stripe, CCBill, Segpay, Verotel). */

/** A creator's earnings account balance (cents). */
export const earned = (app: App, id: string) => app.ctx.db.transaction((tx) => balanceOf(tx, earningsAccount(id)));

/** The only subscription row of the test. */
export const subRow = async (app: App) => (await app.ctx.db.select().from(subscriptions))[0];

/** Whether the fan's entitlement to the creator is open at `at` (default: the real now). */
export const hasAccess = async (app: App, fanId: string, creatorId: string, at = Date.now()) => {
  const [e] = await app.ctx.db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.userId, fanId), eq(entitlements.objectId, creatorId)));
  return Boolean(e && !e.revokedAt && (!e.expiresAt || e.expiresAt.getTime() > at));
};

/** Moves the server clock (`now()`) to `at`; reset with `setClockOffset(0)`. */
export const travelTo = (at: number) => setClockOffset(at - Date.now());
