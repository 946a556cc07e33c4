import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Issue 23 item 7: every signal that ends the server ends its embedded PostgreSQL. Closing the
 * terminal sends SIGHUP; without a handler Node ended at once and the database (its own process
 * group) was left running until the next start.
 */
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-signals-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The postmaster's pid, from the first line of postmaster.pid under DATA_DIR. */
function postmasterPid(dataDir: string): number | null {
  const found = fs
    .readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
    .find((f) => f.endsWith('postmaster.pid'));
  if (!found) return null;
  return Number(fs.readFileSync(path.join(dataDir, found), 'utf8').split('\n')[0]);
}

describe('stopping the server by signal', () => {
  it('closing the terminal (SIGHUP) stops the embedded PostgreSQL too', async () => {
    const signal = 'SIGHUP';
    const dataDir = path.join(work, signal);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        SEED_DEMO: '0',
        PORT: '0',
        HOST: '127.0.0.1',
        RTMP_PORT: '-1',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(work, 'no-web'),
        SECRET_KEY: 'signals-secret-0123456789',
        LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((r) => child.once('exit', r));
    const deadline = Date.now() + 90_000;
    while (!output.includes('Marquee is ready') && child.exitCode === null && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(output).toContain('Marquee is ready');
    const postgres = postmasterPid(dataDir);
    expect(postgres && alive(postgres)).toBe(true);

    child.kill(signal);
    await exited;
    for (let i = 0; i < 100 && alive(postgres!); i++) await new Promise((r) => setTimeout(r, 100));
    const orphan = alive(postgres!);
    if (orphan) process.kill(postgres!, 'SIGKILL'); // leave nothing behind when it fails
    expect(orphan, output).toBe(false);
  }, 120_000);
});
