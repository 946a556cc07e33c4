/**
 * `npm run compliance:report -- --month 2026-11 [--json]`: the monthly acquirer report
 * (docs/compliance.md), as CSV (section, figure, value) or JSON, on standard output.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { now } from '../lib/clock';
import { complianceReport, complianceReportCsv } from '../modules/compliance-report';

const { values } = parseArgs({ options: { month: { type: 'string' }, json: { type: 'boolean' } } });
const month = values.month ?? new Date().toISOString().slice(0, 7);
if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
  console.error('--month must be YYYY-MM');
  process.exit(2);
}

const database = await openDatabase(loadConfig(), { attach: true });
try {
  await runMigrations(database);
  const report = await complianceReport({ db: database.db, now }, month);
  console.log(values.json ? JSON.stringify(report, null, 2) : complianceReportCsv(report).trimEnd());
} finally {
  await database.close();
}
