/**
 * Loads a plain-SQL dump (scripts/import-pglite.mjs) into the embedded PostgreSQL under
 * DATA_DIR, which must be new, then compares the row count of every table with the counts
 * taken at the source. argv: <dump.sql> <counts.json>. Exits 1 on any difference.
 */
import fs from 'node:fs';
import { loadConfig } from '../config';
import { openPostgres } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';

const [dumpFile, countsFile] = process.argv.slice(2);
const expected = JSON.parse(fs.readFileSync(countsFile, 'utf8')) as Record<string, number>;
const config = loadConfig({ ...process.env, DATABASE_URL: '' });
const server = await startEmbeddedPostgres({ dir: config.postgresDir });
const database = await openPostgres(server.url, 2);
let failed = 0;
try {
  const client = await database.pool.connect();
  try {
    await client.query(fs.readFileSync(dumpFile, 'utf8'));
    await client.query("select pg_catalog.set_config('search_path', 'public', false)");
    for (const [table, n] of Object.entries(expected)) {
      const [schema, name] = table.split('.');
      const { rows } = await client.query(`select count(*)::int as n from "${schema}"."${name}"`);
      if (rows[0].n !== n) {
        failed++;
        console.error(`${table}: ${n} rows in PGlite, ${rows[0].n} here`);
      }
    }
  } finally {
    client.release();
  }
} finally {
  await database.close();
  await server.stop();
}
if (failed) {
  console.error(`${failed} table(s) differ: the import is incomplete; move DATA_DIR/postgres away and retry.`);
  process.exit(1);
}
console.log(`imported ${Object.keys(expected).length} tables; every row count matches`);
