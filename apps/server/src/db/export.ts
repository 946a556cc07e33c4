import pg from 'pg';
import { openPostgres } from './client';
import { runMigrations } from './migrate';

/**
 * Copies every row of the public schema from one PostgreSQL to another (an embedded install to a
 * server), without pg_dump: the embedded server is a newer major version than most distributions'
 * client tools, and a dump of it would not restore into an older server. The source is read in
 * one REPEATABLE READ snapshot (consistent even while the site runs); the target gets the same
 * migrations, then every table in foreign-key order inside one transaction, then its sequences.
 * Refuses a target that already has accounts. Returns the row count of each table on both sides.
 */
export interface TableCount {
  table: string;
  source: number;
  target: number;
}

export interface ExportResult {
  tables: TableCount[];
  /** pg-boss jobs still queued at the source: they are not carried over. */
  pendingJobs: number;
}

const BATCH = 2000;

export async function exportDatabase(
  sourceUrl: string,
  targetUrl: string,
  log: (line: string) => void = () => {},
): Promise<ExportResult> {
  const target = await openPostgres(targetUrl, 2);
  const source = new pg.Client({ connectionString: sourceUrl });
  await source.connect();
  try {
    log('applying migrations to the target');
    await runMigrations(target);
    const { rows: existing } = await target.pool.query<{ n: number }>('select count(*)::int as n from users');
    if (existing[0].n > 0) {
      throw new Error(`The target already has ${existing[0].n} account(s); export only into a new, empty database.`);
    }
    await source.query('begin isolation level repeatable read read only');
    const tables = await tablesInOrder(source);
    const pendingJobs = await countPendingJobs(source);
    const counts: TableCount[] = [];
    const client = await target.pool.connect();
    try {
      await client.query('begin');
      // Rows the migrations wrote (defaults) give way to the source's.
      await client.query(`truncate ${tables.map(quote).join(', ')} restart identity cascade`);
      for (const table of tables) {
        const columns = await copyableColumns(source, table);
        const list = columns.map(quote).join(', ');
        const n = await copyTable(source, client, table, list);
        counts.push({ table, source: n, target: 0 });
        log(`  ${table}: ${n} rows`);
      }
      await resetSequences(client, tables);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
    // The check: every table counted again on both sides, after the commit.
    for (const c of counts) {
      c.source = await count(source, c.table);
      c.target = await count(target.pool, c.table);
    }
    await source.query('commit');
    return { tables: counts, pendingJobs };
  } finally {
    await source.end().catch(() => {});
    await target.close();
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function count(q: pg.Client | pg.Pool, table: string): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`select count(*)::int as n from public.${quote(table)}`);
  return rows[0].n;
}

/** The public tables, each after the tables its foreign keys point to. */
async function tablesInOrder(source: pg.Client): Promise<string[]> {
  const { rows: tables } = await source.query<{ name: string }>(
    "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by 1",
  );
  const { rows: edges } = await source.query<{ child: string; parent: string }>(
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
     where k.contype = 'f' and n.nspname = 'public' and c.oid <> p.oid`,
  );
  const parents = new Map<string, Set<string>>(tables.map((t) => [t.name, new Set()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = [...parents.keys()].filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) {
      const left = [...parents.keys()].filter((t) => !placed.has(t));
      throw new Error(`Foreign keys form a cycle between ${left.join(', ')}; cannot order the copy`);
    }
    for (const t of ready) {
      placed.add(t);
      ordered.push(t);
    }
  }
  return ordered;
}

/** Columns that take a value on insert (generated columns are computed by the target). */
async function copyableColumns(source: pg.Client, table: string): Promise<string[]> {
  const { rows } = await source.query<{ name: string }>(
    `select a.attname as name from pg_attribute a
       join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relname = $1 and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`,
    [table],
  );
  return rows.map((r) => r.name);
}

/** Streams a table through a cursor in batches; each batch is one INSERT … SELECT FROM json_populate_recordset. */
async function copyTable(source: pg.Client, target: pg.PoolClient, table: string, columns: string): Promise<number> {
  const cursor = `export_${table.replace(/\W/g, '_')}`;
  await source.query(
    `declare ${cursor} no scroll cursor for select row_to_json(x)::text as r from (select ${columns} from public.${quote(table)}) x`,
  );
  let total = 0;
  try {
    for (;;) {
      const { rows } = await source.query<{ r: string }>(`fetch ${BATCH} from ${cursor}`);
      if (rows.length === 0) break;
      await target.query(
        `insert into public.${quote(table)} (${columns}) overriding system value
           select ${columns} from json_populate_recordset(null::public.${quote(table)}, $1::json)`,
        [`[${rows.map((r) => r.r).join(',')}]`],
      );
      total += rows.length;
    }
  } finally {
    await source.query(`close ${cursor}`);
  }
  return total;
}

/** Serial and identity sequences continue after the highest copied value. */
async function resetSequences(target: pg.PoolClient, tables: string[]) {
  const { rows } = await target.query<{ tbl: string; col: string; seq: string }>(
    `select c.relname as tbl, a.attname as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
       from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relname = any($1) and a.attnum > 0 and not a.attisdropped
       and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
    [tables],
  );
  for (const r of rows) {
    await target.query(
      `select setval($1, coalesce((select max(${quote(r.col)}) from public.${quote(r.tbl)}), 0) + 1, false)`,
      [r.seq],
    );
  }
}

async function countPendingJobs(source: pg.Client): Promise<number> {
  const { rows } = await source.query<{ ok: boolean }>("select to_regclass('pgboss.job') is not null as ok");
  if (!rows[0].ok) return 0;
  const { rows: jobs } = await source.query<{ n: number }>(
    "select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active')",
  );
  return jobs[0].n;
}
