import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buildContent } from '../../../test/factories.catalogue';
import { fundWallet } from '../../../test/factories.money';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { earnings, ledgerTransactions, users } from '../../db/schema';
import { balanceOf, earningsAccount, platform, verifyLedger } from '../ledger/ledger.service';
import { refundCharge } from '../wallet/refunds.service';
import { createCoupon } from './coupons.service';

const t = useTestApp();

afterEach(async () => {
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
  await t().app.ctx.settings.update({ couponPlatformFunded: false, couponFundingCapPerCreator: 50 }, null);
});

const balanceCents = async (app: App, id: string) =>
  (await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;

async function halfCoupon(app: App, code: string) {
  const admin = await buildAdmin(app);
  await createCoupon(app.ctx, admin.user.id, { code, name: 'Half', kind: 'percentage', value: 50, appliesTo: 'any' });
}

/** A 5.99 gallery of a new creator, and a fan with 10 tokens who buys it with a coupon through the API. */
async function gallerySale(app: App) {
  const creator = await buildPerformer(app);
  const gallery = (await buildContent(app, creator, 'gallery', { price: 5.99, visibility: 'sale' })) as { _id: string };
  return { creator, gallery: { id: gallery._id } };
}

async function buyWithCoupon(app: App, galleryId: string, code: string) {
  const fan = await buildUser(app);
  await fundWallet(app, fan.user.id, 1_000);
  const res = await app.inject({
    method: 'POST',
    url: `/api/wallet/charges/gallery/${galleryId}`,
    headers: fan.auth,
    payload: { couponCode: code },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { fan, charge: res.json().charge as { _id: string; price: number; discount: number; paid: number } };
}

const earningOf = async (app: App, chargeId: string) =>
  (
    await app.ctx.db
      .select()
      .from(earnings)
      .where(eq(earnings.reference, `charge:${chargeId}`))
  )[0];

describe('issue 23 item 13: coupons on sales', () => {
  it('the creator nets what the fan paid less commission, never the list price', async () => {
    const { app } = t();
    await halfCoupon(app, 'HALF13');
    const { creator, gallery } = await gallerySale(app);
    const { fan, charge } = await buyWithCoupon(app, gallery.id, 'HALF13');

    expect(charge).toMatchObject({ price: 5.99, discount: 2.99, paid: 3 });
    expect(await balanceCents(app, fan.user.id)).toBe(1_000 - 300);
    // 20% commission rounded up on the 3.00 paid: 0.60; the creator nets 2.40 (not 4.79)
    const earning = await earningOf(app, charge._id);
    expect(earning).toMatchObject({ grossCents: 300, commissionCents: 60, netCents: 240 });
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(240);
    expect(await balanceOf(app.ctx.db, platform)).toBe(60);
    const funding = await app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'coupon_funding'));
    expect(funding).toHaveLength(0);
  });

  it('a platform-funded discount (setting on) is its own ledger movement, capped per creator, and undone by a refund', async () => {
    const { app } = t();
    await app.ctx.settings.update({ couponPlatformFunded: true, couponFundingCapPerCreator: 5 }, null);
    await halfCoupon(app, 'FUNDED13');
    const { creator, gallery } = await gallerySale(app);
    const platformBefore = await balanceOf(app.ctx.db, platform);

    // 1st sale: the platform funds the whole 2.99 discount: the creator nets as on a full-price sale
    const first = await buyWithCoupon(app, gallery.id, 'FUNDED13');
    expect(await earningOf(app, first.charge._id)).toMatchObject({
      grossCents: 599,
      commissionCents: 120,
      netCents: 479,
    });
    expect(await balanceCents(app, first.fan.user.id)).toBe(700);
    // 2nd sale: only 2.01 of the 5.00 cap is left: the split is on 3.00 + 2.01
    const second = await buyWithCoupon(app, gallery.id, 'FUNDED13');
    expect(await earningOf(app, second.charge._id)).toMatchObject({
      grossCents: 501,
      commissionCents: 101,
      netCents: 400,
    });
    // 3rd sale: the cap is spent: the creator nets the paid price less commission
    const third = await buyWithCoupon(app, gallery.id, 'FUNDED13');
    expect(await earningOf(app, third.charge._id)).toMatchObject({
      grossCents: 300,
      commissionCents: 60,
      netCents: 240,
    });
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(479 + 400 + 240);

    const funding = await app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'coupon_funding'));
    expect(funding.map((f) => f.reference).sort()).toEqual(
      [`charge:${first.charge._id}`, `charge:${second.charge._id}`].sort(),
    );
    // the platform paid 5.00 of discounts and earned its commissions
    expect((await balanceOf(app.ctx.db, platform)) - platformBefore).toBe(120 + 101 + 60 - 500);

    // a refund gives the fan back what they paid (not the funded part) and the platform its funding
    await refundCharge(app.ctx, first.charge._id, 'test');
    expect(await balanceCents(app, first.fan.user.id)).toBe(1_000);
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(400 + 240);
    expect((await balanceOf(app.ctx.db, platform)) - platformBefore).toBe(101 + 60 - 201);
    const reversed = await app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(
        and(eq(ledgerTransactions.kind, 'refund'), eq(ledgerTransactions.reference, `charge:${first.charge._id}`)),
      );
    expect(reversed).toHaveLength(2);
    // the refunded funding no longer counts against the cap
    const fourth = await buyWithCoupon(app, gallery.id, 'FUNDED13');
    expect(await earningOf(app, fourth.charge._id)).toMatchObject({ grossCents: 599, netCents: 479 });
  });
});
