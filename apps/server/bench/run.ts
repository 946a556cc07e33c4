/**
 * `npm run bench`: runs every bench/*.bench.ts (each in its own process, so memory
 * figures do not mix) and prints their figures. Benchmarks are not tests: nothing
 * here asserts. `npm run bench -- media` runs only files whose name contains "media".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const filter = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) console.log('No benchmarks found in bench/*.bench.ts');
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const started = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, f)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent' },
  });
  if (r.status !== 0) failed++;
  console.log(
    `=== ${f}: ${r.status === 0 ? 'done' : `FAILED (exit ${r.status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`,
  );
}
process.exit(failed ? 1 : 0);
