import type { Ctx } from '../../context';
import { tellAudience } from './feeds.news';
import { NEW_POST_JOB, PUBLISH_JOB, publishDue } from './feeds.service';

/**
 * Scheduled publishing: each scheduled post queues a job at its time, and a
 * per-minute sweep catches any that were missed (restarts, clock changes).
 * New-post notices go to the audience from the queue.
 */
export function registerFeedJobs(ctx: Ctx) {
  ctx.jobs.work(PUBLISH_JOB, async () => {
    await publishDue(ctx);
  });
  ctx.jobs.schedule(PUBLISH_JOB, '* * * * *');
  ctx.jobs.work<{ feedId: string }>(NEW_POST_JOB, async ({ feedId }) => {
    await tellAudience(ctx, feedId);
  });
}
