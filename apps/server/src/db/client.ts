import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type all repos use. PGlite's Drizzle database has the same query API. */
export type Db = NodePgDatabase<Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction: repos take this so a service can pass its `tx`. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  pglite?: PGlite;
  pool?: pg.Pool;
  /** Raw SQL for tools that bring their own queries (pg-boss). */
  close(): Promise<void>;
}

/** Extensions the schema may use; PostgreSQL has them as contrib modules. */
export const pgliteExtensions = { pg_trgm };

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(path.dirname(dataDir), { recursive: true });
    release = acquireDirLock(dataDir);
  }
  const pglite = new PGlite(dataDir ?? 'memory://', { extensions: pgliteExtensions, loadDataDir });
  await pglite.waitReady;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite,
    async close() {
      await pglite.close();
      release();
    },
  };
}

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    pool,
    async close() {
      await pool.end();
    },
  };
}

/**
 * Two processes on one PGlite directory corrupt it silently: take a lock file
 * holding our pid and refuse to start while another live process holds it.
 */
function acquireDirLock(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`; // beside the directory: PGlite wants its own directory to itself
  try {
    const fd = fs.openSync(lockPath, 'wx');
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  } catch {
    const pid = Number(fs.readFileSync(lockPath, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database at ${dataDir} is in use by process ${pid}. Stop it first, or set DATA_DIR to another folder.`,
      );
    }
    fs.writeFileSync(lockPath, String(process.pid));
  }
  return () => {
    try {
      if (Number(fs.readFileSync(lockPath, 'utf8')) === process.pid) fs.unlinkSync(lockPath);
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
