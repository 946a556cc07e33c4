import { count, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

export interface Page {
  limit: number;
  offset: number;
}

/**
 * One page of a list and its total, from ONE query: the rows are the query with
 * its order and page, the total counts the same query (same FROM, joins and
 * WHERE) as a subquery. A list answering `{ data, total }` builds its query once
 * and passes it here, so the count can never include rows the list leaves out
 * (issue 23 item 18).
 *
 *   const q = db.select(cols).from(follows).innerJoin(...).where(cond).$dynamic();
 *   const { rows, total } = await pagedList(db, q, [desc(follows.createdAt)], page);
 */
export async function pagedList<Q extends PgSelect>(
  db: Executor,
  query: Q,
  orderBy: SQL[],
  page: Page,
): Promise<{ rows: Awaited<Q>; total: number }> {
  // The SQL is taken before the order and page are applied to the same builder.
  const counted = db.select({ n: count() }).from(sql`(${query.getSQL()}) as counted`);
  const [rows, [{ n }]] = await Promise.all([
    query
      .orderBy(...orderBy)
      .limit(page.limit)
      .offset(page.offset),
    counted,
  ]);
  return { rows: rows as Awaited<Q>, total: Number(n) };
}
