import { inArray } from 'drizzle-orm';
import type { Ctx } from '../context';
import { users } from '../db/schema';
import { insertPromo } from '../modules/cms/cms.repo';
import { ensureDefaultPages } from '../modules/cms/cms.service';
import { addFollow } from '../modules/follows/follows.repo';

/** Demo social graph: fans follow creators, the CMS pages exist, and one promo banner runs on the home page. */
export async function seedProfiles(ctx: Ctx) {
  await ensureDefaultPages(ctx);
  const rows = await ctx.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['luna', 'kai', 'sasha', 'alex', 'jamie']));
  const id = Object.fromEntries(rows.map((r) => [r.username, r.id]));
  const pairs: Array<[string, string]> = [
    ['alex', 'luna'],
    ['jamie', 'luna'],
    ['alex', 'kai'],
    ['jamie', 'sasha'],
  ];
  await ctx.db.transaction(async (tx) => {
    for (const [fan, creator] of pairs) if (id[fan] && id[creator]) await addFollow(tx, id[fan], id[creator]);
  });
  await insertPromo(ctx.db, {
    title: 'New here? Follow creators for free',
    description: 'Follow your favourite creators to see their public posts, then subscribe for everything else.',
    linkUrl: '/explore',
    placement: 'home',
    ordering: 1,
  });
}
