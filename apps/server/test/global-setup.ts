import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../src/db/client';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { runMigrations } from '../src/db/migrate';

/**
 * One PostgreSQL for the run: TEST_DATABASE_URL when set, else an embedded server started
 * here (the same one `npm start` runs). One migrated template database; each test file
 * copies it with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let stopServer = async () => {};
  let tmp: string | null = null;
  if (!url) {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-pg-'));
    fs.chmodSync(tmp, 0o755);
    const server = await startEmbeddedPostgres({ dir: path.join(tmp, 'cluster'), ephemeral: true });
    url = server.url;
    stopServer = server.stop;
  }
  const template = `marquee_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  const db = await openPostgres(withDatabase(url, template), 2);
  await runMigrations(db);
  await db.close();
  project.provide('pgTemplate', template);
  project.provide('pgUrl', url);
  return async () => {
    await admin.query(`drop database if exists ${template}`).catch(() => {});
    await admin.end();
    await stopServer();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string;
    pgUrl: string;
  }
}
