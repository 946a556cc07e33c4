/**
 * `npm run db:export -- --to postgres://user:pass@host/db [--from postgres://…] [--data-dir DIR]`:
 * copies the site's database (DATA_DIR's embedded PostgreSQL, running or not; or DATABASE_URL, or
 * --from) into a new, empty PostgreSQL database, then counts the rows of every table on both sides.
 * Exits 1 when any count differs. See docs/deploy.md ("Moving an embedded install to servers").
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { exportDatabase } from '../db/export';
import { runMigrations } from '../db/migrate';
import { openDatabase } from '../db/open';

// `npm run` from the repository root runs this in apps/server: relative paths are the caller's.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
const { values } = parseArgs({
  options: { to: { type: 'string' }, from: { type: 'string' }, 'data-dir': { type: 'string' } },
});
if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
  console.error(
    'usage: npm run db:export -- --to postgres://user:pass@host:5432/db [--from postgres://…] [--data-dir DIR]',
  );
  process.exit(2);
}
const config = loadConfig({
  ...process.env,
  ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}),
  ...(values.from ? { DATABASE_URL: values.from } : {}),
  DATABASE_READ_URL: '',
});
// The source: its own server when Marquee runs (attach), else started here and stopped after.
const source = await openDatabase(config, { attach: true });
let failed = 0;
try {
  await runMigrations(source);
  const where = source.kind === 'embedded' ? `the embedded PostgreSQL in ${config.dataDir}` : 'DATABASE_URL';
  console.log(`exporting ${where} to ${redact(values.to)}`);
  const result = await exportDatabase(source.url, values.to, (line) => console.log(line));
  console.log('\nrow counts (source → target):');
  for (const t of result.tables) {
    const ok = t.source === t.target;
    if (!ok) failed++;
    console.log(`  ${ok ? 'ok  ' : 'DIFF'} ${t.table.padEnd(32)} ${t.source} → ${t.target}`);
  }
  const rows = result.tables.reduce((n, t) => n + t.target, 0);
  if (result.pendingJobs > 0) {
    console.log(
      `\nnote: ${result.pendingJobs} background job(s) were still queued at the source and are not carried over; ` +
        'stop the site and let the worker finish them before the final export.',
    );
  }
  console.log(
    failed
      ? `\n${failed} table(s) differ: the export is incomplete.`
      : `\nexported ${result.tables.length} tables, ${rows} rows; every count matches. Set DATABASE_URL=${redact(values.to)} to use it.`,
  );
} finally {
  await source.close();
}
process.exit(failed ? 1 : 0);

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}
