import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { contentItems, feeds, users } from '../db/schema';
import { createAddress } from '../modules/addresses/addresses.service';
import { createCardPurchase } from '../modules/payments/card-purchases.start';
import { createTopUp, sandboxPay } from '../modules/payments/payments.service';
import { chargeWallet } from '../modules/wallet/charges.service';

/**
 * Demo money, through the real services only (never ledger rows by hand):
 * alex and jamie top up through the sandbox checkout path (payment → test card
 * → signed webhook → wallet credit), alex tips luna with a message, unlocks
 * kai's pay-per-view Kyoto post and orders luna's signed yoga mat to an
 * address, and buys luna's pay-per-view training plan BY CARD (a single purchase
 * through the sandbox's checkout: docs/payments.md, "Single purchases by card");
 * jamie tips kai (sasha is not verified yet, so she cannot be paid:
 * performers/earning-policy.ts). `npm run ledger:verify` passes afterwards.
 */
export async function seedMoney(ctx: Ctx) {
  const rows = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['luna', 'kai', 'sasha', 'alex', 'jamie']));
  const u = Object.fromEntries(rows.map((r) => [r.username, r.id])) as Record<string, string | undefined>;
  if (!u.luna || !u.kai || !u.sasha || !u.alex || !u.jamie) return;

  const topUp = async (userId: string, amount: number) => {
    const p = await createTopUp(ctx, userId, { amount });
    await sandboxPay(ctx, userId, p.id, { cardNumber: '4242 4242 4242 4242' });
  };
  await topUp(u.alex, 100);
  await topUp(u.jamie, 40);

  await chargeWallet(ctx, {
    userId: u.alex,
    type: 'tip',
    id: u.luna,
    amountCents: 1500,
    message: "Loved Friday's Q&A, thank you!",
  });
  await chargeWallet(ctx, { userId: u.jamie, type: 'tip', id: u.kai, amountCents: 1000, message: 'Great stream!' });

  const [kyoto] = await ctx.db
    .select({ id: feeds.id })
    .from(feeds)
    .where(and(eq(feeds.performerId, u.kai), eq(feeds.visibility, 'sale')))
    .limit(1);
  if (kyoto) await chargeWallet(ctx, { userId: u.alex, type: 'feed', id: kyoto.id });

  const [plan] = await ctx.db
    .select({ id: feeds.id })
    .from(feeds)
    .where(and(eq(feeds.performerId, u.luna), eq(feeds.visibility, 'sale')))
    .limit(1);
  if (plan) {
    const p = await createCardPurchase(ctx, u.alex, { type: 'feed', id: plan.id, returnTo: '/luna' });
    await sandboxPay(ctx, u.alex, p.id, { cardNumber: '4242 4242 4242 4242' });
  }

  const [mat] = await ctx.db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.creatorId, u.luna),
        eq(contentItems.type, 'product'),
        eq(contentItems.title, 'Signed yoga mat'),
      ),
    )
    .limit(1);
  if (mat) {
    const address = await createAddress(ctx, u.alex, {
      name: 'Alex Fan',
      country: 'US',
      state: 'CA',
      city: 'San Francisco',
      streetAddress: '500 Market Street, Apt 12',
      zipCode: '94105',
      phone: '+1 415 555 0100',
      description: 'Leave with the doorman',
      isDefault: true,
    });
    await chargeWallet(ctx, {
      userId: u.alex,
      type: 'product',
      id: mat.id,
      quantity: 1,
      deliveryAddressId: address.id,
    });
  }
}
