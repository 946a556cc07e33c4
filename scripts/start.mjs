#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or older than its sources, then
// runs the whole product (API, realtime, jobs, web app) as ONE process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (process.env.SKIP_WEB_BUILD !== '1') {
  const status = buildWebIfStale(root);
  if (status !== 0) process.exit(status);
}

// tsx as a loader in the server's own process (not the tsx CLI, whose signal relay kills a child
// that is slow to acknowledge SIGTERM under load: the server must drain and stop by itself).
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
// Every signal that ends us ends the server, which stops its database (a closed terminal: SIGHUP).
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
