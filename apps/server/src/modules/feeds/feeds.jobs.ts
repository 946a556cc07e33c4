import type { Ctx } from '../../lib/context';
import { PUBLISH_JOB, publishDue } from './feeds.service';

/**
 * Scheduled publishing: each scheduled post queues a job at its time, and a
 * per-minute sweep catches any that were missed (restarts, clock changes).
 */
export function registerFeedJobs(ctx: Ctx) {
  ctx.jobs.work(PUBLISH_JOB, async () => {
    await publishDue(ctx);
  });
  ctx.jobs.schedule(PUBLISH_JOB, '* * * * *');
}
