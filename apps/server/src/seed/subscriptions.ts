import { inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { users } from '../db/schema';
import { clearing, transfer, wallet } from '../modules/ledger/ledger.service';
import { subscribe, updateSubscriptionSettings } from '../modules/subscriptions/subscriptions.service';

/**
 * Demo subscriptions, through the real service (ledger, earnings, entitlements):
 * luna offers bundles and a free day; alex subscribes to luna monthly from the
 * wallet; jamie is on luna's free trial; kai and sasha have no subscribers yet.
 */
export async function seedSubscriptions(ctx: Ctx) {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username, role: users.role, status: users.status })
    .from(users)
    .where(inArray(users.username, ['luna', 'kai', 'alex', 'jamie']));
  const u = Object.fromEntries(rows.map((r) => [r.username, r]));
  if (!u.luna || !u.kai || !u.alex || !u.jamie) return;
  const actor = (x: (typeof rows)[number]) => ({
    id: x.id,
    role: x.role,
    username: x.username,
    status: x.status,
    locale: null,
    sessionId: 'seed',
  });

  await updateSubscriptionSettings(ctx, u.luna.id, {
    freeSubscriptionEnabled: true,
    freeSubscriptionDays: 1,
    threeMonthsDiscount: 10,
    sixMonthsDiscount: 15,
  });
  await updateSubscriptionSettings(ctx, u.kai.id, { threeMonthsDiscount: 10 });
  await ctx.db.transaction((tx) =>
    transfer(tx, {
      from: clearing('sandbox'),
      to: wallet(u.alex.id),
      amountCents: 3000,
      kind: 'topup',
      reference: 'seed:subscriptions',
    }),
  );
  await subscribe(ctx, actor(u.alex), { performerId: u.luna.id, subscriptionType: 'monthly', paymentMethod: 'wallet' });
  await subscribe(ctx, actor(u.jamie), { performerId: u.luna.id, subscriptionType: 'free' });
}
