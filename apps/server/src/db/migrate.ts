import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

/** Extensions first: migrations of several modules index with them (pg_trgm: profile search). */
const EXTENSIONS = sql`create extension if not exists pg_trgm`;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the checked-in drizzle-kit migrations, once, under an advisory lock that keeps concurrent starts apart. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await database.db.execute(EXTENSIONS);
    await migrate(database.db, { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}
