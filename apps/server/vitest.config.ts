import { configDefaults, defineConfig } from 'vitest/config';
import { ciReporters } from '../../vitest.reporters';

/**
 * `TEST_SCOPE=database` (CI's second run, on the machine's PostgreSQL server, fsync on) runs the files
 * whose subject is what a real server could do differently from the embedded one: transactions,
 * row locks and races where money moves (ledger, wallet, payments, subscriptions, payouts, orders,
 * private shows billed per minute), the database client, read replica and export, migrations and
 * query counts, and several nodes on one database. Everything else already ran against the embedded
 * PostgreSQL in `npm test`; running it twice cost CI eight minutes for no different answer.
 */
const ABOUT_THE_DATABASE = [
  'src/db/*.test.ts',
  'src/modules/wallet/**/*.test.ts',
  'src/modules/payments/**/*.test.ts',
  'src/modules/subscriptions/**/*.test.ts',
  'src/modules/payouts/**/*.test.ts',
  'src/modules/earnings/**/*.test.ts',
  'src/modules/orders/**/*.test.ts',
  'src/modules/coupons/**/*.test.ts',
  'src/modules/referrals/**/*.test.ts',
  'src/modules/streaming/private.test.ts',
  'test/query-counts.test.ts',
  'test/scale-out.test.ts',
];

export default defineConfig({
  test: {
    include: process.env.TEST_SCOPE === 'database' ? ABOUT_THE_DATABASE : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // `TEST_SCOPE=rest`: the other files (CI runs the two scopes when a PostgreSQL server answers, each file once).
    exclude: [...configDefaults.exclude, ...(process.env.TEST_SCOPE === 'rest' ? ABOUT_THE_DATABASE : [])],
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
