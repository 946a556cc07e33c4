import { buildApp, registerWebApp } from './app';
import { type Config, ConfigError, loadConfig } from './config';
import { runMigrations } from './db/migrate';
import { openDatabase } from './db/open';
import { onStopSignals, startDraining } from './lib/lifecycle';
import { describeFfmpeg } from './lib/media/ffmpeg';
import { registerJobHandlers } from './modules/jobs';
import { ingestFor, startRtmpIngest, watchIngests } from './modules/streaming/streaming.ingest';
import { readyBanner } from './ready-banner';
import { seedDemoIfEmpty, waitForMediaProcessing } from './seed/demo';
import { startupLog } from './startup-log';
import { waitForWebBuild, webBuildPending } from './web-build-wait';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const progress = startupLog(config);
  const building = webBuildPending();
  if (building) progress.step('building the web app alongside (apps/web/dist is missing or older than its sources)');
  progress.step(describeFfmpeg(config.FFMPEG_PATH));
  progress.step(config.DATABASE_URL ? 'connecting to PostgreSQL (DATABASE_URL)' : 'starting the embedded PostgreSQL');
  const database = await openDatabase(config, { onProgress: progress.step });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let rtmp: Awaited<ReturnType<typeof startRtmpIngest>> = null;
  let stopIngestWatch: (() => void) | null = null;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return; // a second signal (a process group, a wrapper relaying it) changes nothing
    stopping = true;
    startDraining();
    if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
      progress.step(`${signal}: draining for ${config.SHUTDOWN_DRAIN_SECONDS} s (ready answers 503)`);
      await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_SECONDS * 1000));
    }
    progress.step(`${signal}: shutting down (requests in flight finish, then the database stops)`);
    stopIngestWatch?.();
    await rtmp?.close().catch(() => {});
    await app?.close().catch(() => {});
    await database.close();
    process.exit(0);
  };
  onStopSignals((signal) => void shutdown(signal));

  progress.step('applying database migrations');
  await runMigrations(database);
  app = await buildApp({ config, database, deferWeb: true });
  registerJobHandlers(app.ctx);
  await app.ctx.jobs.start({ work: config.JOBS_IN_PROCESS });
  if (!config.JOBS_IN_PROCESS)
    progress.step('JOBS_IN_PROCESS=0: this node enqueues jobs; run `npm run worker` to do them');
  if (!config.JOBS_IN_PROCESS && !config.REDIS_URL) {
    progress.step(
      'several nodes without REDIS_URL: realtime and rate limits are per node (set REDIS_URL to share them)',
    );
  }
  // OBS ingest (built-in streaming): a busy port leaves browser broadcasting working.
  rtmp = await startRtmpIngest(app.ctx, ingestFor(app.ctx)).catch((err: Error) => {
    progress.step(`RTMP ingest for OBS is off: ${err.message}`);
    return null;
  });
  if (rtmp) progress.step(`RTMP ingest for OBS on port ${rtmp.port}`);
  // Streams left live by a crash (this node's, or any whose ingest heartbeat went stale) end now.
  stopIngestWatch = await watchIngests(app.ctx, ingestFor(app.ctx));
  const seeded = config.SEED_DEMO && (await seedDemo(app, config, progress.step));
  if (building) {
    progress.step('waiting for the web build');
    const seconds = await waitForWebBuild();
    progress.step(`web app built in ${seconds.toFixed(1)} s`);
  }
  // Registered now, from a finished build: no request ever sees a half-built web app.
  await registerWebApp(app);

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  progress.ready(readyBanner(address, database, seeded || config.SEED_DEMO));
}

async function seedDemo(
  app: Awaited<ReturnType<typeof buildApp>>,
  config: Config,
  step: (m: string) => void,
): Promise<boolean> {
  step('checking for demo data');
  const started = Date.now();
  const seeded = await seedDemoIfEmpty(app.ctx, step);
  if (!seeded) return false;
  step(`demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s (media keep processing in the background)`);
  if (config.SEED_WAIT_FOR_MEDIA) {
    step('waiting for the demo media to finish processing (SEED_WAIT_FOR_MEDIA)');
    await waitForMediaProcessing(app.ctx, 300_000);
  }
  return true;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  if (process.env.NODE_ENV !== 'production' && err instanceof Error) console.error(err.stack);
  process.exit(1);
});
