import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../context';
import { contentItems, feeds, users } from '../db/schema';
import { addDays } from '../lib/clock';
import { decideComplaint, fileComplaint } from '../modules/complaints/complaints.service';

const SITE = 'https://marquee.example';

/**
 * The admin's complaints queue, populated (docs/compliance.md "Complaints"): a copyright claim due
 * soon, a report of illegal content filed today, a depicted person's request that hid a cast
 * member's post at once, and one decided on time.
 */
export async function seedComplaints(ctx: Ctx) {
  const [admin] = await ctx.db.select().from(users).where(eq(users.username, 'admin'));
  const posts = await ctx.db
    .select({ id: feeds.id })
    .from(feeds)
    .where(isNull(feeds.takenDownAt))
    .orderBy(desc(feeds.createdAt))
    .limit(3);
  const [video] = await ctx.db
    .select({ slug: contentItems.slug })
    .from(contentItems)
    .where(and(eq(contentItems.type, 'video'), isNull(contentItems.takenDownAt)))
    .limit(1);
  if (!admin || posts.length < 3) return;
  const at = (daysAgo: number) => ({ ...ctx, now: () => addDays(ctx.now(), -daysAgo) });
  const meta = { ip: '203.0.113.7', userId: null, locale: 'en' };
  await fileComplaint(
    at(6),
    {
      kind: 'copyright',
      name: 'Northlight Studios',
      email: 'legal@northlight.example',
      urls: [video ? `${SITE}/video/${video.slug}` : `${SITE}/post/${posts[0]!.id}`],
      reason: 'The soundtrack of this video is our licensed track “Blue Hour”, used without a licence.',
      originalWork: '“Blue Hour”, Northlight Studios, released 2025 on all streaming services.',
      goodFaith: true,
      signature: 'Maria Keller, Northlight Studios',
    },
    meta,
  );
  await fileComplaint(
    ctx,
    {
      kind: 'illegal',
      name: 'Sam Ortega',
      email: 'sam.ortega@mail.example',
      urls: [`${SITE}/post/${posts[1]!.id}`, 'https://leaks.example/thread/88213'],
      reason: 'This post shares a private phone number and home address of a third person.',
      goodFaith: true,
      signature: 'Sam Ortega',
    },
    meta,
  );
  await fileComplaint(
    at(1),
    {
      kind: 'depicted',
      name: 'Robin Hale',
      email: 'robin.hale@mail.example',
      urls: [`${SITE}/post/${posts[2]!.id}`],
      reason: 'I am the second person in these photos. I never agreed to them being published.',
      goodFaith: true,
      signature: 'Robin Hale',
    },
    meta,
  );
  const { row } = await fileComplaint(
    at(9),
    {
      kind: 'illegal',
      name: 'Chris Doe',
      email: 'chris.doe@mail.example',
      urls: ['https://elsewhere.example/post/1'],
      reason: 'A link on this site points to a scam page asking for card numbers.',
      goodFaith: true,
      signature: 'Chris Doe',
    },
    meta,
  );
  await decideComplaint(
    at(5),
    {
      user: { id: admin.id, role: 'admin', username: 'admin', status: 'active', sessionId: '', locale: null },
      ip: null,
    },
    row.id,
    'no_action',
    'We checked the page: the link is not on this site. Please report it to the site that hosts it.',
  );
}
