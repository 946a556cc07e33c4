import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../vitest.reporters';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
