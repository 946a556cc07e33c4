import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
import { createInvalidationBus } from './invalidation';
import { createJobs } from './jobs';

const t = useTestApp();

describe('job queue', () => {
  it('runs a delayed job sent by this process when it is due, not at the next idle poll', async () => {
    // An idle poll far longer than the test: only the wake-up at the start time can run the job.
    const jobs = createJobs(t().database, { error: () => {} }, { idlePollSeconds: 600 });
    let ranAt = 0;
    jobs.work<{ n: number }>('test-delayed', async () => {
      ranAt = Date.now();
    });
    await jobs.start();
    try {
      const due = Date.now() + 500;
      await jobs.send('test-delayed', { n: 1 }, { startAfter: new Date(due) });
      await expect.poll(() => ranAt, { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);
      expect(ranAt).toBeGreaterThanOrEqual(due);
      // Woken at its start time (~50 ms late here); without the wake-up pg-boss found it ~4.5 s late.
      expect(ranAt - due).toBeLessThan(2_500);
    } finally {
      await jobs.stop();
    }
  }, 30_000);

  it('a job sent by a process without a worker for it (an API node) wakes the worker process at once', async () => {
    const { app, database } = t();
    // Two processes' queues on one database, each with its own bus connection (LISTEN/NOTIFY).
    const [apiBus, workerBus] = await Promise.all([
      createInvalidationBus(database, app.log),
      createInvalidationBus(database, app.log),
    ]);
    const api = createJobs(database, { error: () => {} }, { bus: apiBus });
    const worker = createJobs(database, { error: () => {} }, { bus: workerBus, idlePollSeconds: 600 });
    let ran = 0;
    api.work('test-remote', async () => {});
    worker.work('test-remote', async () => {
      ran++;
    });
    await worker.start();
    await api.start({ work: false });
    try {
      await api.send('test-remote', { n: 1 });
      await expect.poll(() => ran, { timeout: 15_000, interval: 100 }).toBe(1);
    } finally {
      await api.stop();
      await worker.stop();
      await Promise.all([apiBus.close(), workerBus.close()]);
    }
  }, 30_000);

  it('a burst of jobs runs back to back, not one per idle poll', async () => {
    const jobs = createJobs(t().database, { error: () => {} }, { idlePollSeconds: 600 });
    let ran = 0;
    jobs.work('test-burst', async () => {
      ran++;
    });
    await jobs.start();
    try {
      await Promise.all([1, 2, 3, 4, 5].map((n) => jobs.send('test-burst', { n })));
      await expect.poll(() => ran, { timeout: 15_000, interval: 100 }).toBe(5);
    } finally {
      await jobs.stop();
    }
  }, 30_000);
});
