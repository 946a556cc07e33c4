import { inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { users } from '../db/schema';
import { createTopUp, handleEvent, sandboxPay } from '../modules/payments/payments.service';
import { subscribe } from '../modules/subscriptions/subscriptions.service';

/**
 * Demo chargebacks, for the admin's Chargebacks tab (docs/payments.md, "Chargebacks"): the cast fans
 * maya, sam, elena and tom top up through the sandbox checkout (sales), elena also subscribes to kai
 * by card; then the sandbox "card network" disputes tom's top-up and elena's subscription payment
 * (the real `payment.disputed` path: reversal, chargeback row, hold on both fans, and — 2 of 7 sales,
 * above the 0.9% threshold — the admins' alert). alex and jamie, whom the e2e journeys use, stay clear.
 */
export async function seedChargebacks(ctx: Ctx) {
  const names = ['maya', 'sam', 'elena', 'tom', 'kai'];
  const rows = await ctx.db
    .select({ id: users.id, username: users.username, role: users.role, status: users.status })
    .from(users)
    .where(inArray(users.username, names));
  const u = Object.fromEntries(rows.map((r) => [r.username, r]));
  if (names.some((n) => !u[n])) return;
  const card = { cardNumber: '4242 4242 4242 4242' };
  const topUp = async (userId: string, amount: number) => {
    const p = await createTopUp(ctx, userId, { amount });
    await sandboxPay(ctx, userId, p.id, card);
    return p.id;
  };
  await topUp(u.maya.id, 20);
  await topUp(u.maya.id, 30);
  await topUp(u.sam.id, 25);
  await topUp(u.elena.id, 20);
  await topUp(u.sam.id, 15);
  const disputedTopUp = await topUp(u.tom.id, 50);

  const elena = u.elena;
  const sub = await subscribe(
    ctx,
    { id: elena.id, role: elena.role, username: elena.username, status: elena.status, locale: null, sessionId: 'seed' },
    { performerId: u.kai.id, subscriptionType: 'monthly', paymentMethod: 'card' },
  );
  if (sub.paymentId) await sandboxPay(ctx, elena.id, sub.paymentId, card);

  for (const paymentId of [disputedTopUp, sub.paymentId]) {
    if (!paymentId) continue;
    await handleEvent(ctx, 'sandbox', {
      id: `seed-dispute-${paymentId}`,
      type: 'payment.disputed',
      paymentId,
      raw: {},
    });
  }
}
