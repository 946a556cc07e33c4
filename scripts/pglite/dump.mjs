// Run by scripts/import-pglite.mjs from a folder where PGlite and pglite-tools are installed.
// argv: <PGlite dir> <dump.sql> <counts.json>
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';

const [dir, out, countsOut] = process.argv.slice(2);
const pg = new PGlite(dir, { extensions: { pg_trgm } });
await pg.waitReady;
const { rows } = await pg.query(
  "select schemaname, tablename from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
);
const counts = {};
for (const { schemaname, tablename } of rows) {
  const r = await pg.query(`select count(*)::int as n from "${schemaname}"."${tablename}"`);
  counts[`${schemaname}.${tablename}`] = r.rows[0].n;
}
const file = await pgDump({ pg, args: ['--no-owner', '--no-privileges'] });
// psql meta-commands (\restrict and the like) are not SQL: the loader runs plain statements.
const text = (await file.text())
  .split('\n')
  .filter((line) => !line.startsWith('\\'))
  .join('\n');
fs.writeFileSync(out, text);
fs.writeFileSync(countsOut, JSON.stringify(counts, null, 2));
await pg.close();
console.log(`dumped ${Object.keys(counts).length} tables, ${Object.values(counts).reduce((a, b) => a + b, 0)} rows`);
