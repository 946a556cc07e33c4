import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script shared with `npm start`
import { buildWebIfStale } from '../../../scripts/web-build.mjs';
import { freePort, REPO_ROOT, stopServer, waitForHealth } from './server';

/**
 * Once per run: builds the web app if stale, then seeds the demo data into a
 * template data directory (videos processed) that every journey's server copies,
 * so each journey starts from the same fresh demo site in seconds.
 */
export default async function setup(project: TestProject) {
  if (process.env.E2E_BASE_URL) return;
  if (buildWebIfStale(REPO_ROOT) !== 0) throw new Error('The web app did not build');
  const dir = mkdtempSync(path.join(tmpdir(), 'marquee-e2e-template-'));
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      SEED_DEMO: '1',
      // Review before publication stays off in the journeys' site (tests/review.e2e.test.ts turns it on).
      SEED_REVIEW: '0',
      SEED_WAIT_FOR_MEDIA: '1',
      SKIP_WEB_BUILD: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-100_000)));
  child.stderr?.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-100_000)));
  try {
    await waitForHealth(`http://127.0.0.1:${port}/api/health`, child, () => output, 600_000);
  } finally {
    await stopServer(child);
  }
  project.provide('e2eTemplateDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2eTemplateDir?: string;
  }
}
