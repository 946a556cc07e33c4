import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness';
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
});
