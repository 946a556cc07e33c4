import { eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { reviewItems, users } from '../db/schema';
import { createFeed } from '../modules/feeds/feeds.service';
import { decide } from '../modules/review/review.service';
import { createStory } from '../modules/stories/stories.service';
import { seedPhoto } from './feeds';

/**
 * Review before publication in the demo (docs/compliance.md): the site is marked adult, so
 * everything new waits for review (mode `auto`). Everything seeded before this step was
 * published with review off, so the site still looks alive; then a few creators post and their
 * items wait in the queue at different ages, and one earlier decision of each kind sits in the
 * creators' history. `SEED_REVIEW=0` leaves review off (the e2e suite's template does, so the
 * journeys that publish content see it at once; tests/review.e2e.test.ts turns it on).
 */
export async function seedReview(ctx: Ctx) {
  if (process.env.SEED_REVIEW === '0') return;
  await ctx.settings.update({ adultSite: true, reviewMode: 'auto' }, null);
  const people = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['luna', 'kai', 'sasha', 'admin']));
  const id = (name: string) => people.find((p) => p.username === name)?.id;
  const [luna, kai, sasha, admin] = [id('luna'), id('kai'), id('sasha'), id('admin')];
  if (!luna || !kai || !sasha || !admin) return;

  const post = async (creatorId: string, text: string, label: string, palette: Parameters<typeof seedPhoto>[3]) => {
    const photo = await seedPhoto(ctx, creatorId, label, palette);
    return createFeed(ctx, creatorId, { text, fileIds: [photo], visibility: 'subscribers' });
  };
  // Earlier decisions, shown beside the creator's next items.
  const earlierOk = await post(kai, 'Behind the scenes of Tuesday’s shoot', 'BTS', 'ocean');
  const earlierNo = await post(sasha, 'Sneak peek (reposted from elsewhere)', 'Peek', 'dusk');
  const actor = {
    user: {
      id: admin,
      role: 'admin' as const,
      username: 'admin',
      status: 'active' as const,
      locale: null,
      sessionId: 'seed',
    },
    ip: null,
  };
  const rowOf = async (objectId: string) =>
    (await ctx.db.select().from(reviewItems).where(eq(reviewItems.objectId, objectId)))[0];
  await decide(ctx, actor, (await rowOf(earlierOk.id)).id, { action: 'approve' });
  await decide(ctx, actor, (await rowOf(earlierNo.id)).id, {
    action: 'reject',
    reason: 'copyright',
    note: 'Post only content you own or licensed.',
  });

  // Waiting now, oldest first.
  const waiting = [
    await post(luna, 'Golden hour set — full gallery for subscribers', 'Golden hour', 'dawn'),
    await post(kai, 'New trail, new view', 'Summit', 'mint'),
    await createStory(ctx, sasha, { text: 'Live tonight at 9!', backgroundColor: '#8e2de2', visibility: 'free' }),
    await post(sasha, 'City lights, part two', 'City', 'neon'),
  ];
  const minutesAgo = [95, 42, 12, 3];
  for (const [i, item] of waiting.entries()) {
    await ctx.db
      .update(reviewItems)
      .set({ submittedAt: new Date(ctx.now().getTime() - minutesAgo[i] * 60_000) })
      .where(eq(reviewItems.objectId, item.id));
  }
}
