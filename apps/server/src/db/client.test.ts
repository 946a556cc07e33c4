import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { openPostgres } from './client';

describe('database pool', () => {
  it('survives the server closing an idle connection (no crash, the next query reconnects)', async () => {
    const database = await openPostgres(inject('pgUrl'), 2);
    try {
      const { rows } = await database.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = rows[0]!.pid;
      const admin = new pg.Client({ connectionString: inject('pgUrl') });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      // The idle client hears the termination and the pool emits 'error' and drops it: without the
      // pool's own listener that event is an uncaught exception (vitest fails the run on it).
      await expect.poll(() => database.pool.totalCount, { timeout: 10_000 }).toBe(0);
      const again = await database.pool.query<{ one: number }>('select 1 as one');
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await database.close();
    }
  });
});
