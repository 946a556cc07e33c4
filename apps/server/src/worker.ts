/**
 * `npm run worker`: the background jobs (media processing, renewals, scheduled posts and mass
 * messages, story expiry, orphan media, …) in a process of their own that serves no HTTP.
 * API nodes then run with JOBS_IN_PROCESS=0 and only enqueue; pg-boss hands each job to one
 * worker however many run. Realtime events a job emits reach the API nodes' sockets through
 * Redis (REDIS_URL); without it they reach no one. Without DATABASE_URL the worker attaches to
 * the embedded PostgreSQL that `npm start` runs on the same DATA_DIR.
 */
import { buildApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { runMigrations } from './db/migrate';
import { openDatabase } from './db/open';
import { onStopSignals } from './lib/lifecycle';
import { registerJobHandlers } from './modules/jobs';
import { startupLog } from './startup-log';

async function worker() {
  let config: Config;
  try {
    config = loadConfig({ ...process.env, JOBS_IN_PROCESS: '1', SEED_DEMO: '0' });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const progress = startupLog(config);
  const database = await openDatabase(config, { attach: true, onProgress: progress.step });
  await runMigrations(database);
  const app = await buildApp({ config, database });
  registerJobHandlers(app.ctx);
  await app.ready();
  await app.ctx.jobs.start();
  if (!config.REDIS_URL) progress.step('no REDIS_URL: realtime events of jobs reach no API node');
  progress.ready([`Marquee worker running jobs (pid ${process.pid})`, `database: ${database.kind}`]);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    progress.step(`${signal}: finishing the jobs in hand, then stopping`);
    await app.close().catch(() => {});
    await database.close();
    process.exit(0);
  };
  onStopSignals((signal) => void shutdown(signal));
}

worker().catch((err) => {
  console.error(err instanceof Error ? err.stack || err.message : err);
  process.exit(1);
});
