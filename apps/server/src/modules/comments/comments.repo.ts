import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { notTakenDown } from '../../db/moderation';
import { type CommentRow, comments, users } from '../../db/schema';

export async function insertComment(db: Executor, row: Omit<typeof comments.$inferInsert, 'id'>): Promise<CommentRow> {
  const [c] = await db
    .insert(comments)
    .values({ id: newId(), ...row })
    .returning();
  return c;
}

export async function findComment(db: Executor, id: string): Promise<CommentRow | null> {
  const [c] = await db.select().from(comments).where(eq(comments.id, id)).limit(1);
  return c ?? null;
}

/** Locks a comment row for the rest of the transaction (replies and deletes serialize on it). */
export async function lockComment(db: Executor, id: string): Promise<CommentRow | null> {
  const [c] = await db.select().from(comments).where(eq(comments.id, id)).limit(1).for('update');
  return c ?? null;
}

export async function bumpReplies(db: Executor, id: string, delta: number) {
  await db
    .update(comments)
    .set({ replyCount: sql`greatest(0, ${comments.replyCount} + ${delta})` })
    .where(eq(comments.id, id));
}

export async function updateComment(db: Executor, id: string, set: Partial<typeof comments.$inferInsert>) {
  const [c] = await db
    .update(comments)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(comments.id, id))
    .returning();
  return c;
}

/** Deletes a comment and its replies; returns how many rows went. */
export async function deleteCommentTree(db: Executor, id: string): Promise<number> {
  const replies = await db.delete(comments).where(eq(comments.parentId, id)).returning({ id: comments.id });
  const self = await db.delete(comments).where(eq(comments.id, id)).returning({ id: comments.id });
  return replies.length + self.length;
}

export async function deleteCommentsOf(db: Executor, objectType: string, objectId: string) {
  await db.delete(comments).where(and(eq(comments.objectType, objectType), eq(comments.objectId, objectId)));
}

export async function listComments(
  db: Executor,
  q: { objectType: string; objectId: string; parentId?: string; page: number; pageSize: number; sort: 'asc' | 'desc' },
) {
  const where = and(
    eq(comments.objectType, q.objectType),
    eq(comments.objectId, q.objectId),
    q.parentId ? eq(comments.parentId, q.parentId) : isNull(comments.parentId),
    notTakenDown(comments),
  );
  const order =
    q.sort === 'asc' ? [asc(comments.createdAt), asc(comments.id)] : [desc(comments.createdAt), desc(comments.id)];
  const [data, [{ total }]] = await Promise.all([
    db
      .select()
      .from(comments)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(comments).where(where),
  ]);
  return { data, total };
}

export async function authorsOf(db: Executor, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { id: string; username: string | null; name: string; avatarPath: string | null }>();
  const rows = await db
    .select({ id: users.id, username: users.username, name: users.name, avatarPath: users.avatarPath })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
