/**
 * `npm run ledger:verify`: proves the books balance on the configured database
 * (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, running or not). Exits 1 on any mismatch.
 */
import { loadConfig } from '../config';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';
import { verifyLedger } from '../modules/ledger/ledger.service';

const database = await openDatabase(loadConfig(), { attach: true });
try {
  await runMigrations(database);
  const report = await verifyLedger(database.db);
  const problems =
    report.unbalancedTransactions.length +
    report.accountMismatches.length +
    report.walletMismatches.length +
    report.negativeWallets.length;
  console.log(
    `ledger: ${report.transactions} transactions, ${report.entries} entries — ${report.ok ? 'OK, the books balance' : `${problems} problem(s)`}`,
  );
  if (!report.ok) {
    console.log(JSON.stringify(report, null, 2));
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
