import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { alterStoredSale, bookUnreportedSale, storeUnbookedSale } from '../../../test/factories.reconcile';
import { payAt, segpayEnv, startSegpayPeerFor, topUpAtSegpay } from '../../../test/factories.segpay';
import { useTestApp } from '../../../test/harness';
import { TEST_CARDS } from '../../../test/segpay-peer';
import { startVerotelPeerFor, verotelEnv } from '../../../test/verotel-app';
import { ACCEPTED_CARD } from '../../../test/verotel-peer';
import type { App } from '../../app-type';
import { webhookEvents } from '../../db/schema';
import { verifyLedger } from '../ledger/ledger.service';
import { reconcile, reportedCents } from './reconcile';

// Reconciliation from the stored postbacks of Segpay and Verotel (posted by their local peers) against
// the ledger: a clean day, then an altered amount, a sale never booked and a booking never reported.
// CCBill's (and its Data Link Extract) is in reconcile.test.ts.
const segpay = await startSegpayPeerFor(() => t().app);
const verotel = await startVerotelPeerFor(() => t().app);
const t = useTestApp({ env: { ...segpayEnv(segpay), ...verotelEnv(verotel), PUBLIC_URL: 'https://fans.example' } });
afterAll(async () => {
  await segpay.close();
  await verotel.close();
});
beforeEach(() => verotel.postbacksBy('GET'));

const today = () => new Date().toISOString().slice(0, 10);
type Fan = Awaited<ReturnType<typeof buildUser>>;

async function topUp(app: App, fan: Fan, amount: number) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment/wallet/top-up',
    headers: fan.auth,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { _id: string; checkoutUrl: string };
}

/** The three differences planted on a clean day, and what the report must say about them. */
async function plantDifferences(
  app: App,
  gateway: 'segpay' | 'verotel',
  o: { altered: string; field: string; reported: Record<string, string> },
) {
  const fan = await buildUser(app);
  // the processor's amount is read from its own field in the stored postback
  const [sale] = await app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, o.altered));
  expect(reportedCents(gateway, sale.payload)).toBe(3000);
  await alterStoredSale(app, o.altered, o.field, '31.00');
  const lost = await topUp(app, fan, 15);
  await storeUnbookedSale(app, gateway, lost._id, `lost:${lost._id}`, o.reported);
  const ghost = await bookUnreportedSale(app, gateway, fan.user.id, 1200);
  const report = await reconcile(app.ctx.db, { gateway, from: today(), to: today() });
  expect(report.differences).toHaveLength(3);
  expect(report.differences).toEqual(
    expect.arrayContaining([
      expect.objectContaining({
        kind: 'amount_mismatch',
        what: 'sale',
        paymentId: o.altered,
        processorCents: 3100,
        ledgerCents: 3000,
      }),
      expect.objectContaining({
        kind: 'missing_in_ledger',
        what: 'sale',
        paymentId: lost._id,
        processorCents: 1500,
        ledgerCents: null,
      }),
      expect.objectContaining({
        kind: 'missing_at_processor',
        what: 'sale',
        paymentId: ghost.id,
        processorCents: null,
        ledgerCents: 1200,
      }),
    ]),
  );
}

describe('payments:reconcile from stored postbacks', () => {
  it('Segpay: sales and a refund match the ledger; each kind of difference is listed', async () => {
    const { app } = t();
    await app.ctx.settings.update({ paymentGateway: 'segpay' }, null);
    const fan = await buildUser(app);
    const a = await topUpAtSegpay(app, fan, 20);
    const b = await topUpAtSegpay(app, fan, 30);
    const saleA = segpay.delivered.find((d) => d.fields.paymentid === a.paymentId && d.fields.trantype === 'sale')!;
    segpay.refund(saleA.fields.tranid);
    expect((await segpay.flush()).map((d) => d.body)).toEqual(['OK']);
    // a declined attempt is no sale on either side
    const declined = await topUp(app, fan, 10);
    await payAt(declined.checkoutUrl, TEST_CARDS.declined);

    const range = { gateway: 'segpay' as const, from: today(), to: today() };
    expect(await reconcile(app.ctx.db, range)).toMatchObject({ reported: 3, booked: 3, differences: [] });
    expect(await reconcile(app.ctx.db, { ...range, from: '2020-01-01', to: '2020-01-31' })).toMatchObject({
      reported: 0,
      differences: [],
    });
    await plantDifferences(app, 'segpay', {
      altered: b.paymentId,
      field: 'price',
      reported: { trantype: 'sale', price: '15.00', tranid: '990001' },
    });
    expect(await verifyLedger(app.ctx.db)).toMatchObject({ ok: true });
  });

  it('Verotel: a purchase, a GET and a POSTed postback, a credit match the ledger; each kind of difference is listed', async () => {
    const { app } = t();
    await app.ctx.settings.update({ paymentGateway: 'verotel' }, null);
    const fan = await buildUser(app);
    const a = await topUp(app, fan, 20);
    const paidA = await verotel.checkout(a.checkoutUrl, ACCEPTED_CARD);
    verotel.postbacksBy('POST');
    const b = await topUp(app, fan, 30);
    await verotel.checkout(b.checkoutUrl, ACCEPTED_CARD);
    expect(await verotel.credit(paidA.sale!.transactions[0])).toMatchObject({ status: 200, body: 'OK' });

    const range = { gateway: 'verotel' as const, from: today(), to: today() };
    expect(await reconcile(app.ctx.db, range)).toMatchObject({ reported: 3, booked: 3, differences: [] });
    await plantDifferences(app, 'verotel', {
      altered: b._id,
      field: 'priceAmount',
      reported: { priceAmount: '15.00', priceCurrency: 'USD', transactionID: '990002' },
    });
    expect(await verifyLedger(app.ctx.db)).toMatchObject({ ok: true });
  });
});
