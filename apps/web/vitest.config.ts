import { defineConfig } from 'vitest/config';
import { ciReporters } from '../../vitest.reporters';

export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    env: { TZ: 'UTC' },
    restoreMocks: true,
    unstubGlobals: true,
    reporters: ciReporters('web'),
  },
});
