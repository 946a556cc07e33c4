/**
 * `npm run payments:reconcile -- --gateway ccbill --from 2026-11-01 --to 2026-11-30`: what the
 * processor reported (its stored postbacks) against the ledger, for the days from–to (UTC, both
 * included). Lists the differences and exits 1 when there are any (2 on bad arguments).
 */
import { parseArgs } from 'node:util';
import { GATEWAY_NAMES, type GatewayName } from '@marquee/shared/payments';
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { reconcile } from '../modules/payments/reconcile';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const { values } = parseArgs({
  options: { gateway: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, json: { type: 'boolean' } },
});
const gateway = values.gateway ?? '';
const problems = [
  !(GATEWAY_NAMES as readonly string[]).includes(gateway) && `--gateway must be one of ${GATEWAY_NAMES.join(', ')}`,
  !DAY.test(values.from ?? '') && '--from must be a day, YYYY-MM-DD',
  !DAY.test(values.to ?? '') && '--to must be a day, YYYY-MM-DD',
  values.from && values.to && values.from > values.to && '--from must not be after --to',
].filter(Boolean);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(2);
}

const database = await openDatabase(loadConfig(), { attach: true });
try {
  await runMigrations(database);
  const report = await reconcile(database.db, { gateway: gateway as GatewayName, from: values.from!, to: values.to! });
  if (values.json) console.log(JSON.stringify(report, null, 2));
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
  if (report.differences.length) process.exitCode = 1;
} finally {
  await database.close();
}
