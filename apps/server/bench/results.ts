import fs from 'node:fs';

/** One figure of `npm run bench`, next to the ceiling measured in the same run. */
export interface BenchResult {
  scenario: string;
  value: number;
  unit: string;
  /** The same work done by the simplest thing that can do it (bare route, pgbench, ws relay, ffmpeg, cp). */
  ceiling: number | null;
  /** value ÷ ceiling, or ceiling ÷ value for durations (1 = as fast as the ceiling). */
  ratio: number | null;
  p99_ms: number | null;
  /** The issue's goal for this row, in words (for the table). */
  goal?: string;
}

/** `npm run bench -- --quick` (BENCH_QUICK=1): smaller data and shorter runs, under 5 minutes in all. */
export const QUICK = process.env.BENCH_QUICK === '1';

/** `quick ? small : full`, unless the environment variable says otherwise. */
export function benchNumber(name: string, full: number, quick: number): number {
  const v = process.env[name];
  return v !== undefined && v !== '' ? Number(v) : QUICK ? quick : full;
}

/**
 * Records a figure: appended as one JSON line to BENCH_RESULTS_FILE (set by bench/run.ts,
 * which writes bench/results/latest.json and docs/benchmarks.md from them); printed too.
 */
export function record(r: Omit<BenchResult, 'ratio'> & { ratio?: number | null; higherIsBetter?: boolean }) {
  const higher = r.higherIsBetter ?? true;
  const ratio =
    r.ratio !== undefined ? r.ratio : r.ceiling ? round(higher ? r.value / r.ceiling : r.ceiling / r.value, 4) : null;
  const row: BenchResult = {
    scenario: r.scenario,
    value: round(r.value, 2),
    unit: r.unit,
    ceiling: r.ceiling === null ? null : round(r.ceiling, 2),
    ratio,
    p99_ms: r.p99_ms === null ? null : round(r.p99_ms, 2),
    ...(r.goal ? { goal: r.goal } : {}),
  };
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) fs.appendFileSync(file, `${JSON.stringify(row)}\n`);
  console.log(
    `RESULT ${row.scenario}: ${row.value} ${row.unit}${row.ceiling !== null ? ` (ceiling ${row.ceiling}, ratio ${row.ratio})` : ''}${row.p99_ms !== null ? `, p99 ${row.p99_ms} ms` : ''}`,
  );
}

const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;
