import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { notTakenDown } from '../../db/moderation';
import { isPublished } from '../../db/review';
import { type StoryRow, stories, storyViews } from '../../db/schema';

export async function insertStory(db: Executor, row: Omit<typeof stories.$inferInsert, 'id'>): Promise<StoryRow> {
  const [s] = await db
    .insert(stories)
    .values({ id: newId(), ...row })
    .returning();
  return s;
}

export async function findStory(db: Executor, id: string): Promise<StoryRow | null> {
  const [s] = await db.select().from(stories).where(eq(stories.id, id)).limit(1);
  return s ?? null;
}

export async function updateStoryRow(db: Executor, id: string, set: Partial<typeof stories.$inferInsert>) {
  const [s] = await db
    .update(stories)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(stories.id, id))
    .returning();
  return s;
}

export async function deleteStoryRow(db: Executor, id: string) {
  await db.delete(stories).where(eq(stories.id, id));
}

export async function ownStories(db: Executor, performerId: string, page: number, pageSize: number) {
  const where = eq(stories.performerId, performerId);
  const [data, [{ total }]] = await Promise.all([
    db
      .select()
      .from(stories)
      .where(where)
      .orderBy(desc(stories.createdAt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(stories).where(where),
  ]);
  return { data, total };
}

/** Active (unexpired) stories of the given creators, oldest first as they are watched. */
export async function activeStoriesOf(db: Executor, performerIds: string[], at: Date) {
  if (performerIds.length === 0) return [];
  return db
    .select()
    .from(stories)
    .where(
      and(
        inArray(stories.performerId, performerIds),
        isNull(stories.expiredAt),
        gt(stories.expiresAt, at),
        notTakenDown(stories),
        isPublished(stories),
      ),
    )
    .orderBy(stories.performerId, stories.createdAt)
    .limit(500);
}

export async function highlightsOf(db: Executor, performerId: string) {
  return db
    .select()
    .from(stories)
    .where(
      and(
        eq(stories.performerId, performerId),
        eq(stories.isHighlight, true),
        notTakenDown(stories),
        isPublished(stories),
      ),
    )
    .orderBy(desc(stories.createdAt))
    .limit(100);
}

export async function seenSet(db: Executor, userId: string, storyIds: string[]): Promise<Set<string>> {
  if (storyIds.length === 0) return new Set();
  const rows = await db
    .select({ id: storyViews.storyId })
    .from(storyViews)
    .where(and(eq(storyViews.userId, userId), inArray(storyViews.storyId, storyIds)));
  return new Set(rows.map((r) => r.id));
}

/** Records a view once per fan; the story's view count follows exactly. */
export async function markSeen(db: Executor, storyId: string, userId: string) {
  const inserted = await db
    .insert(storyViews)
    .values({ storyId, userId })
    .onConflictDoNothing()
    .returning({ id: storyViews.storyId });
  if (inserted.length > 0) {
    await db
      .update(stories)
      .set({ viewCount: sql`${stories.viewCount} + 1` })
      .where(eq(stories.id, storyId));
  }
}

/** Archives stories past their 24 hours. Highlights stay on the profile. */
export async function expireDue(db: Executor, at: Date): Promise<number> {
  const rows = await db
    .update(stories)
    .set({ expiredAt: at })
    .where(and(isNull(stories.expiredAt), lte(stories.expiresAt, at)))
    .returning({ id: stories.id });
  return rows.length;
}
