import { afterEach, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { fundWallet } from '../../../test/factories.money';
import { useTestApp } from '../../../test/harness';
import { newId } from '../../db/ids';
import { verifyLedger } from '../ledger/ledger.service';
import { splitPayment } from '../ledger/split';
import { registerPurchasable } from '../wallet/purchasables';
import { refundCharge } from '../wallet/refunds.service';

const t = useTestApp();
afterEach(async () => expect((await verifyLedger(t().app.ctx.db)).ok).toBe(true));

describe('split arithmetic', () => {
  it('never creates or loses a cent, and referral shares never exceed the commission', () => {
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 5_000; i++) {
      const gross = rand(1_000_000) + 1;
      const discount = rand(3) === 0 ? rand(gross + 1) : 0;
      const s = splitPayment({
        grossCents: gross,
        discountCents: discount,
        fundedCents: rand(2) ? rand(discount + 1) : 0,
        commissionPercent: rand(101),
        creatorReferralPercent: rand(2) ? rand(30) + rand(100) / 100 : 0,
        fanReferralPercent: rand(2) ? rand(10) : 0,
      });
      expect(s.paid).toBe(gross - discount);
      expect(s.base).toBe(s.paid + s.funded);
      expect(s.net + s.platform + s.creatorReferral + s.fanReferral).toBe(s.base);
      expect(s.net + s.commission).toBe(s.base);
      // issue 23 item 13: the creator never nets more than what was paid (plus explicit funding)
      expect(s.net).toBeLessThanOrEqual(s.base);
      expect(s.base).toBeLessThanOrEqual(gross);
      expect(s.creatorReferral + s.fanReferral).toBeLessThanOrEqual(s.commission);
      for (const v of [s.net, s.commission, s.creatorReferral, s.fanReferral])
        expect(Number.isInteger(v) && v >= 0).toBe(true);
    }
  });
});

describe('earnings and referrals', () => {
  it('reports totals by source and day, and the referral pages show who signed up and what they earned', async () => {
    const { app } = t();
    // no payout hold here: what was earned is available at once (the hold is tested in payouts.test.ts)
    await app.ctx.settings.update({ payoutHoldDays: 0 }, null);
    const referrer = await buildUser(app);
    const creator = await buildPerformer(app, { referredById: referrer.user.id });
    const fan = await buildUser(app, { referredById: referrer.user.id });
    await fundWallet(app, fan.user.id, 20_000);
    const videoId = newId();
    registerPurchasable('video', async (_tx, id) =>
      id === videoId
        ? { creatorId: creator.user.id, title: 'Clip', priceCents: 1_000, forSale: true, objectType: 'video' }
        : null,
    );
    await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: fan.auth,
      payload: { amount: 50 },
    });
    const bought = await app.inject({ method: 'POST', url: `/api/wallet/charges/video/${videoId}`, headers: fan.auth });
    expect(bought.statusCode).toBe(200);

    const stats = await app.inject({ method: 'GET', url: '/api/performer/earning/stats', headers: creator.auth });
    expect(stats.statusCode, stats.body).toBe(200);
    const s = stats.json();
    expect(s.totals).toEqual({ gross: 60, commission: 12, net: 48, count: 2 });
    expect(s.bySource).toEqual(
      expect.arrayContaining([
        { source: 'tip', gross: 50, commission: 10, net: 40, count: 1 },
        { source: 'video', gross: 10, commission: 2, net: 8, count: 1 },
      ]),
    );
    expect(s.byDay).toEqual([{ date: new Date().toISOString().slice(0, 10), gross: 60, net: 48 }]);
    expect(s).toMatchObject({ available: 48, pending: 0, paidOut: 0, totalEarned: 48 });
    const list = await app.inject({
      method: 'GET',
      url: '/api/performer/earning/search?source=tip',
      headers: creator.auth,
    });
    expect(list.json()).toMatchObject({ total: 1, data: [{ source: 'tip', net: 40, fan: { _id: fan.user.id } }] });
    expect(
      (await app.inject({ method: 'GET', url: '/api/performer/earning/stats', headers: fan.auth })).statusCode,
    ).toBe(403);

    // A refund takes the net back: available drops by 8.00, not 10.00.
    await refundCharge(app.ctx, bought.json().charge._id);
    const after = (
      await app.inject({ method: 'GET', url: '/api/performer/earning/stats', headers: creator.auth })
    ).json();
    expect(after).toMatchObject({ available: 40, totals: { net: 40, count: 1 } });

    const code = await app.inject({ method: 'GET', url: '/api/referrals/user/code', headers: referrer.auth });
    expect(code.json().code).toHaveLength(12);
    expect(code.json().link).toContain(`ref=${code.json().code}`);
    const referred = await app.inject({ method: 'GET', url: '/api/referrals/user/search', headers: referrer.auth });
    expect(referred.json()).toMatchObject({ total: 2 });
    const rstats = await app.inject({ method: 'GET', url: '/api/referral-earnings/stats', headers: referrer.auth });
    // tip 50: creator net 40 → 5% = 2.00; fan spent 50 → 1% = 0.50. The refunded video's shares are gone.
    expect(rstats.json()).toMatchObject({ totalEarned: 2.5, available: 2.5, referredCreators: 1, referredFans: 1 });
    const rlist = await app.inject({ method: 'GET', url: '/api/referral-earnings/search', headers: referrer.auth });
    expect(rlist.json().total).toBe(4);
  });
});
