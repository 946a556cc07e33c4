import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, buildAdmin, buildPerformer, buildUser } from '../../../test/factories';
import { useTestApp } from '../../../test/harness';
import type { App } from '../../app-type';
import { newId } from '../../db/ids';
import { ledgerTransactions, payments, users } from '../../db/schema';
import { sandboxGateway } from '../../lib/payments';
import { normaliseStripeEvent } from '../../lib/payments/stripe';
import { verifyLedger } from '../ledger/ledger.service';
import { handleWebhook } from './payments.service';

const t = useTestApp();

afterEach(async () => {
  sandboxGateway(t().app.ctx.config).refundAnswer = 'succeeded';
  const report = await verifyLedger(t().app.ctx.db);
  expect(report, JSON.stringify(report)).toMatchObject({ ok: true });
});

const balanceCents = async (app: App, id: string) =>
  (await app.ctx.db.select({ b: users.balance }).from(users).where(eq(users.id, id)))[0].b;

const paymentRow = async (app: App, id: string) =>
  (await app.ctx.db.select().from(payments).where(eq(payments.id, id)))[0];

/** A fan who topped up `amount` tokens with a saved sandbox card (gateway → signed webhook → wallet). */
async function toppedUpFan(app: App, amount = 20) {
  const fan = await buildUser(app);
  const card = await app.inject({
    method: 'POST',
    url: '/api/sandbox/cards',
    headers: fan.auth,
    payload: { cardNumber: '4242424242424242' },
  });
  const p = await app.inject({
    method: 'POST',
    url: '/api/payment/wallet/top-up',
    headers: fan.auth,
    payload: { amount, cardId: card.json()._id },
  });
  expect(p.json()).toMatchObject({ status: 'succeeded' });
  return { fan, paymentId: p.json()._id as string };
}

const refund = (app: App, admin: Actor, paymentId: string) =>
  app.inject({ method: 'POST', url: `/api/admin/payments/${paymentId}/refund`, headers: admin.auth });

const refundsAtGateway = (app: App, paymentId: string) =>
  sandboxGateway(app.ctx.config).refunds.filter((r) => r.externalId === `sbx_${paymentId}`);

/** What the sandbox "card network" reports later about a refund, through the real webhook handler. */
function gatewayReports(app: App, paymentId: string, type: 'payment.refunded' | 'payment.refund_failed', id?: string) {
  const delivery = sandboxGateway(app.ctx.config).signedEvent({
    id: id ?? `evt_${newId()}`,
    type,
    data: { paymentId },
  });
  return handleWebhook(app.ctx, 'sandbox', delivery.body, delivery.headers);
}

describe('issue 23 item 14: admin refund of a top-up', () => {
  it('racing the fan spending the tokens: never a card refund without the ledger reversal', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const outcomes = { refunded: 0, spent: 0 };
    for (let i = 0; i < 12; i++) {
      const { fan, paymentId } = await toppedUpFan(app);
      const [refunded, tip] = await Promise.all([
        refund(app, admin, paymentId),
        app.inject({
          method: 'POST',
          url: `/api/wallet/charges/tip/${creator.user.id}`,
          headers: fan.auth,
          payload: { amount: 20 },
        }),
      ]);
      const p = await paymentRow(app, paymentId);
      if (refunded.statusCode === 200) {
        outcomes.refunded++;
        expect(refunded.json()).toMatchObject({ status: 'refunded' });
        expect(tip.json()).toMatchObject({ statusCode: 402 });
        expect(p.status).toBe('refunded');
        expect(refundsAtGateway(app, paymentId)).toEqual([{ externalId: `sbx_${paymentId}`, amountCents: 2_000 }]);
      } else {
        outcomes.spent++;
        expect(refunded.json(), refunded.body).toMatchObject({ statusCode: 409, code: 'TOKENS_SPENT' });
        expect(tip.statusCode, tip.body).toBe(200);
        expect(p.status).toBe('succeeded');
        expect(refundsAtGateway(app, paymentId)).toEqual([]);
      }
      expect(await balanceCents(app, fan.user.id)).toBe(0);
    }
    expect(outcomes.refunded + outcomes.spent).toBe(12);
  });

  it('a refund the gateway answers later stays pending (tokens held) until the webhook, once', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const creator = await buildPerformer(app);
    const { fan, paymentId } = await toppedUpFan(app);
    sandboxGateway(app.ctx.config).refundAnswer = 'pending';

    const res = await refund(app, admin, paymentId);
    expect(res.json()).toMatchObject({ status: 'refund_pending' });
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    // the held tokens cannot be spent meanwhile
    const tip = await app.inject({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      headers: fan.auth,
      payload: { amount: 10 },
    });
    expect(tip.statusCode).toBe(402);
    // asking again re-asks the gateway (one refund there) and moves no money
    expect((await refund(app, admin, paymentId)).json()).toMatchObject({ status: 'refund_pending' });
    expect(refundsAtGateway(app, paymentId)).toHaveLength(1);

    expect(await gatewayReports(app, paymentId, 'payment.refunded', 'evt_refund_1')).toMatchObject({
      result: 'refunded',
    });
    expect(await gatewayReports(app, paymentId, 'payment.refunded', 'evt_refund_1')).toMatchObject({
      duplicate: true,
    });
    expect(await gatewayReports(app, paymentId, 'payment.refunded')).toMatchObject({ result: 'ignored (refunded)' });
    expect((await paymentRow(app, paymentId)).status).toBe('refunded');
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    const books = await app.ctx.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, `payment:${paymentId}`));
    expect(books.map((b) => b.kind).sort()).toEqual(['topup', 'topup_refund']);
    expect((await refund(app, admin, paymentId)).json()).toMatchObject({ statusCode: 409, code: 'ALREADY_REFUNDED' });
  });

  it('a refund the gateway refuses gives the tokens back; a later refund works', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const { fan, paymentId } = await toppedUpFan(app);
    sandboxGateway(app.ctx.config).refundAnswer = 'failed';

    const refused = await refund(app, admin, paymentId);
    expect(refused.json()).toMatchObject({ statusCode: 502, code: 'REFUND_REFUSED' });
    expect((await paymentRow(app, paymentId)).status).toBe('succeeded');
    expect(await balanceCents(app, fan.user.id)).toBe(2_000);

    sandboxGateway(app.ctx.config).refundAnswer = 'succeeded';
    expect((await refund(app, admin, paymentId)).json()).toMatchObject({ status: 'refunded' });
    expect(await balanceCents(app, fan.user.id)).toBe(0);
    expect(refundsAtGateway(app, paymentId)).toHaveLength(1);
  });

  it('an unreachable gateway leaves the refund pending; its refund-failed webhook gives the tokens back, once', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const { fan, paymentId } = await toppedUpFan(app);
    sandboxGateway(app.ctx.config).refundAnswer = 'unreachable';

    const res = await refund(app, admin, paymentId);
    expect(res.json()).toMatchObject({ statusCode: 502, code: 'REFUND_PENDING' });
    expect((await paymentRow(app, paymentId)).status).toBe('refund_pending');
    expect(await balanceCents(app, fan.user.id)).toBe(0);

    expect(await gatewayReports(app, paymentId, 'payment.refund_failed', 'evt_rf_1')).toMatchObject({
      result: 'refund failed',
    });
    expect(await gatewayReports(app, paymentId, 'payment.refund_failed', 'evt_rf_1')).toMatchObject({
      duplicate: true,
    });
    expect(await gatewayReports(app, paymentId, 'payment.refund_failed')).toMatchObject({
      result: 'ignored (succeeded)',
    });
    expect((await paymentRow(app, paymentId)).status).toBe('succeeded');
    expect(await balanceCents(app, fan.user.id)).toBe(2_000);
  });

  it('only a wallet top-up is refunded here', async () => {
    const { app } = t();
    const admin = await buildAdmin(app);
    const { paymentId } = await toppedUpFan(app);
    await app.ctx.db.update(payments).set({ purpose: 'subscription' }).where(eq(payments.id, paymentId));
    expect((await refund(app, admin, paymentId)).json()).toMatchObject({ statusCode: 409, code: 'NOT_REFUNDABLE' });
    expect((await refund(app, admin, newId())).statusCode).toBe(404);
  });

  it("Stripe's refund.failed / refund.updated (failed, canceled) settle a pending refund; other updates are ignored", () => {
    const event = (type: string, status: string) =>
      normaliseStripeEvent({
        id: 'evt_r',
        type,
        data: { object: { id: 're_1', object: 'refund', status, payment_intent: 'pi_1', failure_reason: 'lost' } },
      } as unknown as Stripe.Event);
    expect(event('refund.failed', 'failed')).toMatchObject({ type: 'payment.refund_failed', externalId: 'pi_1' });
    expect(event('refund.updated', 'canceled')).toMatchObject({ type: 'payment.refund_failed', externalId: 'pi_1' });
    expect(event('refund.updated', 'succeeded')).toMatchObject({ type: 'ignored' });
  });
});
