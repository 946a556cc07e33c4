import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type Database, openPostgres, withReadReplica } from './client';
import { startEmbeddedPostgres } from './embedded';

/**
 * PostgreSQL at DATABASE_URL when set; otherwise the embedded PostgreSQL server under
 * DATA_DIR/postgres, started here and stopped last by `close()`.
 */
export async function openDatabase(
  config: Config,
  opts: { attach?: boolean; onProgress?: (message: string) => void } = {},
): Promise<Database> {
  const primary = await openPrimary(config, opts);
  if (!config.DATABASE_READ_URL) return primary;
  try {
    return await withReadReplica(primary, config.DATABASE_READ_URL, config.DATABASE_POOL_SIZE);
  } catch (err) {
    await primary.close();
    throw err;
  }
}

async function openPrimary(
  config: Config,
  opts: { attach?: boolean; onProgress?: (message: string) => void },
): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE);
  refuseLegacyPglite(config);
  const server = await startEmbeddedPostgres({ dir: config.postgresDir, ...opts });
  try {
    const database = await openPostgres(server.url, config.DATABASE_POOL_SIZE);
    const closePool = database.close;
    return {
      ...database,
      kind: 'embedded',
      async close() {
        await closePool();
        await server.stop();
      },
    };
  } catch (err) {
    await server.stop();
    throw err;
  }
}

/** Data of the PGlite era (DATA_DIR/db) is carried over by one command, never silently left behind. */
function refuseLegacyPglite(config: Config) {
  const legacy = config.dbDir;
  if (!fs.existsSync(path.join(legacy, 'PG_VERSION')) || fs.existsSync(path.join(config.postgresDir, 'PG_VERSION'))) {
    return;
  }
  throw new Error(
    `${legacy} holds a database of an earlier Marquee (PGlite). Carry it over to the embedded PostgreSQL once with:\n\n` +
      `  npm run db:import-pglite -- --data-dir ${config.dataDir}\n\n` +
      `or move ${legacy} away to start with an empty site.`,
  );
}
