import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { buyByCard, chargesOf, holds, ppvPost } from '../../../test/factories.card-purchases';
import { earned } from '../../../test/factories.memberships';
import {
  balanceCents,
  chooseSegpay,
  payAt,
  paymentRow,
  postbackAs,
  SEGPAY_IDS,
  topUpAtSegpay,
  useSegpay,
} from '../../../test/factories.segpay';
import { TEST_CARDS } from '../../../test/segpay-peer';
import { walletCharges, webhookEvents } from '../../db/schema';
import { setClockOffset } from '../../lib/clock';
import { balanceOf, earningsAccount, verifyLedger } from '../ledger/ledger.service';

// Segpay against a local peer that plays its hosted page, postbacks and SRS services (test/segpay-peer.ts).
const { peer, t } = await useSegpay();
afterAll(() => peer.close());
afterEach(async () => {
  setClockOffset(0);
  peer.hold = false;
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});

const saleOf = (paymentId: string) =>
  peer.delivered.find((d) => d.fields.paymentid === paymentId && d.fields.trantype === 'sale')!;

describe('Segpay top-ups through the hosted payment page', () => {
  it('a dynamic-pricing join link; a declined card fails; the test card credits the wallet once', async () => {
    const { app } = t();
    await chooseSegpay(app);
    const fan = await buildUser(app);

    const declined = await topUpAtSegpay(app, fan, 20, TEST_CARDS.declined);
    const link = new URL(declined.checkoutUrl);
    expect(link.origin + link.pathname).toBe(peer.paymentUrl);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({
      'x-eticketid': `${SEGPAY_IDS.packageId}:${SEGPAY_IDS.pricePointId}`,
      amount: '20.00',
      paymentid: declined.paymentId,
      'x-auth-link': `https://fans.example/payments/result?next=%2Fwallet&payment=${declined.paymentId}`,
    });
    expect(link.searchParams.get('dynamicpricingid')).toBeTruthy();
    expect(declined.location).toBe(`https://fans.example/payments/result?next=%2Fwallet&payment=${declined.paymentId}`);
    expect(await paymentRow(app, declined.paymentId)).toMatchObject({
      status: 'failed',
      failureReason: 'The card was declined',
    });
    // the amount cannot be changed on the way: the pricing hash stands for 20.00
    link.searchParams.set('amount', '1.00');
    expect((await payAt(link.toString(), TEST_CARDS.approved)).status).toBe(400);

    const paid = await topUpAtSegpay(app, fan, 20);
    const sale = saleOf(paid.paymentId);
    expect(sale).toMatchObject({ status: 200, body: 'OK' });
    expect(sale.fields).toMatchObject({ action: 'Auth', stage: 'Initial', approved: 'Yes', trantype: 'sale' });
    expect(await paymentRow(app, paid.paymentId)).toMatchObject({
      status: 'succeeded',
      externalId: sale.fields.tranid,
    });
    expect(await balanceCents(app, fan.user.id)).toBe(2000);

    // the same postback again (Segpay retries) and as a form POST: answered OK, nothing credited twice
    expect((await peer.deliver(sale.fields)).body).toBe('OK');
    const asForm = await postbackAs(app, sale.fields, { method: 'POST' });
    expect([asForm.statusCode, asForm.body]).toEqual([200, 'OK']);
    expect(await balanceCents(app, fan.user.id)).toBe(2000);
    const events = await app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.gateway, 'segpay'));
    expect(events.filter((e) => e.eventId === `auth:sale:${sale.fields.tranid}`)).toHaveLength(1);
    expect(JSON.stringify(events)).not.toContain('segpay-postback-key'); // the key is never stored
  });

  it('an admin refund goes through SRS RefundTransaction; the credit postback that follows changes nothing', async () => {
    const { app } = t();
    await chooseSegpay(app);
    const fan = await buildUser(app);
    const admin = await buildAdmin(app);
    const { paymentId } = await topUpAtSegpay(app, fan, 25);
    const tranId = saleOf(paymentId).fields.tranid;

    const res = await app.inject({
      method: 'POST',
      url: `/api/admin/payments/${paymentId}/refund`,
      headers: admin.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('refunded');
    expect(peer.srsCalls.at(-1)).toMatchObject({
      task: 'RefundTransaction',
      query: { UserID: 'srs-user', UserAccessKey: 'srs-access-key', TransID: tranId },
    });
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    const [credit] = await peer.flush();
    expect(credit.fields).toMatchObject({ trantype: 'credit', relatedtranid: tranId });
    expect([credit.status, credit.body]).toEqual([200, 'OK']);
    expect((await paymentRow(app, paymentId)).status).toBe('refunded');
    expect(await balanceCents(app, fan.user.id)).toBe(0);
  });

  it('a void and a chargeback follow the chargeback path: spent tokens take back the purchases made with them', async () => {
    const { app } = t();
    await chooseSegpay(app);
    const fan = await buildUser(app);
    const creator = await buildPerformer(app);

    const voided = await topUpAtSegpay(app, fan, 10);
    peer.void(saleOf(voided.paymentId).fields.tranid);
    const [voidPostback] = await peer.flush();
    expect(voidPostback.fields).toMatchObject({ action: 'Void', trantype: 'sale' });
    expect((await paymentRow(app, voided.paymentId)).status).toBe('refunded');
    expect(await balanceCents(app, fan.user.id)).toBe(0);

    const disputed = await topUpAtSegpay(app, fan, 20);
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: fan.auth,
      payload: { amount: 15 },
    });
    expect(tip.statusCode, tip.body).toBe(200);
    const earned = () => app.ctx.db.transaction((tx) => balanceOf(tx, earningsAccount(creator.user.id)));
    expect(await earned()).toBeGreaterThan(0);
    peer.chargeback(saleOf(disputed.paymentId).fields.tranid);
    expect((await peer.flush())[0]).toMatchObject({ status: 200, body: 'OK', fields: { trantype: 'charge' } });
    expect((await paymentRow(app, disputed.paymentId)).status).toBe('chargeback');
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    const [charge] = await app.ctx.db.select().from(walletCharges).where(eq(walletCharges.userId, fan.user.id));
    expect(charge.status).toBe('chargeback');
    expect(await earned()).toBe(0);
  });

  it('a refund delivered before its sale is refused unrecorded (409) and applied after the sale arrived', async () => {
    const { app } = t();
    await chooseSegpay(app);
    const fan = await buildUser(app);
    peer.hold = true;
    const { paymentId } = await topUpAtSegpay(app, fan, 30);
    const sale = peer.outbox[0]!;
    peer.refund(sale.tranid!);
    const [, credit] = peer.outbox.splice(0);

    const early = await peer.deliver(credit);
    expect(early.status).toBe(409);
    expect((await paymentRow(app, paymentId)).status).toBe('created');
    expect((await peer.deliver(sale)).body).toBe('OK');
    expect(await balanceCents(app, fan.user.id)).toBe(3000);
    expect((await peer.deliver(credit)).body).toBe('OK');
    expect((await paymentRow(app, paymentId)).status).toBe('refunded');
    expect(await balanceCents(app, fan.user.id)).toBe(0);
  });
});

describe('Segpay postbacks that must change nothing', () => {
  it('a wrong or missing key, an address outside the allowed ranges, a malformed postback: refused and logged', async () => {
    const { app } = t();
    await chooseSegpay(app);
    const fan = await buildUser(app);
    peer.hold = true;
    const { paymentId } = await topUpAtSegpay(app, fan, 20);
    const sale = peer.outbox.splice(0)[0]!;
    const warn = vi.spyOn(app.ctx.log, 'warn');

    const wrongKey = await postbackAs(app, sale, { key: 'guessed' });
    expect([wrongKey.statusCode, wrongKey.json().code]).toEqual([400, 'INVALID_SIGNATURE']);
    expect((await postbackAs(app, sale, { key: null })).statusCode).toBe(400);
    const outsider = await postbackAs(app, sale, { ip: '203.0.113.9' });
    expect(outsider.statusCode).toBe(403);
    const malformed = await postbackAs(app, { action: 'Auth', trantype: 'sale' });
    expect([malformed.statusCode, malformed.json().code]).toEqual([400, 'INVALID_POSTBACK']);
    expect(warn.mock.calls.map((c) => c[1])).toEqual(
      expect.arrayContaining(['postback refused: bad key', 'postback refused: source address not allowed']),
    );
    warn.mockRestore();

    expect((await paymentRow(app, paymentId)).status).toBe('created');
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    expect(await app.ctx.db.select().from(webhookEvents)).toHaveLength(0);
    // member postbacks Marquee has no use for are answered OK (Segpay waits for the answer)
    const probe = await postbackAs(app, { action: 'Probe', purchaseid: 'P-unknown' });
    expect([probe.statusCode, probe.body]).toEqual([200, 'OK']);
  });

  it('answers 400 GATEWAY_NOT_CONFIGURED when Segpay is not configured', async () => {
    const { app } = t();
    const bare = { ...app.ctx.config, SEGPAY_POSTBACK_KEY: undefined };
    const { receiveSegpayPostback } = await import('./segpay.postbacks');
    await expect(
      receiveSegpayPostback({ ...app.ctx, config: bare }, new URLSearchParams({ action: 'Auth' }), '127.0.0.1'),
    ).rejects.toMatchObject({ statusCode: 400, code: 'GATEWAY_NOT_CONFIGURED' });
  });
});

// A single purchase by card through the real route (card-purchases.ts): Segpay's dynamic pricing for
// the item's price, the approval buying it once, a refund at Segpay taking it back.
describe('a single purchase by card', () => {
  it('is paid on the hosted page, bought once, and a refund at Segpay takes it back', async () => {
    const { app } = t();
    await chooseSegpay(app);
    const { creator, post } = await ppvPost(app);
    const fan = await buildUser(app);
    const res = await buyByCard(app, fan, `feed/${post.id}`, { returnTo: `/post/${post.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const pay = res.json();
    expect(pay).toMatchObject({ purpose: 'purchase', amount: 7.5, status: 'created', gateway: 'segpay' });
    expect(new URL(pay.checkoutUrl).searchParams.get('amount')).toBe('7.50');
    expect(await holds(app, fan.user.id, post.id)).toBe(false);

    expect((await payAt(pay.checkoutUrl, TEST_CARDS.approved)).location).toBe(
      `https://fans.example/payments/result?next=%2Fpost%2F${post.id}&payment=${pay._id}`,
    );
    const sale = saleOf(pay._id);
    expect(sale).toMatchObject({ status: 200, body: 'OK' });
    expect((await paymentRow(app, pay._id)).status).toBe('succeeded');
    expect(await holds(app, fan.user.id, post.id)).toBe(true);
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    expect(await earned(app, creator.user.id)).toBe(600); // 7.50 less the 20% commission
    // Segpay delivers the sale again (GET and as a form): bought once
    expect((await peer.deliver(sale.fields)).body).toBe('OK');
    expect((await postbackAs(app, sale.fields, { method: 'POST' })).body).toBe('OK');
    const charges = await chargesOf(app, fan.user.id);
    expect(charges).toMatchObject([{ type: 'feed', objectId: post.id, status: 'paid', grossCents: 750 }]);

    peer.refund(sale.fields.tranid);
    expect((await peer.flush()).map((d) => d.body)).toEqual(['OK']);
    expect((await paymentRow(app, pay._id)).status).toBe('refunded');
    expect(await holds(app, fan.user.id, post.id)).toBe(false);
    expect(await earned(app, creator.user.id)).toBe(0);
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    expect((await chargesOf(app, fan.user.id))[0].status).not.toBe('paid'); // reversed (marked as the chargeback path marks it)
  });
});
