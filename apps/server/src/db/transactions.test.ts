import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { useTestApp } from '../../test/harness';
import type { Executor } from './client';
import { users } from './schema';

/**
 * The foundation's promise (issue 2): transactions are safe under concurrent requests
 * (a pool of connections: row locks), on the embedded PostgreSQL and on TEST_DATABASE_URL's.
 */
const t = useTestApp();
const N = 100;

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

async function readBalance(db: Executor, id: string, lock: boolean): Promise<number> {
  const query = db.select({ balance: users.balance }).from(users).where(eq(users.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row.balance;
}

describe('concurrent read-modify-write on one row', () => {
  it(`${N} concurrent transactions each adding 1 lose no update`, async () => {
    const { app } = t();
    const { user } = await buildUser(app);
    await Promise.all(
      Array.from({ length: N }, () =>
        app.ctx.db.transaction(async (tx) => {
          const balance = await readBalance(tx, user.id, true);
          await yieldToOthers(); // give every other request the chance to interleave here
          await tx
            .update(users)
            .set({ balance: balance + 1 })
            .where(eq(users.id, user.id));
        }),
      ),
    );
    expect(await readBalance(app.ctx.db, user.id, false)).toBe(N);
  });

  it('a transaction that fails rolls back its write while the others commit', async () => {
    const { app } = t();
    const { user } = await buildUser(app);
    const results = await Promise.allSettled(
      Array.from({ length: N }, (_, i) =>
        app.ctx.db.transaction(async (tx) => {
          const balance = await readBalance(tx, user.id, true);
          await tx
            .update(users)
            .set({ balance: balance + 10 })
            .where(eq(users.id, user.id));
          await yieldToOthers();
          if (i % 2 === 1) throw new Error('insufficient balance');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(N / 2);
    expect(await readBalance(app.ctx.db, user.id, false)).toBe((N / 2) * 10);
  });

  it('a guarded debit never takes the balance below zero however many race for it', async () => {
    const { app } = t();
    const { user } = await buildUser(app, { balance: 1000 });
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () =>
        app.ctx.db.transaction(async (tx) => {
          const balance = await readBalance(tx, user.id, true);
          await yieldToOthers();
          if (balance < 100) throw new Error('insufficient balance');
          await tx
            .update(users)
            .set({ balance: balance - 100 })
            .where(eq(users.id, user.id));
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await readBalance(app.ctx.db, user.id, false)).toBe(0);
  });

  it('control: the same read-modify-write without a transaction does lose updates (the test can fail)', async () => {
    const { app } = t();
    const { user } = await buildUser(app);
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const balance = await readBalance(app.ctx.db, user.id, false);
        await yieldToOthers();
        await app.ctx.db
          .update(users)
          .set({ balance: balance + 1 })
          .where(eq(users.id, user.id));
      }),
    );
    expect(await readBalance(app.ctx.db, user.id, false)).toBeLessThan(20);
  });

  it('work outside a transaction still runs while transactions are queued', async () => {
    const { app } = t();
    const { user } = await buildUser(app);
    const writes = Array.from({ length: 20 }, () =>
      app.ctx.db.transaction(async (tx) => {
        const balance = await readBalance(tx, user.id, true);
        await tx
          .update(users)
          .set({ balance: balance + 1 })
          .where(eq(users.id, user.id));
      }),
    );
    const reads = Array.from({ length: 20 }, () => app.ctx.db.execute(sql`select 1`));
    await Promise.all([...writes, ...reads]);
    expect(await readBalance(app.ctx.db, user.id, false)).toBe(20);
  });
});
