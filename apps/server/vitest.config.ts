import { configDefaults, defineConfig } from 'vitest/config';
import { ciReporters } from '../../vitest.reporters';

/**
 * `TEST_SCOPE=database` (CI's second run, on the machine's PostgreSQL) leaves out the files whose
 * subject is not the database: ffmpeg and media transcoding, storage backends, process start and
 * signals, HTTP headers, input fuzzing and the OpenAPI document. They already ran against the
 * embedded PostgreSQL in `npm test`, and nothing in them reads the server differently.
 */
const NOT_ABOUT_THE_DATABASE = [
  'src/lib/media/**',
  'src/lib/storage/**',
  'src/modules/media/media.pipeline.test.ts',
  'src/modules/media/media.video.test.ts',
  'src/modules/media/media.video-pass.test.ts',
  'src/modules/streaming/streaming.media.test.ts',
  'src/modules/streaming/streaming.ingest.test.ts',
  'src/modules/streaming/streaming.no-ffmpeg.test.ts',
  'src/modules/live-monitor/live-monitor.thumbs.test.ts',
  'src/security/fuzz.test.ts',
  'src/security/headers.test.ts',
  'test/signals.test.ts',
  'test/node-start.test.ts',
  'test/config-start.test.ts',
  'test/openapi.test.ts',
];

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_SCOPE === 'database' ? NOT_ABOUT_THE_DATABASE : [])],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    env: { TZ: 'UTC', NODE_ENV: 'test' },
    reporters: ciReporters(process.env.TEST_DATABASE_URL ? 'server-postgres' : 'server'),
  },
});
