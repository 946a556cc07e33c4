#!/usr/bin/env node
// `npm run db:import-pglite [-- --data-dir ./data]`: carries a database of the PGlite era
// (DATA_DIR/db) over to the embedded PostgreSQL (DATA_DIR/postgres), once.
// 1. installs PGlite and its pg_dump (WASM) from the npm registry into DATA_DIR/.pglite-tools
//    (Marquee itself no longer depends on them);
// 2. dumps DATA_DIR/db as plain SQL and counts the rows of every table;
// 3. starts the embedded PostgreSQL, loads the dump and counts again: any difference stops here;
// 4. renames DATA_DIR/db to DATA_DIR/db.imported-<date>, so the next `npm start` runs on the import.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const at = args.indexOf('--data-dir');
const dataDir = path.resolve(at >= 0 ? args[at + 1] : (process.env.DATA_DIR ?? './data'));
const legacy = path.join(dataDir, 'db');

if (!fs.existsSync(path.join(legacy, 'PG_VERSION'))) {
  console.error(`No PGlite database at ${legacy}: nothing to import.`);
  process.exit(1);
}
if (fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))) {
  console.error(`${path.join(dataDir, 'postgres')} exists already: move it away to import again.`);
  process.exit(1);
}

const tools = path.join(dataDir, '.pglite-tools');
const run = (cmd, argv, opts = {}) => {
  const r = spawnSync(cmd, argv, { stdio: 'inherit', ...opts });
  if (r.status !== 0) {
    console.error(`${cmd} ${argv.join(' ')} failed (exit ${r.status})`);
    process.exit(1);
  }
};

console.log('1/3 installing PGlite and its pg_dump into', tools);
fs.mkdirSync(tools, { recursive: true });
fs.writeFileSync(path.join(tools, 'package.json'), '{ "private": true, "type": "module" }\n');
run('npm', [
  'install',
  '--no-audit',
  '--no-fund',
  '--prefix',
  tools,
  '@electric-sql/pglite@0.3.16',
  '@electric-sql/pglite-tools@0.2.21',
]);
fs.copyFileSync(path.join(root, 'scripts/pglite/dump.mjs'), path.join(tools, 'dump.mjs'));

const dumpFile = path.join(dataDir, 'pglite-dump.sql');
const countsFile = path.join(dataDir, 'pglite-counts.json');
console.log('2/3 dumping', legacy);
run(process.execPath, [path.join(tools, 'dump.mjs'), legacy, dumpFile, countsFile]);

console.log('3/3 loading it into the embedded PostgreSQL under', path.join(dataDir, 'postgres'));
run(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/scripts/import-sql.ts'), dumpFile, countsFile],
  {
    env: { ...process.env, DATA_DIR: dataDir },
  },
);

const stamp = new Date().toISOString().slice(0, 10);
fs.renameSync(legacy, `${legacy}.imported-${stamp}`);
fs.rmSync(tools, { recursive: true, force: true });
console.log(`Done: the PGlite folder is kept as ${legacy}.imported-${stamp}; delete it once the site looks right.`);
