import type { Ctx } from '../../context';
import { checkQueueAge } from './review.service';

export const REVIEW_AGE_JOB = 'review.queue-age';

/** Checks the queue's age every minute and alerts the admins once per crossing of `reviewAlertMinutes`. */
export function registerReviewJobs(ctx: Ctx) {
  ctx.jobs.work(REVIEW_AGE_JOB, async () => {
    await checkQueueAge(ctx);
  });
  ctx.jobs.schedule(REVIEW_AGE_JOB, '* * * * *');
}
