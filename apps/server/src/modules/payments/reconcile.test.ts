import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { CCBILL_TEST_CARDS, startCcbillPeer } from '../../../test/ccbill-peer';
import { buildUser } from '../../../test/factories';
import { answer, CCBILL, ccbillEnv, openTopUp, useCcbillGateway } from '../../../test/factories.ccbill';
import { bookUnreportedSale, storeUnbookedSale } from '../../../test/factories.reconcile';
import { withDatabase } from '../../../test/global-setup';
import { useTestApp } from '../../../test/harness';
import { webhookEvents } from '../../db/schema';
import { CcbillGateway, gatewayFor, parseExtract } from '../../lib/payments';
import { dayRange, reconcile, reportedCents } from './reconcile';
import { reconcileReport } from './reconcile.report';

// Reconciliation of CCBill's postbacks (posted by the local peer) against the ledger.
const peer = await startCcbillPeer(CCBILL);
const t = useTestApp({ env: ccbillEnv(peer) });

beforeEach(() => useCcbillGateway(t().app, peer));
afterAll(() => peer.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('payments:reconcile', () => {
  it('matches postbacks with the ledger, then reports each kind of difference', async () => {
    const { app } = t();
    const fan = await buildUser(app);
    const a = await openTopUp(app, fan, 20);
    const b = await openTopUp(app, fan, 30);
    const subA = (await peer.pay(a.checkoutUrl, CCBILL_TEST_CARDS.approved)).subscriptionId!;
    await peer.pay(b.checkoutUrl, CCBILL_TEST_CARDS.approved);
    expect(answer(await peer.reverse('Chargeback', subA))).toMatchObject({ result: 'charged back' });
    const range = { gateway: 'ccbill' as const, from: today(), to: today() };

    const clean = await reconcile(app.ctx.db, range);
    expect(clean).toMatchObject({ reported: 3, booked: 3, differences: [] });
    // another day: nothing at all
    expect(await reconcile(app.ctx.db, { ...range, from: '2020-01-01', to: '2020-01-31' })).toMatchObject({
      reported: 0,
      booked: 0,
      differences: [],
    });

    // 1. the processor says B was billed 31.00, the ledger booked 30.00
    const [saleB] = await app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.paymentId, b.paymentId));
    await app.ctx.db
      .update(webhookEvents)
      .set({ payload: sql`jsonb_set(${webhookEvents.payload}, '{billedInitialPrice}', '"31.00"')` })
      .where(eq(webhookEvents.id, saleB.id));
    // 2. a sale the processor reported that the ledger never booked (a payment left open)
    const lost = await openTopUp(app, await buildUser(app), 15);
    await storeUnbookedSale(app, 'ccbill', lost.paymentId, 'NewSaleSuccess:0900000000000777777', {
      billedInitialPrice: '15.00',
      transactionId: '0900000000000777777',
    });
    // 3. a sale booked in the ledger that CCBill never reported
    const ghost = await bookUnreportedSale(app, 'ccbill', fan.user.id, 1200);

    const report = await reconcile(app.ctx.db, range);
    expect(report.differences).toHaveLength(3);
    expect(report.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'amount_mismatch',
          what: 'sale',
          paymentId: b.paymentId,
          processorCents: 3100,
          ledgerCents: 3000,
        }),
        expect.objectContaining({
          kind: 'missing_in_ledger',
          what: 'sale',
          paymentId: lost.paymentId,
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

    // the command: the differences listed, exit code 1 (the test database, through DATABASE_URL)
    const run = promisify(execFile);
    const args = [
      '--import',
      'tsx',
      'src/scripts/payments-reconcile.ts',
      '--gateway',
      'ccbill',
      '--from',
      today(),
      '--to',
      today(),
    ];
    const { rows } = await app.ctx.db.execute<{ name: string }>(sql`select current_database() as name`);
    const env = { ...process.env, DATABASE_URL: withDatabase(inject('pgUrl'), rows[0].name) };
    const failed = await run(process.execPath, args, { env }).then(
      () => null,
      (err: { code: number; stdout: string }) => err,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toMatch(/3 difference\(s\)/);
    expect(failed?.stdout).toMatch(
      new RegExp(`amount_mismatch\\tsale\\tpayment ${b.paymentId}.*processor 31.00\\tledger 30.00`),
    );
    const bad = await run(process.execPath, [...args.slice(0, 4), 'paypal'], { env }).catch(
      (err: { code: number }) => err,
    );
    expect(bad).toMatchObject({ code: 2 });
  }, 120_000); // two runs of the command

  it('reads each processor’s amount field', () => {
    expect(reportedCents('ccbill', { billedAmount: '9.99' })).toBe(999);
    expect(reportedCents('segpay', { price: '12.5' })).toBe(1250);
    expect(reportedCents('verotel', { amount: '20.00' })).toBe(2000);
    expect(reportedCents('verotel', { amount: 'x' })).toBeNull();
  });

  it('against CCBill’s Data Link Extract: clean, then an altered amount, a duplicate, a record never booked, a booking never reported', async () => {
    const { app } = t();
    peer.records.length = 0; // the peer's books of earlier tests (the database was emptied)
    const fan = await buildUser(app);
    const a = await openTopUp(app, fan, 20);
    const b = await openTopUp(app, fan, 30);
    const subA = (await peer.pay(a.checkoutUrl, CCBILL_TEST_CARDS.approved)).subscriptionId!;
    const subB = (await peer.pay(b.checkoutUrl, CCBILL_TEST_CARDS.approved)).subscriptionId!;
    await peer.reverse('Refund', subA);
    const range = { gateway: 'ccbill' as const, from: today(), to: today() };
    const gateway = gatewayFor(app.ctx.config, 'ccbill') as CcbillGateway;
    const { start, end } = dayRange(range.from, range.to);
    const report = () => gateway.transactionReport(start, end);

    const records = await report();
    expect(records.map((r) => `${r.type} ${r.subscriptionId} ${r.cents}`).sort()).toEqual(
      [`NEW ${subA} 2000`, `NEW ${subB} 3000`, `REFUND ${subA} 2000`].sort(),
    );
    expect(peer.datalink.at(-1)).toMatchObject({
      transactionTypes: 'NEW,REBILL,REFUND,CHARGEBACK,VOID',
      clientAccnum: CCBILL.clientAccnum,
      username: CCBILL.datalinkUsername,
      startTime: `${today().replace(/-/g, '')}000000`,
      endTime: `${today().replace(/-/g, '')}235959`,
    });
    expect(await reconcileReport(app.ctx.db, range, records)).toMatchObject({
      reported: 3,
      booked: 3,
      differences: [],
    });

    // CCBill's books differ: B billed 31.00, A's refund listed twice, a sale we never heard of
    const saleB = peer.records.find((r) => r.type === 'NEW' && r.subscriptionId === subB)!;
    saleB.amount = '31.00';
    peer.records.push({ ...peer.records.find((r) => r.type === 'REFUND')! });
    peer.records.push({ type: 'NEW', subscriptionId: '0199999999', amount: '9.99', at: saleB.at });
    // and a top-up the ledger booked that CCBill never reported
    const c = await openTopUp(app, fan, 12);
    await peer.pay(c.checkoutUrl, CCBILL_TEST_CARDS.approved);
    peer.records.pop();

    const diff = await reconcileReport(app.ctx.db, range, await report());
    expect(diff.differences).toHaveLength(4);
    expect(diff.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'amount_mismatch',
          what: 'sale',
          paymentId: b.paymentId,
          processorCents: 3100,
          ledgerCents: 3000,
        }),
        expect.objectContaining({ kind: 'duplicate', what: 'reversal', processorCents: 2000 }),
        expect.objectContaining({ kind: 'missing_in_ledger', what: 'sale', paymentId: null, processorCents: 999 }),
        expect.objectContaining({
          kind: 'missing_at_processor',
          what: 'sale',
          paymentId: c.paymentId,
          ledgerCents: 1200,
        }),
      ]),
    );

    // wrong credentials: CCBill's error line, not an empty report
    const wrong = new CcbillGateway({
      ...CCBILL,
      datalinkPassword: 'nope',
      flexformsUrl: peer.flexformsUrl,
      datalinkUrl: peer.url,
    });
    await expect(wrong.transactionReport(start, end)).rejects.toThrow(/Authentication failed/);
  });

  it('parses the extract’s lines (quoted or bare) and refuses an unreadable one', () => {
    const csv = [
      '"NEW","900100","0001","0100000001","20261125101500","A","B","","","ACTIVE","12.50","2","0.00","0","OFF","VISA"',
      'REBILL,900100,0001,0100000001,20261125111500,0900000000000000042,9.99',
      '"CHARGEBACK","900100","0001","0100000001","20261125121500","-12.50"',
      '"EXPIRE","900100","0001","0100000001","20261125121500"',
    ].join('\r\n');
    expect(parseExtract(csv)).toEqual([
      {
        kind: 'sale',
        type: 'NEW',
        subscriptionId: '0100000001',
        transactionId: null,
        cents: 1250,
        at: '20261125101500',
      },
      {
        kind: 'sale',
        type: 'REBILL',
        subscriptionId: '0100000001',
        transactionId: '0900000000000000042',
        cents: 999,
        at: '20261125111500',
      },
      {
        kind: 'reversal',
        type: 'CHARGEBACK',
        subscriptionId: '0100000001',
        transactionId: null,
        cents: 1250,
        at: '20261125121500',
      },
    ]);
    expect(parseExtract('1')).toEqual([]);
    expect(() => parseExtract('"REFUND","900100","0001","0100000001","20261125"')).toThrow(/unreadable REFUND/);
    expect(() => parseExtract('Error: Too many requests')).toThrow(/Too many requests/);
  });
});
