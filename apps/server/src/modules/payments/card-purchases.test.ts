import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CCBILL_TEST_CARDS, startCcbillPeer } from '../../../test/ccbill-peer';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buyByCard, chargesOf, holds, ppvPost } from '../../../test/factories.card-purchases';
import { buildContent } from '../../../test/factories.catalogue';
import { answer, balance, CCBILL, ccbillEnv, paymentRow, useCcbillGateway } from '../../../test/factories.ccbill';
import { buildFeed } from '../../../test/factories.feeds';
import { earned } from '../../../test/factories.memberships';
import { useTestApp } from '../../../test/harness';
import { contentItems, users } from '../../db/schema';
import { verifyLedger } from '../ledger/ledger.service';

// Single purchases by card (card-purchases.ts) through CCBill's local peer: the hosted form, the
// NewSaleSuccess that buys the item once, the item gone meanwhile, a chargeback taking it back.
const peer = await startCcbillPeer(CCBILL);
const t = useTestApp({ env: ccbillEnv(peer) });

beforeEach(() => useCcbillGateway(t().app, peer));
afterEach(async () => {
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});
afterAll(() => peer.close());

describe('single purchases by card (CCBill)', () => {
  it('a pay-per-view post bought on the hosted form: the approval buys it once; the wallet is untouched', async () => {
    const { app } = t();
    const { creator, post } = await ppvPost(app);
    const fan = await buildUser(app);
    const res = await buyByCard(app, fan, `feed/${post.id}`, { returnTo: `/post/${post.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const pay = res.json();
    expect(pay).toMatchObject({ purpose: 'purchase', amount: 7.5, status: 'created', gateway: 'ccbill' });
    const form = new URL(pay.checkoutUrl);
    expect(form.searchParams.get('initialPrice')).toBe('7.50');
    expect(await holds(app, fan.user.id, post.id)).toBe(false);

    await peer.pay(pay.checkoutUrl, CCBILL_TEST_CARDS.approved);
    const sale = peer.postbacks.at(-1)!;
    expect(answer(sale)).toMatchObject({ status: 200, duplicate: false, result: 'bought' });
    expect(await holds(app, fan.user.id, post.id)).toBe(true);
    expect(await balance(app, fan.user.id)).toBe(0);
    expect(await earned(app, creator.user.id)).toBe(600); // 7.50 less the 20% commission
    const [charge] = await chargesOf(app, fan.user.id);
    expect(charge).toMatchObject({ type: 'feed', objectId: post.id, status: 'paid', grossCents: 750 });
    expect((await paymentRow(app, pay._id)).metadata).toMatchObject({
      chargeId: charge.id,
      creatorId: creator.user.id,
    });

    // CCBill delivers again: nothing twice
    expect(answer(await peer.post('NewSaleSuccess', sale.fields))).toMatchObject({ duplicate: true });
    expect(await chargesOf(app, fan.user.id)).toHaveLength(1);
    // the result page reads it
    const result = await app.inject({ url: `/api/payment/transactions/${pay._id}/result`, headers: fan.auth });
    expect(result.json()).toMatchObject({ status: 'succeeded', undelivered: null });
    // bought already: a second card purchase is refused before any payment
    const again = await buyByCard(app, fan, `feed/${post.id}`);
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'ALREADY_BOUGHT' });
  });

  it('a declined card buys nothing; bad input is a 4xx naming it', async () => {
    const { app } = t();
    const { post } = await ppvPost(app);
    const fan = await buildUser(app);
    const pay = (await buyByCard(app, fan, `feed/${post.id}`)).json();
    await peer.pay(pay.checkoutUrl, CCBILL_TEST_CARDS.declined);
    expect(answer(peer.postbacks.at(-1)!)).toMatchObject({ result: 'failed' });
    expect(await holds(app, fan.user.id, post.id)).toBe(false);
    expect(await balance(app, fan.user.id)).toBe(0);

    expect((await buyByCard(app, fan, 'tip/' + post.id)).statusCode).toBe(400);
    expect((await buyByCard(app, fan, `feed/${post.id}`, { gateway: 'nope' })).statusCode).toBe(400);
    expect((await buyByCard(app, fan, `feed/${post.id}`, { returnTo: '//evil.example' })).statusCode).toBe(400);
    const notSale = await buildFeed(app, (await buildPerformer(app)).user.id, { text: 'free' });
    expect((await buyByCard(app, fan, `feed/${notSale.id}`)).json()).toMatchObject({ code: 'NOT_FOR_SALE' });
    expect((await buyByCard(app, fan, `video/${post.id}`)).json()).toMatchObject({ statusCode: 404 });
    const anon = await app.inject({ method: 'POST', url: `/api/payment/purchase/feed/${post.id}`, payload: {} });
    expect(anon.statusCode).toBe(401);
  });

  it('the price changed before the approval arrives: nothing bought, the amount stays in the wallet as tokens', async () => {
    const { app } = t();
    const creator = await buildPerformer(app);
    const product = await buildContent(app, creator, 'product', { price: 12 });
    const fan = await buildUser(app);
    const pay = (await buyByCard(app, fan, `product/${product._id}`, { quantity: 1 })).json();
    expect(pay.amount, JSON.stringify(pay)).toBe(12);
    await app.ctx.db.update(contentItems).set({ priceCents: 1500 }).where(eq(contentItems.id, product._id));

    await peer.pay(pay.checkoutUrl, CCBILL_TEST_CARDS.approved);
    expect(answer(peer.postbacks.at(-1)!)).toMatchObject({ result: 'credited (not bought: PRICE_CHANGED)' });
    expect(await balance(app, fan.user.id)).toBe(1200);
    expect(await chargesOf(app, fan.user.id)).toHaveLength(0);
    const result = await app.inject({ url: `/api/payment/transactions/${pay._id}/result`, headers: fan.auth });
    expect(result.json()).toMatchObject({ status: 'succeeded', undelivered: 'PRICE_CHANGED' });
  });

  it('a chargeback takes the item back (charge reversed, access revoked), whatever the fan’s other tokens', async () => {
    const { app } = t();
    const { creator, post } = await ppvPost(app);
    const fan = await buildUser(app);
    // the fan also has 5.00 tokens of their own (a top-up through CCBill)
    const top = await app.inject({
      method: 'POST',
      url: '/api/payment/wallet/top-up',
      headers: fan.auth,
      payload: { amount: 5 },
    });
    await peer.pay(top.json().checkoutUrl, CCBILL_TEST_CARDS.approved);
    const pay = (await buyByCard(app, fan, `feed/${post.id}`)).json();
    const { subscriptionId } = await peer.pay(pay.checkoutUrl, CCBILL_TEST_CARDS.approved);
    expect(await holds(app, fan.user.id, post.id)).toBe(true);

    const cb = await peer.reverse('Chargeback', subscriptionId!);
    expect(answer(cb)).toMatchObject({ status: 200, duplicate: false });
    expect(await holds(app, fan.user.id, post.id)).toBe(false);
    expect(await balance(app, fan.user.id)).toBe(500);
    expect(await earned(app, creator.user.id)).toBe(0);
    expect(await paymentRow(app, pay._id)).toMatchObject({ status: 'chargeback' });
    const [charge] = await chargesOf(app, fan.user.id);
    expect(charge.status).toBe('chargeback');
    const [row] = await app.ctx.db.select().from(users).where(eq(users.id, fan.user.id));
    expect(row.chargebackHoldAt).not.toBeNull();
    // the hold refuses the next card purchase
    const held = await buyByCard(app, fan, `feed/${post.id}`);
    expect(held.json()).toMatchObject({ statusCode: 403, code: 'CHARGEBACK_HOLD' });
    // a replay changes nothing
    expect(answer(await peer.post('Chargeback', cb.fields))).toMatchObject({ duplicate: true });
  });

  it('a refund with platform_absorbs revokes the item, the creator keeps the earning, the fan keeps other tokens', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    await app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: admin.auth,
      payload: { chargebackPolicy: 'platform_absorbs' },
    });
    const { creator, post } = await ppvPost(app);
    const fan = await buildUser(app);
    const top = (
      await app.inject({ method: 'POST', url: '/api/payment/wallet/top-up', headers: fan.auth, payload: { amount: 5 } })
    ).json();
    await peer.pay(top.checkoutUrl, CCBILL_TEST_CARDS.approved);
    const pay = (await buyByCard(app, fan, `feed/${post.id}`)).json();
    const { subscriptionId } = await peer.pay(pay.checkoutUrl, CCBILL_TEST_CARDS.approved);
    await peer.reverse('Refund', subscriptionId!);
    expect(await holds(app, fan.user.id, post.id)).toBe(false);
    expect(await earned(app, creator.user.id)).toBe(600);
    expect(await balance(app, fan.user.id)).toBe(500);
    expect(await paymentRow(app, pay._id)).toMatchObject({ status: 'refunded' });
  });
});
