import type { Ctx } from '../../context';
import { expireStories, STORY_EXPIRE_JOB } from './stories.service';

/** Archives stories after their 24 hours (reads already hide them the moment they expire). */
export function registerStoryJobs(ctx: Ctx) {
  ctx.jobs.work(STORY_EXPIRE_JOB, async () => {
    const n = await expireStories(ctx);
    if (n > 0) ctx.log.info({ expired: n }, 'stories expired');
  });
  ctx.jobs.schedule(STORY_EXPIRE_JOB, '*/5 * * * *');
}
