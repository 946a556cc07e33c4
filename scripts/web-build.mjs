// Builds the web app when apps/web/dist is missing or older than its sources
// (apps/web and packages/shared). Used by `npm start` (in parallel with the server's start,
// scripts/start.mjs) and the e2e setup (before it starts anything).
//
// The build writes into apps/web/.dist-next and is moved to apps/web/dist only once it is whole,
// so an interrupted build (Ctrl-C during the first start) never leaves a half-built dist that a
// later start would take for a finished one.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.dist-next']);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function webIsStale(root) {
  const index = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(index)) return true;
  const built = fs.statSync(index).mtimeMs;
  return [path.join(root, 'apps/web'), path.join(root, 'packages/shared/src')].some((d) => newestMtime(d) > built);
}

const nextDir = (root) => path.join(root, 'apps/web/.dist-next');
const buildArgs = (root) => ['run', 'build', '-w', '@marquee/web', '--', '--outDir', nextDir(root), '--emptyOutDir'];

/** The finished build in place of apps/web/dist. */
function swapIn(root) {
  const dist = path.join(root, 'apps/web/dist');
  fs.rmSync(dist, { recursive: true, force: true });
  fs.renameSync(nextDir(root), dist);
}

/** Returns the build's exit status (0 when nothing needed building). Blocks until it is done. */
export function buildWebIfStale(root) {
  if (!webIsStale(root)) return 0;
  console.log('Building the web app…');
  const status = spawnSync('npm', buildArgs(root), { cwd: root, stdio: 'inherit' }).status ?? 1;
  if (status === 0) swapIn(root);
  return status;
}

/**
 * Starts the build in the background, in a process group of its own (`stop()` ends npm, Vite and
 * whatever they started). Its output is kept, not printed: the caller shows it when the build fails.
 * @returns {{ done: Promise<{ status: number, seconds: number, output: string }>, stop: () => void }}
 */
export function startWebBuild(root) {
  const started = Date.now();
  const child = spawn('npm', buildArgs(root), { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const done = new Promise((resolve) => {
    child.once('error', (err) => resolve({ status: 1, seconds: 0, output: `${output}\n${err.message}` }));
    child.once('close', (code, signal) => {
      let status = code ?? (signal ? 1 : 0);
      if (status === 0) {
        try {
          swapIn(root);
        } catch (err) {
          output += `\n${err instanceof Error ? err.message : err}`;
          status = 1;
        }
      }
      resolve({ status, seconds: (Date.now() - started) / 1000, output });
    });
  });
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  };
  return { done, stop };
}
