import type { Ctx } from '../lib/context';
import { registerFeedJobs } from './feeds/feeds.jobs';
import { registerMassMessageJobs } from './mass-messages/mass-messages.service';
import { registerMediaJobs } from './media/media.jobs';
import { registerStoryJobs } from './stories/stories.jobs';
import { registerSubscriptionJobs } from './subscriptions/subscriptions.jobs';

/** Every module's background job handlers and schedules. A module with jobs adds one line here. */
export function registerJobHandlers(ctx: Ctx) {
  registerMediaJobs(ctx);
  registerFeedJobs(ctx);
  registerStoryJobs(ctx);
  registerSubscriptionJobs(ctx);
  registerMassMessageJobs(ctx);
}
