import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

/**
 * Migrates one template database per run: a PGlite dump that each test file loads
 * (fast), or, with TEST_DATABASE_URL, a PostgreSQL template database that each
 * test file copies with CREATE DATABASE … TEMPLATE.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `marquee_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const db = await openPostgres(withDatabase(url, template), 2);
    await runMigrations(db);
    await db.close();
    project.provide('pgTemplate', template);
    return async () => {
      await admin.query(`drop database if exists ${template}`).catch(() => {});
      await admin.end();
    };
  }
  const db = await openPglite();
  await runMigrations(db);
  const dump = await db.pglite!.dumpDataDir('gzip');
  await db.close();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-tpl-')), 'template.tar.gz');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate?: string;
    pgliteTemplate?: string;
  }
}
