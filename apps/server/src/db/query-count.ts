import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** Queries sent, counted where they leave for the server (every pooled client's `query`). */
export interface QueryTally {
  queries: number;
  /** On the pool's total, when present: the text and parameters of each query (bench/explain.ts, nothing else running). */
  log?: Array<{ text: string; values: unknown[] }>;
}

const perRequest = new AsyncLocalStorage<QueryTally>();

/**
 * Counts every query of the pool into `total` (cheap: one increment), and into the tally of the
 * request running it when one is open (`withQueryTally`). `pool.query` goes through a pooled
 * client, so each query is counted once; transactions count their BEGIN and COMMIT.
 */
export function countQueries(pool: pg.Pool, total: QueryTally, opts: { prepare?: boolean } = {}) {
  pool.on('connect', (client) => {
    const query = client.query;
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; this only counts and forwards.
    (client as any).query = function counted(this: pg.PoolClient, ...args: any[]) {
      if (opts.prepare) prepared(args);
      total.queries++;
      const tally = perRequest.getStore();
      if (tally) tally.queries++;
      if (total.log) total.log.push(entry(args));
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    };
  });
}

const names = new Map<string, string>();
const seen = new Map<string, number>();
const MAX_NAMES = 1_000;
const PREPARE_AFTER = 3;

/**
 * A query with parameters that keeps coming back becomes a named prepared statement, named by
 * its text: each connection parses it once, and PostgreSQL may keep a generic plan after a few
 * runs (planning was most of the database's time for the profile query: 0.77 ms of planning for
 * 0.13 ms of execution). Drizzle passes values as parameters, so texts vary only by structure;
 * a text with an inline array literal (the timeline's follow set, one per fan) is never named,
 * and at most MAX_NAMES texts are.
 */
function prepared(args: unknown[]) {
  const q = args[0] as { text?: string; name?: string; values?: unknown[] } | string;
  if (typeof q !== 'object' || q === null || q.name || typeof q.text !== 'string') return;
  const values = q.values ?? args[1];
  if (!Array.isArray(values) || values.length === 0) return;
  let name = names.get(q.text);
  if (!name) {
    if (names.size >= MAX_NAMES || q.text.includes("'{")) return;
    const n = (seen.get(q.text) ?? 0) + 1;
    if (n < PREPARE_AFTER) {
      if (seen.size >= 10 * MAX_NAMES) seen.clear();
      seen.set(q.text, n);
      return;
    }
    seen.delete(q.text);
    name = `m_${createHash('sha1').update(q.text).digest('base64url')}`;
    names.set(q.text, name);
  }
  args[0] = { ...q, name };
}

function entry(args: unknown[]) {
  const q = args[0] as string | { text: string; values?: unknown[] };
  return typeof q === 'string'
    ? { text: q, values: (args[1] as unknown[]) ?? [] }
    : { text: q.text, values: q.values ?? (args[1] as unknown[]) ?? [] };
}

/** Runs `fn` with `tally` counting the queries it (and what it awaits) sends. */
export function withQueryTally<T>(tally: QueryTally, fn: () => T): T {
  return perRequest.run(tally, fn);
}
