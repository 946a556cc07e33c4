import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPerformer, buildUser } from '../../../test/factories';
import { buildFeed } from '../../../test/factories.feeds';
import { fundWallet } from '../../../test/factories.money';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import {
  entitlements,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  orders,
  users,
  walletCharges,
} from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { blockUser } from '../blocks/blocks.service';
import { access } from '../entitlements/entitlements.service';
import { balanceOf, earningsAccount, platform, referralAccount, verifyLedger } from '../ledger/ledger.service';
import { chargeWallet } from './charges.service';
import { type PurchasableType, registerPurchasable, unregisterPurchasable } from './purchasables';
import { refundCharge } from './refunds.service';

const t = useTestApp();

/*
 * Test purchasables: a tiny table standing in for the content modules (which
 * register their own resolvers). The charge engine under test is the real one.
 */
const TYPES: PurchasableType[] = ['feed', 'video', 'gallery', 'product', 'scene', 'scenario', 'message', 'stream'];
async function resolveItem(tx: Executor, id: string) {
  const { rows } = (await tx.execute(sql`select * from test_items where id = ${id}`)) as unknown as {
    rows: Array<{
      creator_id: string;
      title: string;
      price: string;
      for_sale: boolean;
      rent_price: string | null;
      rent_days: number | null;
      physical: boolean;
      stock: number | null;
      type: string;
    }>;
  };
  const r = rows[0];
  if (!r) return null;
  return {
    creatorId: r.creator_id,
    title: r.title,
    priceCents: Number(r.price),
    forSale: r.for_sale,
    rentPriceCents: r.rent_price === null ? null : Number(r.rent_price),
    rentDays: r.rent_days,
    isPhysical: r.physical,
    stock: r.stock,
    objectType: r.type,
  };
}
function registerTestItems() {
  for (const type of TYPES) {
    registerPurchasable(type, resolveItem, {
      async takeStock(tx, id, q) {
        const { rows } = (await tx.execute(
          sql`update test_items set stock = stock - ${q} where id = ${id} and (stock is null or stock >= ${q}) returning id`,
        )) as unknown as { rows: unknown[] };
        return rows.length === 1;
      },
      async restoreStock(tx, id, q) {
        await tx.execute(sql`update test_items set stock = stock + ${q} where id = ${id} and stock is not null`);
      },
    });
  }
}

interface ItemOpts {
  type?: string;
  price?: number;
  forSale?: boolean;
  rentPrice?: number | null;
  rentDays?: number | null;
  physical?: boolean;
  stock?: number | null;
}
async function buildItem(app: App, creatorId: string, o: ItemOpts = {}) {
  const id = newId();
  await app.ctx.db.execute(
    sql`insert into test_items values (${id}, ${creatorId}, ${`Item ${id.slice(-4)}`}, ${o.price ?? 500}, ${o.forSale ?? true}, ${o.rentPrice ?? null}, ${o.rentDays ?? null}, ${o.physical ?? false}, ${o.stock ?? null}, ${o.type ?? 'video'})`,
  );
  return id;
}

beforeEach(async () => {
  const { app } = t();
  await app.ctx.db.execute(sql`create table if not exists test_items (id uuid primary key, creator_id uuid not null, title text not null,
    price bigint not null, for_sale boolean not null, rent_price bigint, rent_days int, physical boolean not null, stock int, type text not null)`);
  registerTestItems();
});

afterEach(async () => {
  const { app } = t();
  const report = await verifyLedger(app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});

const balanceCents = async (app: App, id: string) =>
  (await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;

describe('tips', () => {
  it('debits the fan, credits the creator net of commission, keeps the message, hears realtime', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const res = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: fan.auth,
      payload: { amount: 15, message: 'Great show!' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      balance: 85,
      replayed: false,
      charge: { type: 'tip', price: 15, paid: 15, message: 'Great show!' },
    });
    expect(await balanceCents(app, fan.user.id)).toBe(8_500);
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(1_200);
    expect(await balanceOf(app.ctx.db, platform)).toBe(300);

    const list = await app.inject({ method: 'GET', url: '/api/wallet/charges/search?type=tip', headers: fan.auth });
    expect(list.json()).toMatchObject({ total: 1, data: [{ type: 'tip', performer: { _id: creator.user.id } }] });
  });

  it("a tip from a post card names the post; another creator's post is refused", async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const other = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 5_000);
    const post = await buildFeed(app, creator.user.id, { text: 'Sunset set' });
    const elsewhere = await buildFeed(app, other.user.id, { text: 'Not yours' });
    const tip = (feedId: string) =>
      app.inject({
        method: 'POST',
        url: `/api/wallet/charges/tip/${creator.user.id}`,
        headers: fan.auth,
        payload: { amount: 10, feedId },
      });
    const wrong = await tip(elsewhere.id);
    expect(wrong.json()).toMatchObject({ statusCode: 404 });
    expect(await balanceCents(app, fan.user.id)).toBe(5_000);
    const res = await tip(post.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().charge).toMatchObject({
      type: 'tip',
      objectType: 'feed',
      objectId: post.id,
      title: 'Tip on a post',
    });
    const [note] = await app.ctx.db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
    expect(note).toMatchObject({ kind: 'tip', link: `/post/${post.id}` });
  });

  it('refuses tips outside the limits, to oneself, to non-creators, without funds, and when blocked', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 5_000);
    const tip = (who: typeof fan, to: string, amount: number) =>
      app.inject({ method: 'POST', url: `/api/wallet/charges/tip/${to}`, headers: who.auth, payload: { amount } });
    expect((await tip(fan, creator.user.id, 9.99)).json()).toMatchObject({
      statusCode: 400,
      message: 'Tip amount must be between 10.00 and 10000.00',
    });
    expect((await tip(fan, creator.user.id, 10001)).statusCode).toBe(400);
    expect((await tip(fan, creator.user.id, 60)).json()).toMatchObject({
      statusCode: 402,
      message: 'Insufficient balance, please top up your wallet',
    });
    expect((await tip(creator, creator.user.id, 10)).statusCode).toBe(403);
    expect((await tip(fan, fan.user.id, 10)).statusCode).toBe(404);
    const anon = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      payload: { amount: 10 },
    });
    expect(anon.statusCode).toBe(401);
    await blockUser(app.ctx, creator.user.id, fan.user.id, null);
    expect((await tip(fan, creator.user.id, 10)).json()).toMatchObject({ statusCode: 403, code: 'BLOCKED' });
    expect(await balanceCents(app, fan.user.id)).toBe(5_000);
  });
});

describe('buying every content type', () => {
  it.each(TYPES.filter((x) => x !== 'product'))(
    '%s: pays, grants access, refuses a second purchase and own content',
    async (type) => {
      const { app } = t();
      const creator = await buildPerformer(app);
      const fan = await buildUser(app);
      await fundWallet(app, fan.user.id, 2_000);
      const id = await buildItem(app, creator.user.id, { type, price: 799 });
      const item = { objectType: type, objectId: id, creatorId: creator.user.id, visibility: 'sale' as const };
      const viewer = { id: fan.user.id, role: 'user' as const };
      expect((await access(app.ctx.db, viewer, item)).canView).toBe(false);

      const res = await app.inject({ method: 'POST', url: `/api/wallet/charges/${type}/${id}`, headers: fan.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ balance: 12.01, charge: { type, objectId: id, price: 7.99, isRent: false } });
      expect((await access(app.ctx.db, viewer, item)).canView).toBe(true);

      const again = await app.inject({ method: 'POST', url: `/api/wallet/charges/${type}/${id}`, headers: fan.auth });
      expect(again.json()).toMatchObject({ statusCode: 409, code: 'ALREADY_BOUGHT' });
      const own = await app.inject({ method: 'POST', url: `/api/wallet/charges/${type}/${id}`, headers: creator.auth });
      expect(own.json()).toMatchObject({ statusCode: 403, message: 'You cannot buy your own content' });
      expect(await balanceCents(app, fan.user.id)).toBe(1_201);
      // 20% of 7.99 = 1.598 → the platform takes the rounding: 1.60, the creator 6.39.
      expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(639);
    },
  );

  it('refuses what is not for sale, unknown items and types nobody registered', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 2_000);
    const free = await buildItem(app, creator.user.id, { forSale: false });
    const zero = await buildItem(app, creator.user.id, { price: 0 });
    const buy = (type: string, id: string) =>
      app.inject({ method: 'POST', url: `/api/wallet/charges/${type}/${id}`, headers: fan.auth });
    expect((await buy('video', free)).json()).toMatchObject({ statusCode: 422, message: 'This item is not for sale' });
    expect((await buy('video', zero)).statusCode).toBe(422);
    expect((await buy('video', newId())).json()).toMatchObject({
      statusCode: 404,
      message: 'This item is not available',
    });
    unregisterPurchasable('gallery');
    expect((await buy('gallery', free)).json()).toMatchObject({ statusCode: 404, code: 'NOT_AVAILABLE' });
    expect((await buy('video', 'not-a-uuid')).statusCode).toBe(400);
    expect(await balanceCents(app, fan.user.id)).toBe(2_000);
  });

  it('rents a scene for the rental period, lists my scenarios with expiry, and renting again extends', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 5_000);
    const scenario = await buildItem(app, creator.user.id, {
      type: 'scenario',
      price: 2_000,
      rentPrice: 300,
      rentDays: 2,
    });
    const res = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/rent/scenario/${scenario}`,
      headers: fan.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    const expires = new Date(res.json().charge.rentExpiresAt).getTime();
    expect(Math.abs(expires - (Date.now() + 2 * 86_400_000))).toBeLessThan(60_000);
    const mine = await app.inject({ method: 'GET', url: '/api/wallet/charges/search/my-scenario', headers: fan.auth });
    expect(mine.json()).toMatchObject({ total: 1, data: [{ objectId: scenario, isRent: true, hasAccess: true }] });

    setClockOffset(3 * 86_400_000);
    const item = {
      objectType: 'scenario',
      objectId: scenario,
      creatorId: creator.user.id,
      visibility: 'sale' as const,
    };
    expect(
      (await access(app.ctx.db, { id: fan.user.id, role: 'user' }, item, new Date(Date.now() + 3 * 86_400_000)))
        .canView,
    ).toBe(false);
    // (The fan's one-day test session has expired by now: call the service the route calls.)
    const again = await chargeWallet(app.ctx, { userId: fan.user.id, type: 'scenario', id: scenario, rent: true });
    expect(again.charge.rentExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 4 * 86_400_000);
    // Buying for good after renting is allowed.
    await chargeWallet(app.ctx, { userId: fan.user.id, type: 'scenario', id: scenario });
    setClockOffset(0);
    expect(await balanceCents(app, fan.user.id)).toBe(5_000 - 300 - 300 - 2_000);
    const norent = await buildItem(app, creator.user.id, { type: 'scene', price: 100 });
    expect(
      (await app.inject({ method: 'POST', url: `/api/wallet/charges/rent/scene/${norent}`, headers: fan.auth }))
        .statusCode,
    ).toBe(422);
  });
});

describe('products and orders', () => {
  it('a physical product needs an address, creates a processing order and takes stock; never below zero', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const product = await buildItem(app, creator.user.id, { type: 'product', price: 1_250, physical: true, stock: 3 });
    const url = `/api/wallet/charges/product/${product}`;
    const noAddress = await app.inject({ method: 'POST', url, headers: fan.auth, payload: { quantity: 1 } });
    expect(noAddress.json()).toMatchObject({ statusCode: 400, code: 'ADDRESS_REQUIRED' });

    const addr = await app.inject({
      method: 'POST',
      url: '/api/addresses/create',
      headers: fan.auth,
      payload: { name: 'Home', country: 'US', city: 'Austin', streetAddress: '1 Main St', zipCode: '78701' },
    });
    const addressId = addr.statusCode === 200 ? addr.json()._id : await insertAddress(app, fan.user.id);
    const ok = await app.inject({
      method: 'POST',
      url,
      headers: fan.auth,
      payload: { quantity: 2, deliveryAddressId: addressId },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ balance: 75, charge: { quantity: 2, price: 25 } });
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.userId, fan.user.id));
    expect(order).toMatchObject({
      deliveryStatus: 'processing',
      quantity: 2,
      totalCents: 2_500,
      creatorId: creator.user.id,
    });
    expect(order.deliveryAddress).toMatchObject({ city: 'Austin' });
    expect(order.orderNumber).toMatch(/^MQ-[A-Z2-9]{8}$/);

    const tooMany = await app.inject({
      method: 'POST',
      url,
      headers: fan.auth,
      payload: { quantity: 2, deliveryAddressId: addressId },
    });
    expect(tooMany.json()).toMatchObject({ statusCode: 409, code: 'OUT_OF_STOCK', message: 'Only 1 left in stock' });
    const last = await app.inject({
      method: 'POST',
      url,
      headers: fan.auth,
      payload: { quantity: 1, deliveryAddressId: addressId },
    });
    expect(last.statusCode).toBe(200);
    const none = await app.inject({
      method: 'POST',
      url,
      headers: fan.auth,
      payload: { quantity: 1, deliveryAddressId: addressId },
    });
    expect(none.json()).toMatchObject({ statusCode: 409, message: 'This product is out of stock' });
    const { rows } = (await app.ctx.db.execute(sql`select stock from test_items where id = ${product}`)) as unknown as {
      rows: Array<{ stock: number }>;
    };
    expect(rows[0].stock).toBe(0);
  });

  it('a digital product is delivered at once and may be bought again', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 1_000);
    const product = await buildItem(app, creator.user.id, { type: 'product', price: 300 });
    for (let i = 0; i < 2; i++) {
      expect(
        (await app.inject({ method: 'POST', url: `/api/wallet/charges/product/${product}`, headers: fan.auth }))
          .statusCode,
      ).toBe(200);
    }
    const rows = await app.ctx.db.select().from(orders).where(eq(orders.userId, fan.user.id));
    expect(rows.map((r) => r.deliveryStatus)).toEqual(['delivered', 'delivered']);
  });
});

async function insertAddress(app: App, userId: string) {
  const id = newId();
  await app.ctx.db.execute(
    sql`insert into addresses (id, user_id, name, country, city, street_address, zip_code) values (${id}, ${userId}, 'Home', 'US', 'Austin', '1 Main St', '78701')`,
  );
  return id;
}

describe('concurrency and idempotency', () => {
  it('50 parallel purchases against a balance for 7: exactly 7 succeed, balance zero, never negative', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 7 * 350);
    const items = await Promise.all(Array.from({ length: 50 }, () => buildItem(app, creator.user.id, { price: 350 })));
    const results = await Promise.all(
      items.map((id) => app.inject({ method: 'POST', url: `/api/wallet/charges/video/${id}`, headers: fan.auth })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(7);
    expect(codes.filter((c) => c === 402)).toHaveLength(43);
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    const granted = await app.ctx.db.select().from(entitlements).where(eq(entitlements.userId, fan.user.id));
    expect(granted).toHaveLength(7);
  });

  it('20 parallel purchases of the same item: one succeeds, the rest are told it is already bought', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const id = await buildItem(app, creator.user.id, { price: 100 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({ method: 'POST', url: `/api/wallet/charges/gallery/${id}`, headers: fan.auth }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await balanceCents(app, fan.user.id)).toBe(9_900);
  });

  it('an Idempotency-Key returns the first result, sequentially and concurrently, and refuses reuse for another request', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const headers = { ...fan.auth, 'idempotency-key': 'tip-123' };
    const url = `/api/wallet/charges/tip/${creator.user.id}`;
    const first = await app.inject({ method: 'POST', url, headers, payload: { amount: 20 } });
    const again = await app.inject({ method: 'POST', url, headers, payload: { amount: 20 } });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, charge: { _id: first.json().charge._id } });
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        app.inject({
          method: 'POST',
          url,
          headers: { ...fan.auth, 'idempotency-key': 'tip-456' },
          payload: { amount: 10 },
        }),
      ),
    );
    expect(new Set(burst.map((r) => r.json().charge._id)).size).toBe(1);
    expect(burst.every((r) => r.statusCode === 200)).toBe(true);
    expect(await balanceCents(app, fan.user.id)).toBe(10_000 - 2_000 - 1_000);
    const item = await buildItem(app, creator.user.id);
    const reuse = await app.inject({ method: 'POST', url: `/api/wallet/charges/video/${item}`, headers });
    expect(reuse.json()).toMatchObject({ statusCode: 409, code: 'IDEMPOTENCY_KEY_REUSED' });
  });
});

describe('failure inside the transaction', () => {
  it('a crash after the debit leaves nothing half-written', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 5_000);
    const product = await buildItem(app, creator.user.id, { type: 'product', price: 1_000, stock: 5 });
    const before = await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions);
    // Fault injection: the database itself fails the very last write of the charge (the charge row),
    // after the wallet was debited, the creator credited, the entitlement, stock and order written.
    await app.ctx.db.execute(
      sql.raw(
        `create or replace function fail_charge() returns trigger language plpgsql as $$ begin raise exception 'injected fault'; end $$`,
      ),
    );
    await app.ctx.db.execute(
      sql.raw('create trigger fail_charge before insert on wallet_charges for each row execute function fail_charge()'),
    );
    try {
      const res = await app.inject({
        method: 'POST',
        url: `/api/wallet/charges/product/${product}`,
        headers: fan.auth,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await app.ctx.db.execute(sql.raw('drop trigger fail_charge on wallet_charges'));
      await app.ctx.db.execute(sql.raw('drop function fail_charge()'));
    }
    expect(await balanceCents(app, fan.user.id)).toBe(5_000);
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(0);
    expect(await app.ctx.db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions)).toEqual(before);
    expect(await app.ctx.db.select().from(orders)).toHaveLength(0);
    expect(await app.ctx.db.select().from(entitlements).where(eq(entitlements.userId, fan.user.id))).toHaveLength(0);
    const { rows } = (await app.ctx.db.execute(sql`select stock from test_items where id = ${product}`)) as unknown as {
      rows: Array<{ stock: number }>;
    };
    expect(rows[0].stock).toBe(5);
    // And the same purchase works once the fault is gone.
    expect(
      (await app.inject({ method: 'POST', url: `/api/wallet/charges/product/${product}`, headers: fan.auth }))
        .statusCode,
    ).toBe(200);
  });
});

describe('commission, referrals and refunds', () => {
  it('uses the per-creator commission override and pays referrers from the commission', async () => {
    const { app } = t();
    const creatorReferrer = await buildPerformer(app);
    const fanReferrer = await buildUser(app);
    const creator = await buildPerformer(app, { referredById: creatorReferrer.user.id }, { commissionPercent: 30 });
    const fan = await buildUser(app, { referredById: fanReferrer.user.id });
    await fundWallet(app, fan.user.id, 10_000);
    const id = await buildItem(app, creator.user.id, { price: 3_333 });
    expect(
      (await app.inject({ method: 'POST', url: `/api/wallet/charges/video/${id}`, headers: fan.auth })).statusCode,
    ).toBe(200);
    // gross 33.33: commission ceil(9.999) = 10.00, net 23.33; creator's referrer 5% of net = 1.16; fan's referrer 1% of 33.33 = 0.33.
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(2_333);
    expect(await balanceOf(app.ctx.db, referralAccount(creatorReferrer.user.id))).toBe(116);
    expect(await balanceOf(app.ctx.db, referralAccount(fanReferrer.user.id))).toBe(33);
    expect(await balanceOf(app.ctx.db, platform)).toBe(1_000 - 116 - 33);
  });

  it("stops paying the creator's referrer after the referral window (12 months from sign-up)", async () => {
    const { app } = t();
    const referrer = await buildPerformer(app);
    const creator = await buildPerformer(app, { referredById: referrer.user.id });
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 10_000);
    const buy = async () => {
      const id = await buildItem(app, creator.user.id, { price: 1_000 });
      expect(
        (await app.inject({ method: 'POST', url: `/api/wallet/charges/video/${id}`, headers: fan.auth })).statusCode,
      ).toBe(200);
    };
    const signedUpDaysAgo = (days: number) =>
      app.ctx.db
        .update(users)
        .set({ createdAt: new Date(Date.now() - days * 86_400_000) })
        .where(eq(users.id, creator.user.id));
    await signedUpDaysAgo(300); // ~10 months after sign-up: inside the window
    await buy();
    expect(await balanceOf(app.ctx.db, referralAccount(referrer.user.id))).toBe(40);
    await signedUpDaysAgo(370); // past 12 months: outside
    await buy();
    expect(await balanceOf(app.ctx.db, referralAccount(referrer.user.id))).toBe(40);
  });

  it('a refund gives the fan the gross back and takes the NET from the creator, revoking access and restoring stock', async () => {
    const { app } = t();
    const referrer = await buildUser(app);
    const creator = await buildPerformer(app, { referredById: referrer.user.id });
    const fan = await buildUser(app);
    await fundWallet(app, fan.user.id, 5_000);
    const other = await buildItem(app, creator.user.id, { price: 700 });
    await app.inject({ method: 'POST', url: `/api/wallet/charges/video/${other}`, headers: fan.auth });
    const product = await buildItem(app, creator.user.id, { type: 'product', price: 1_000, stock: 1, physical: false });
    const res = await app.inject({ method: 'POST', url: `/api/wallet/charges/product/${product}`, headers: fan.auth });
    const chargeId = res.json().charge._id;
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(560 + 800);

    await refundCharge(app.ctx, chargeId, 'test');
    expect(await balanceCents(app, fan.user.id)).toBe(5_000 - 700);
    expect(await balanceOf(app.ctx.db, earningsAccount(creator.user.id))).toBe(560);
    expect(await balanceOf(app.ctx.db, referralAccount(referrer.user.id))).toBe(28);
    const [charge] = await app.ctx.db.select().from(walletCharges).where(eq(walletCharges.id, chargeId));
    expect(charge.status).toBe('refunded');
    const [order] = await app.ctx.db.select().from(orders).where(eq(orders.chargeId, chargeId));
    expect(order.deliveryStatus).toBe('refunded');
    const { rows } = (await app.ctx.db.execute(sql`select stock from test_items where id = ${product}`)) as unknown as {
      rows: Array<{ stock: number }>;
    };
    expect(rows[0].stock).toBe(1);
    const ent = await app.ctx.db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.userId, fan.user.id), eq(entitlements.objectId, product)));
    expect(ent[0].revokedAt).not.toBeNull();
    await expect(refundCharge(app.ctx, chargeId)).rejects.toMatchObject({ statusCode: 409 });
    const entries = await app.ctx.db.select().from(ledgerEntries);
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(0);
  });
});
