import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { countQueries, type QueryTally } from './query-count';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type all repos use. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repos take this so a service can pass its `tx`. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  /** `embedded`: the PostgreSQL server this process started under DATA_DIR; `postgres`: DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  pool: pg.Pool;
  /**
   * Heavy public reads: the replica at DATABASE_READ_URL when one is configured, else `db` itself.
   * Never for writes, nor for reads that must see this request's (or this user's recent) writes.
   */
  read: Db;
  /** The replica's pool when DATABASE_READ_URL is set. */
  readPool?: pg.Pool;
  /** The connection string, for tools that open their own connections (pg-boss). */
  url: string;
  /** Queries sent since the pool opened (db/query-count.ts): tests pin queries per request with it. */
  queries: QueryTally;
  close(): Promise<void>;
}

/**
 * An idle client whose server went away (a restart, or Ctrl-C reaching the embedded server in the
 * same process group before we stop it) makes the pool emit 'error'; unheard, that ends the process.
 * The pool drops that client and opens a new one on the next query, so a line on stderr is enough.
 */
function keepAliveOnIdleErrors(pool: pg.Pool): pg.Pool {
  pool.on('error', (err) => {
    process.stderr.write(`database: an idle connection closed (${err.message})\n`);
  });
  return pool;
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  // Idle connections stay a minute: reconnecting (fork + SCRAM) costs more than keeping them.
  const pool = keepAliveOnIdleErrors(new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 60_000 }));
  const queries: QueryTally = { queries: 0 };
  countQueries(pool, queries, { prepare: process.env.DATABASE_PREPARE !== '0' });
  await pool.query('select 1');
  const db = drizzle(pool, { schema });
  return {
    db,
    kind: 'postgres',
    pool,
    read: db,
    url,
    queries,
    async close() {
      await pool.end();
    },
  };
}

/** Adds the read replica at `url` to an open database: `read` then queries it; `close()` ends both pools. */
export async function withReadReplica(database: Database, url: string, poolSize = 10): Promise<Database> {
  const readPool = keepAliveOnIdleErrors(
    new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 60_000 }),
  );
  try {
    await readPool.query('select 1');
  } catch (err) {
    await readPool.end();
    throw new Error(`DATABASE_READ_URL: cannot connect (${(err as Error).message})`);
  }
  const closePrimary = database.close;
  return {
    ...database,
    read: drizzle(readPool, { schema }),
    readPool,
    async close() {
      await readPool.end();
      await closePrimary();
    },
  };
}
