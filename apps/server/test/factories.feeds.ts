import type { FeedCreateInput, StoryCreateInput } from '@marquee/shared';
import type { App } from '../src/app';
import { newId } from '../src/db/ids';
import { follows } from '../src/db/schema';
import { createFeed, createPoll } from '../src/modules/feeds/feeds.service';
import { createStory } from '../src/modules/stories/stories.service';

/** A post by `performerId` through the real service (validation, files, schedule). */
export function buildFeed(app: App, performerId: string, input: FeedCreateInput = {}) {
  return createFeed(app.ctx, performerId, { text: 'Hello fans', ...input });
}

export function buildPoll(
  app: App,
  performerId: string,
  options = ['Yes', 'No'],
  question = 'Do you like it?',
  endDate?: Date,
) {
  return createPoll(app.ctx, performerId, { question, options, endDate });
}

export function buildStory(app: App, performerId: string, input: StoryCreateInput = {}) {
  return createStory(app.ctx, performerId, { text: 'A story', ...input });
}

/** A fan follows a creator (written directly: the follows module owns the API). */
export async function buildFollow(app: App, followerId: string, creatorId: string) {
  await app.ctx.db.insert(follows).values({ id: newId(), followerId, creatorId }).onConflictDoNothing();
}
