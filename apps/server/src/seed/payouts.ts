import { inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { users } from '../db/schema';
import type { AuthUser } from '../modules/auth/sessions';
import { createTopUp, sandboxPay } from '../modules/payments/payments.service';
import { approveRequest, markPaid } from '../modules/payouts/payouts.admin';
import { createRequest } from '../modules/payouts/payouts.service';
import { saveBankDetails, savePaypalEmail } from '../modules/payouts/payouts.settings';
import { chargeWallet } from '../modules/wallet/charges.service';

const DAY = 86_400_000;

/**
 * Demo payouts, through the real services only: a month ago alex topped up and
 * tipped luna (200.00 net) and kai (80.00 net), so those earnings are past the
 * hold period. Luna has bank and PayPal details, one payout paid by bank
 * transfer (approved and marked paid by the admin) and one pending by PayPal;
 * kai has earnings to request and no payout details yet.
 */
export async function seedPayouts(ctx: Ctx) {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username, role: users.role, status: users.status })
    .from(users)
    .where(inArray(users.username, ['luna', 'kai', 'alex', 'admin']));
  const u = Object.fromEntries(rows.map((r) => [r.username, r])) as Record<string, (typeof rows)[number] | undefined>;
  if (!u.luna || !u.kai || !u.alex || !u.admin) return;
  const auth = (r: (typeof rows)[number]): AuthUser => ({
    id: r.id,
    role: r.role,
    username: r.username,
    status: r.status,
    locale: null,
    sessionId: 'seed',
  });

  const monthAgo = new Date(ctx.now().getTime() - 30 * DAY);
  const past: Ctx = { ...ctx, now: () => new Date(monthAgo) };
  const p = await createTopUp(past, u.alex.id, { amount: 300 });
  await sandboxPay(past, u.alex.id, p.id, { cardNumber: '4242 4242 4242 4242' });
  for (const [creator, cents, message] of [
    [u.luna.id, 15_000, 'For the new series'],
    [u.luna.id, 10_000, 'Happy anniversary of the channel!'],
    [u.kai.id, 10_000, 'Those Kyoto shots!'],
  ] as const) {
    await chargeWallet(past, { userId: u.alex.id, type: 'tip', id: creator, amountCents: cents, message });
  }

  const luna = auth(u.luna);
  await saveBankDetails(ctx, luna, luna.id, {
    firstName: 'Luna',
    lastName: 'Rivera',
    bankName: 'Demo Bank',
    iban: 'DE89370400440532013000',
    swiftCode: 'COBADEFFXXX',
    country: 'DE',
  });
  await savePaypalEmail(ctx, luna, luna.id, 'luna.payouts@marquee.local');
  const admin = { user: auth(u.admin), ip: null };
  const paid = await createRequest(ctx, luna.id, {
    amount: 120,
    paymentAccountType: 'bank',
    requestNote: 'October earnings',
  });
  await approveRequest(ctx, admin, paid._id, 'Thanks, Luna!');
  await markPaid(ctx, admin, paid._id, { reference: 'SEPA-DEMO-0001' });
  await createRequest(ctx, luna.id, { amount: 60, paymentAccountType: 'paypal' });
}
