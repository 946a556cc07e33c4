import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../context';
import { feeds, moderationDecisions, users } from '../db/schema';
import { moderate } from '../modules/admin/admin.content.service';
import { fileAppeal } from '../modules/appeals/appeals.service';

/**
 * Moderation decisions and an appeal (docs/compliance.md "DSA"): the admin takes a post down for
 * copyright (a statement of reasons in the creator's Decisions page), and the creator whose post a
 * depicted person's complaint hid at once (an automated decision, seeded by the complaints) appeals
 * it: Admin → Appeals has one waiting, which the admin may decide (the decision was not theirs).
 */
export async function seedDecisions(ctx: Ctx) {
  // The e2e template seeds with SEED_REVIEW=0: its journeys keep every demo post live.
  if (process.env.SEED_REVIEW === '0') return;
  const [admin] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
  if (!admin) return;
  const [post] = await ctx.db
    .select({ id: feeds.id })
    .from(feeds)
    .where(isNull(feeds.takenDownAt))
    .orderBy(desc(feeds.createdAt))
    .limit(1);
  const actor = {
    user: {
      id: admin.id,
      role: 'admin' as const,
      username: 'admin',
      status: 'active' as const,
      sessionId: '',
      locale: null,
    },
    ip: null,
  };
  if (post)
    await moderate(
      ctx,
      actor,
      'feed',
      post.id,
      true,
      'The soundtrack is a commercial recording used without a licence',
      {
        ground: 'copyright',
      },
    );
  const [hidden] = await ctx.db
    .select()
    .from(moderationDecisions)
    .where(and(eq(moderationDecisions.automated, true), eq(moderationDecisions.kind, 'removal')))
    .limit(1);
  if (hidden?.userId)
    await fileAppeal(
      ctx,
      hidden.userId,
      hidden.id,
      'Everyone in this post is me or my partner, who signed the release; the report is mistaken.',
    );
}
