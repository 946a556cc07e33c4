import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPostgres } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';

/**
 * A fresh, empty database for one benchmark: a new database on BENCH_DATABASE_URL's server
 * when set, else on an embedded PostgreSQL started for the run (what `npm start` uses).
 * `close()` drops it (and stops the embedded server).
 */
export async function openBenchDatabase(
  poolSize = 10,
): Promise<Database & { label: string; clusterDir: string | null }> {
  const external = process.env.BENCH_DATABASE_URL;
  let serverUrl = external;
  let stop = async () => {};
  let tmp: string | null = null;
  if (!serverUrl) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-pg-'));
    fs.chmodSync(tmp, 0o755);
    const server = await startEmbeddedPostgres({ dir: path.join(tmp, 'cluster') });
    serverUrl = server.url;
    stop = server.stop;
  }
  const name = `marquee_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), poolSize);
  const closePool = database.close;
  return {
    ...database,
    kind: external ? 'postgres' : 'embedded',
    label: external ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PostgreSQL',
    clusterDir: tmp ? path.join(tmp, 'cluster') : null,
    async close() {
      await closePool();
      await adminQuery(serverUrl, `drop database if exists ${name}`).catch(() => {});
      await stop();
      if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
