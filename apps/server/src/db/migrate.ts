import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** Extensions first: migrations of several modules index with them (pg_trgm: profile search). */
const EXTENSIONS = sql`create extension if not exists pg_trgm`;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the checked-in drizzle-kit migrations. On PostgreSQL an advisory lock keeps concurrent starts apart. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await database.db.execute(EXTENSIONS);
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = await database.pool!.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await database.db.execute(EXTENSIONS);
    await migratePg(database.db, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}
