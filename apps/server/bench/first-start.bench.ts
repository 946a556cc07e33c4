/**
 * The first start of a fresh clone (issue 31 item 3): `npm start` with no apps/web/dist (this bench
 * removes it; an interrupted build's apps/web/.dist-next too) and a fresh data directory, from
 * spawning `npm start`'s process until the site answers. start.mjs builds the web app alongside the
 * server's start (embedded PostgreSQL, migrations, demo data) and the server listens once both are
 * done (docs/development.md, "First start"), so this is the whole wait of a newcomer after
 * `npm install`. Goal: answering within 45 s on 2 cores.
 *
 * One start, about a minute on a quiet machine: `npm run bench -- first-start [--update]`.
 * It leaves a fresh apps/web/dist behind (the build it measured), which later benches serve.
 */
import { startProduct } from './product';
import { record } from './results';

async function main() {
  const product = await startProduct('first-start', { freshWebBuild: true });
  try {
    const build = product.webBuildSeconds;
    record({
      scenario: `first start of a fresh clone until the site answers: web build from a clean apps/web/dist${build ? ` (${build.toFixed(0)} s)` : ''} alongside the embedded PostgreSQL, migrations and demo data`,
      value: product.startSeconds,
      unit: 's',
      ceiling: null,
      p99_ms: null,
      goal: 'answers within 45 s',
    });
  } finally {
    await product.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
