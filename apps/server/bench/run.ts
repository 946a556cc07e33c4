/**
 * `npm run bench [-- --quick] [-- name… [--update]]`: runs every bench/*.bench.ts (each in its own process,
 * so memory figures do not mix), on an embedded PostgreSQL (BENCH_DATABASE_URL for another
 * server). Each scenario records its figure next to its ceiling measured in the same run
 * (bench/results.ts); at the end this prints the table and writes bench/results/latest.json and
 * docs/benchmarks.md. Benchmarks are not tests: nothing here asserts.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './results';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const filter = args.filter((a) => !a.startsWith('-'));
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filter.length === 0 || filter.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) console.log('No benchmarks found in bench/*.bench.ts');
const resultsFile = path.join(os.tmpdir(), `marquee-bench-${process.pid}.jsonl`);
fs.writeFileSync(resultsFile, '');
const started = Date.now();
const loadAtStart = os.loadavg()[0];
let failed = 0;
for (const f of files) {
  console.log(`\n=== ${f} ===`);
  const t = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, f)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      BENCH_RESULTS_FILE: resultsFile,
      ...(quick ? { BENCH_QUICK: '1' } : {}),
    },
  });
  if (r.status !== 0) failed++;
  console.log(`=== ${f}: ${r.status === 0 ? 'done' : `FAILED (exit ${r.status})`} in ${secs(Date.now() - t)} ===`);
}

const results: BenchResult[] = fs
  .readFileSync(resultsFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));
fs.rmSync(resultsFile, { force: true });
const table = markdownTable(results);
console.log(`\n${table}`);
const latestFile = path.join(repo, 'bench/results/latest.json');
const pageFile = path.join(repo, 'docs/benchmarks.md');
if (filter.length === 0) {
  fs.mkdirSync(path.dirname(latestFile), { recursive: true });
  fs.writeFileSync(latestFile, `${JSON.stringify(results, null, 2)}\n`);
  fs.writeFileSync(pageFile, benchmarksPage(table, quick, Date.now() - started));
  console.log('\nwrote bench/results/latest.json and docs/benchmarks.md');
} else if (args.includes('--update') && fs.existsSync(latestFile) && fs.existsSync(pageFile)) {
  // A partial run re-measures its rows in the last full run's table and says so on the page.
  const merged = mergeRows(JSON.parse(fs.readFileSync(latestFile, 'utf8')) as BenchResult[], results);
  fs.writeFileSync(latestFile, `${JSON.stringify(merged, null, 2)}\n`);
  const page = fs.readFileSync(pageFile, 'utf8');
  const intro = page.slice(0, page.indexOf('| scenario |')).trimEnd();
  const note = `Re-measured by \`npm run bench -- ${filter.join(' ')}${quick ? ' --quick' : ''} --update\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (load ${loadAtStart.toFixed(1)}): ${files.join(', ')}.`;
  const rest = benchmarksPage('', quick, 0).split('## Reproduce')[1];
  fs.writeFileSync(pageFile, `${intro}\n\n${note}\n\n${markdownTable(merged)}\n\n## Reproduce${rest}`);
  console.log('\nupdated bench/results/latest.json and docs/benchmarks.md');
}
process.exit(failed ? 1 : 0);

/** The full run's rows with this run's in their place (scenario names compared without their figures). */
function mergeRows(previous: BenchResult[], fresh: BenchResult[]): BenchResult[] {
  const key = (r: BenchResult) => r.scenario.replace(/[\d.,→ ]+/g, '#');
  const byKey = new Map(fresh.map((r) => [key(r), r]));
  const merged = previous.map((r) => byKey.get(key(r)) ?? r);
  const kept = new Set(merged.map(key));
  return [...merged, ...fresh.filter((r) => !kept.has(key(r)))];
}

function markdownTable(rows: BenchResult[]): string {
  const fmt = (n: number | null, d = 1) => (n === null ? '—' : n.toLocaleString('en-US', { maximumFractionDigits: d }));
  const lines = [
    '| scenario | value | ceiling (same run) | ratio | p99 ms | goal |',
    '|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${fmt(r.value)} ${r.unit} | ${fmt(r.ceiling)} | ${r.ratio === null ? '—' : `${(r.ratio * 100).toFixed(1)}%`} | ${fmt(r.p99_ms)} | ${r.goal ?? ''} |`,
    ),
  ];
  return lines.join('\n');
}

function benchmarksPage(table: string, quickRun: boolean, ms: number): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  let pg = 'embedded PostgreSQL 17';
  if (process.env.BENCH_DATABASE_URL) pg = 'PostgreSQL at BENCH_DATABASE_URL';
  let node = process.version;
  try {
    node = execFileSync(process.execPath, ['--version']).toString().trim();
  } catch {}
  return `# Benchmarks

Written by \`npm run bench${quickRun ? ' -- --quick' : ''}\` on ${new Date().toISOString().slice(0, 10)}; edit the code, not this page.
Machine: ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${node}, ${pg}.
The run took ${secs(ms)}${quickRun ? ' (quick: smaller data, shorter runs; figures are indicative)' : ''}.
Load average (1 min) at the start of the run: ${loadAtStart.toFixed(1)}, at the end: ${os.loadavg()[0].toFixed(1)}${loadAtStart > os.cpus().length || os.loadavg()[0] > os.cpus().length ? ' — the machine was busy with other work: requests/s and durations are low, the CPU per request in docs/performance.md is the steadier reading' : ''}.

Every figure stands next to its ceiling, measured in the same run on the same machine: a bare
Fastify route returning the same bytes, pgbench TPC-B-like on the same server, a bare \`ws\` relay,
ffmpeg alone with the same settings, a plain file copy. The ratio is what travels between
machines; for durations it is ceiling ÷ value (1 = as fast as the ceiling).

${table}

## Reproduce

\`\`\`sh
npm run bench              # everything, full size (about half an hour on 2 cores)
npm run bench -- --quick   # smaller data, shorter runs: under 5 minutes
npm run bench -- profiles  # one file (bench/*.bench.ts whose name contains the word)
npm run bench -- site --update   # one file, its rows replaced in this page and latest.json
npm run bench -- first-start --update   # the first start of a fresh clone (removes and rebuilds apps/web/dist)
BENCH_DATABASE_URL=postgres://… npm run bench   # on another PostgreSQL server
\`\`\`

The machine should be quiet (nothing else running): figures from a busy machine are low.
Raw figures: \`bench/results/latest.json\` (\`[{ scenario, value, unit, ceiling, ratio, p99_ms }]\`).
`;
}

function secs(ms: number) {
  return `${(ms / 1000).toFixed(0)} s`;
}
