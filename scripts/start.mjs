#!/usr/bin/env node
// `npm start`: runs the whole product (API, realtime, jobs, web app) as ONE process. When the web
// app is missing or older than its sources, it is built at the same time as the server starts
// (database, migrations, demo data); the server listens once both are done, so nobody is ever
// served a half-built web app (docs/development.md, "First start").
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWebBuild, webIsStale } from './web-build.mjs';

// When this process began: the server's "started in" counts the web build and its own loading.
const startedAt = Date.now() - Math.round(process.uptime() * 1000);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const build = process.env.SKIP_WEB_BUILD !== '1' && webIsStale(root) ? startWebBuild(root) : null;
/** Set when the web build failed: the server is stopped and we exit with this status. */
let buildFailed = null;

// tsx as a loader in the server's own process (not the tsx CLI, whose signal relay kills a child
// that is slow to acknowledge SIGTERM under load: the server must drain and stop by itself).
// The IPC channel carries one question and its answer: the server, otherwise ready, asks whether
// the web build is done (`web-build?`), and we answer when it is (apps/server/src/web-build-wait.ts).
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: {
    NODE_ENV: 'production',
    ...process.env,
    MARQUEE_STARTED_AT: String(startedAt),
    MARQUEE_WEB_BUILD: build ? 'pending' : 'none',
  },
});
child.on('message', (msg) => {
  if (msg?.marquee !== 'web-build?') return;
  if (!build) return child.send({ marquee: 'web-build', ok: true, seconds: 0 });
  void build.done.then((r) => {
    if (r.status === 0 && child.connected) child.send({ marquee: 'web-build', ok: true, seconds: r.seconds });
  });
});
void build?.done.then((r) => {
  if (r.status === 0 || child.exitCode !== null) return;
  process.stderr.write(`${r.output.trimEnd()}\n`);
  console.error(`The web app did not build (exit ${r.status}): stopping the server.`);
  buildFailed = r.status;
  child.kill('SIGTERM');
});

// Every signal that ends us ends the server, which stops its database (a closed terminal: SIGHUP),
// and the web build if it still runs.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(sig, () => {
    build?.stop();
    child.kill(sig);
  });
}
child.on('exit', (code, signal) => {
  build?.stop();
  process.exit(buildFailed ?? code ?? (signal ? 1 : 0));
});
