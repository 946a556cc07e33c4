import { and, eq, inArray, sql } from 'drizzle-orm';
import { performers, users } from '../../db/schema';
import { registerReactionTarget } from '../reactions';
import { presentCard } from './profiles.presenter';
import { cardsByIds, listable, scoped } from './profiles.repo';

/** Creators can be bookmarked (and liked): GET /reactions/performers/bookmark. */
registerReactionTarget({
  objectType: 'performer',
  plural: 'performers',
  async owners(ctx, ids) {
    const rows = await ctx.db
      .select({ id: performers.userId })
      .from(performers)
      .innerJoin(users, eq(users.id, performers.userId))
      .where(and(listable, inArray(performers.userId, ids)));
    return new Map(rows.map((r) => [r.id, r.id]));
  },
  listedWhere: (objectId, viewer) =>
    sql`exists (select 1 from ${performers} where ${performers.userId} = ${objectId} and ${scoped({ viewerId: viewer?.id ?? null })})`,
  async present(ctx, viewer, ids) {
    const rows = await cardsByIds(ctx.db, ids, { viewerId: viewer?.id ?? null });
    const opts = { freeSubscriptionsAllowed: await ctx.settings.get('freeSubscriptionEnabled') };
    return rows.map((r) => presentCard(r, opts));
  },
});
