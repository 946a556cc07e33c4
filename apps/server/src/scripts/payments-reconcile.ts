/**
 * `npm run payments:reconcile -- --gateway ccbill --from 2026-11-01 --to 2026-11-30 [--source report]`:
 * what the processor reported (its stored postbacks, or with `--source report` its reporting API:
 * CCBill's Data Link Extract) against the ledger, for the days from–to (UTC, both included). Lists
 * the differences and exits 1 when there are any (2 on bad arguments, 3 when the report cannot be read).
 */
import { parseArgs } from 'node:util';
import { GATEWAY_NAMES, type GatewayName } from '@marquee/shared/payments';
import { loadConfig } from '../config';
import type { Executor } from '../db/client';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { type CcbillGateway, gatewayFor } from '../lib/payments';
import { dayRange, reconcile } from '../modules/payments/reconcile';
import { reconcileReport } from '../modules/payments/reconcile.report';

/** The processor's own report of the range (CCBill Data Link Extract), then the comparison. */
async function fromProcessorReport(db: Executor, range: { gateway: GatewayName; from: string; to: string }) {
  const { start, end } = dayRange(range.from, range.to);
  try {
    const records = await (gatewayFor(loadConfig(), 'ccbill') as CcbillGateway).transactionReport(start, end);
    return reconcileReport(db, range, records);
  } catch (err) {
    console.error((err as Error).message);
    return null;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const { values } = parseArgs({
  options: {
    gateway: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    json: { type: 'boolean' },
    source: { type: 'string', default: 'postbacks' },
  },
});
const gateway = values.gateway ?? '';
const problems = [
  !(GATEWAY_NAMES as readonly string[]).includes(gateway) && `--gateway must be one of ${GATEWAY_NAMES.join(', ')}`,
  !DAY.test(values.from ?? '') && '--from must be a day, YYYY-MM-DD',
  !DAY.test(values.to ?? '') && '--to must be a day, YYYY-MM-DD',
  values.from && values.to && values.from > values.to && '--from must not be after --to',
  !['postbacks', 'report'].includes(values.source ?? '') && '--source must be postbacks or report',
  values.source === 'report' && gateway !== 'ccbill' && '--source report: only CCBill’s reporting API is read so far',
].filter(Boolean);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(2);
}

const database = await openDatabase(loadConfig(), { attach: true });
try {
  await runMigrations(database);
  const range = { gateway: gateway as GatewayName, from: values.from!, to: values.to! };
  const report =
    values.source === 'report' ? await fromProcessorReport(database.db, range) : await reconcile(database.db, range);
  if (!report) process.exitCode = 3;
  else if (values.json) console.log(JSON.stringify(report, null, 2));
  else {
    const cents = (c: number | null) => (c === null ? '-' : (c / 100).toFixed(2));
    console.log(
      `${gateway} ${report.from}..${report.to}: ${report.reported} postbacks, ${report.booked} ledger movements — ${
        report.differences.length ? `${report.differences.length} difference(s)` : 'no differences'
      }`,
    );
    for (const d of report.differences)
      console.log(
        `${d.kind}\t${d.what}\tpayment ${d.paymentId ?? '-'}\tevent ${d.eventId ?? '-'}\tprocessor ${cents(d.processorCents)}\tledger ${cents(d.ledgerCents)}`,
      );
  }
  if (report?.differences.length) process.exitCode = 1;
} finally {
  await database.close();
}
