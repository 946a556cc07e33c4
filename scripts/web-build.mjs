// Builds the web app when apps/web/dist is missing or older than its sources
// (apps/web and packages/shared). Used by `npm start` and the e2e setup.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
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

/** Returns the build's exit status (0 when nothing needed building). */
export function buildWebIfStale(root) {
  if (!webIsStale(root)) return 0;
  console.log('Building the web app…');
  return spawnSync('npm', ['run', 'build', '-w', '@marquee/web'], { cwd: root, stdio: 'inherit' }).status ?? 1;
}
