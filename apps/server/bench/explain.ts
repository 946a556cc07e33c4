import type { App } from '../src/app';
import type { Database } from '../src/db/client';

/**
 * Asks `url` once and prints every query it sent with its EXPLAIN (ANALYZE, BUFFERS) plan:
 * the readings docs/performance.md records. Returns the number of queries.
 */
export async function explainRequest(app: App, database: Database, url: string, headers: Record<string, string> = {}) {
  if (!database.queries) return 0; // an older server (before/after comparisons)
  await app.inject({ method: 'GET', url, headers }); // caches warm, as in the steady state measured
  const log: NonNullable<Database['queries']['log']> = [];
  database.queries.log = log;
  const res = await app.inject({ method: 'GET', url, headers });
  database.queries.log = undefined;
  console.log(`\n${url}: ${res.statusCode}, ${log.length} queries`);
  for (const q of log) {
    const text = q.text.replace(/\s+/g, ' ').trim();
    console.log(`  ${text.length > 160 ? `${text.slice(0, 160)}…` : text}`);
    if (!/^\s*(select|with)/i.test(q.text)) continue;
    const { rows } = await database.pool.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers, costs off, timing on) ${q.text}`,
      q.values,
    );
    for (const r of rows) console.log(`      ${r['QUERY PLAN']}`);
  }
  return log.length;
}
