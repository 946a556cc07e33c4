import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { fundWallet } from '../../../test/factories.money';
import { useTestApp } from '../../../test/harness';
import { earnings, orders, users, walletCharges } from '../../db/schema';
import { balanceOf, earningsAccount, platform, verifyLedger } from '../ledger/ledger.service';

const t = useTestApp();

describe('shipping is charged (issue 17, item 4)', () => {
  it('price × quantity + shipping; the parts on the order; shipping to the creator without commission', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const product = (await buildContent(app, creator, 'product', {
      price: 6,
      productType: 'physical',
      shippingFee: 1,
      stock: 5,
    } as never)) as { _id: string };
    const address = await app.inject({
      method: 'POST',
      url: '/api/addresses/create',
      headers: fan.auth,
      payload: {
        name: 'Alex Fan',
        country: 'US',
        state: 'TX',
        city: 'Austin',
        streetAddress: '1 Main St',
        zipCode: '78701',
        phone: '555-0100',
      },
    });
    const bought = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/product/${product._id}`,
      headers: fan.auth,
      payload: { deliveryAddressId: address.json()._id, quantity: 2 },
    });
    expect(bought.statusCode, bought.body).toBe(200);

    // 2 × 6.00 + 1.00 shipping = 13.00 paid
    const [wallet] = await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.id, fan.user.id));
    expect(wallet!.b).toBe(10_000 - 1_300);
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.userId, fan.user.id));
    expect(order).toMatchObject({ unitPriceCents: 600, subtotalCents: 1_200, shippingCents: 100, totalCents: 1_300 });
    const [charge] = await app.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id));
    expect(charge!.paidCents).toBe(1_300);
    // commission (20%) on the 12.00 of goods only: creator 9.60 + 1.00 shipping, platform 2.40
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(1_060);
    expect(await balanceOf(app.ctx.db, platform)).toBe(240);
    const [earning] = await app.ctx.db.select().from(earnings).where(eq(earnings.creatorId, creator.user.id));
    expect(earning).toMatchObject({ grossCents: 1_300, commissionCents: 240, netCents: 1_060 });
    expect((await verifyLedger(app.ctx.db)).ok).toBe(true);

    const seen = await app.inject({ url: `/api/orders/${order!.id}`, headers: fan.auth });
    if (seen.statusCode === 200)
      expect(seen.json()).toMatchObject({ subtotalPrice: 12, shippingPrice: 1, totalPrice: 13 });
  });
});
