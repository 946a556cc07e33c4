import type { Ctx } from '../context';
import { registerComplaintJobs } from './complaints/complaints.service';
import { registerHashJobs } from './compliance-hashes/hashes.service';
import { registerFeedJobs } from './feeds/feeds.jobs';
import { registerMassMessageJobs } from './mass-messages/mass-messages.service';
import { registerMediaJobs } from './media/media.jobs';
import { registerPrivacyJobs } from './privacy/privacy.service';
import { registerPushJobs } from './push/push.service';
import { registerRecordsJobs } from './releases/releases.retention';
import { registerReviewJobs } from './review/review.jobs';
import { registerStoryJobs } from './stories/stories.jobs';
import { registerPrivateShowJobs } from './streaming/private.service';
import { registerSubscriptionJobs } from './subscriptions/subscriptions.jobs';

/** Every module's background job handlers and schedules. A module with jobs adds one line here. */
export function registerJobHandlers(ctx: Ctx) {
  registerMediaJobs(ctx);
  registerFeedJobs(ctx);
  registerStoryJobs(ctx);
  registerSubscriptionJobs(ctx);
  registerMassMessageJobs(ctx);
  registerPrivateShowJobs(ctx);
  registerPushJobs(ctx);
  registerPrivacyJobs(ctx);
  registerComplaintJobs(ctx);
  registerHashJobs(ctx);
  registerReviewJobs(ctx);
  registerRecordsJobs(ctx);
}
