import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded';

/** The embedded default's promises (docs/database.md): one owner, and a start after any crash. */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-embedded-'));
fs.chmodSync(root, 0o755);
const dir = path.join(root, 'postgres');
const stops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const stop of stops) await stop().catch(() => {});
  fs.rmSync(root, { recursive: true, force: true });
});

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('initialises once, keeps data across a clean stop and start, and refuses a second owner', async () => {
    const first = await startEmbeddedPostgres({ dir, ephemeral: true });
    stops.push(first.stop);
    await query(first.url, 'create table kept (n int); insert into kept values (42)');
    expect((await query(first.url, 'show server_version'))[0].server_version).toMatch(/^17\./);
    const owner = spawn('sleep', ['30']);
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: owner.pid, port: first.port }));
    await expect(startEmbeddedPostgres({ dir })).rejects.toThrow(/in use by process/);
    const attached = await startEmbeddedPostgres({ dir, attach: true });
    expect((await query(attached.url, 'select n from kept'))[0].n).toBe(42);
    owner.kill();
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, port: first.port }));
    await first.stop();
    const again = await startEmbeddedPostgres({ dir, ephemeral: true });
    stops.push(again.stop);
    expect((await query(again.url, 'select n from kept'))[0].n).toBe(42);
    await again.stop();
  });

  it('after the owner died (kill -9), takes over: stops the orphaned server and starts on its data', async () => {
    const orphan = await startEmbeddedPostgres({ dir, ephemeral: true });
    await query(orphan.url, 'insert into kept values (43)');
    const orphanPid = Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    // The owner "dies": its lock names a process that is gone; its server keeps running.
    const dead = spawn('true');
    await new Promise((r) => dead.once('exit', r));
    fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: dead.pid, port: orphan.port }));
    const next = await startEmbeddedPostgres({ dir, ephemeral: true });
    stops.push(next.stop);
    expect(isAlive(orphanPid)).toBe(false);
    expect((await query(next.url, 'select count(*)::int as n from kept'))[0].n).toBe(2);
    await next.stop();
  });

  it('a postmaster.pid naming a live process that is not this cluster’s server is set aside', async () => {
    const other = spawn('sleep', ['30']);
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${other.pid}\n${dir}\n`);
    const server = await startEmbeddedPostgres({ dir, ephemeral: true });
    stops.push(server.stop);
    expect((await query(server.url, 'select count(*)::int as n from kept'))[0].n).toBe(2);
    other.kill();
    await server.stop();
  });
});

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
