import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../vitest.reporters';

export default defineConfig({
  test: {
    include: ['tests/**/*.e2e.test.ts'],
    globalSetup: ['src/global-setup.ts'],
    reporters: ciReporters('e2e'),
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // expect.poll waits for what a page shows after a request: 1 s (vitest's default) fails on a busy machine.
    expect: { poll: { timeout: 15_000 } },
    env: { TZ: 'UTC' },
  },
});
