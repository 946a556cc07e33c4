import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

/** Starts the real entry point with the given environment and collects how it ends. */
function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-config-start-'));
    const child = spawn(tsx, ['src/main.ts'], {
      cwd: serverDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir, SEED_DEMO: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    // A server that starts instead of refusing would run forever: stop it and let the assertions fail.
    const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, stdout, stderr });
    });
  });
}

describe('starting the server with bad configuration', () => {
  it('exits non-zero with a message naming the variable, before opening the database', async () => {
    const { code, stderr, stdout } = await start({ PORT: 'abc', DATABASE_URL: 'mysql://localhost/x' });
    expect(code, stdout + stderr).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toContain('Invalid configuration:');
    expect(stderr).toMatch(/^ {2}PORT: /m);
    expect(stderr).toMatch(/^ {2}DATABASE_URL: DATABASE_URL must start with postgres:\/\//m);
    expect(stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
  }, 60_000);
});
