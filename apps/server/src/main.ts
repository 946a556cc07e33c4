import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { runMigrations } from './db/migrate';
import { openDatabase } from './db/open';
import { registerJobHandlers } from './modules/jobs';
import { seedDemoIfEmpty, waitForMediaProcessing } from './seed/demo';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const database = await openDatabase(config);
  await runMigrations(database);
  const app = await buildApp({ config, database });
  registerJobHandlers(app.ctx);
  if (config.JOBS_IN_PROCESS) await app.ctx.jobs.start();
  if (config.SEED_DEMO && (await seedDemoIfEmpty(app.ctx)) && config.SEED_WAIT_FOR_MEDIA) {
    await waitForMediaProcessing(app.ctx, 300_000);
  }

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Marquee listening on ${address.replace('0.0.0.0', 'localhost')} (database: ${database.kind})`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
