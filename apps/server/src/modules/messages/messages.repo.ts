import { and, asc, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { isPublished } from '../../db/review';
import { entitlements, type MediaRow, media, messageFiles, messages, type NewMessageRow, users } from '../../db/schema';

const senderColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  avatarPath: users.avatarPath,
  role: users.role,
};

export async function insertMessages(tx: Executor, rows: NewMessageRow[], fileIds: string[]) {
  if (rows.length === 0) return [];
  const inserted = await tx.insert(messages).values(rows).returning();
  if (fileIds.length > 0) {
    await tx
      .insert(messageFiles)
      .values(inserted.flatMap((m) => fileIds.map((mediaId, position) => ({ messageId: m.id, mediaId, position }))));
  }
  return inserted;
}

/**
 * A page of a conversation, newest first (the client reverses it, spec §4). A message waiting
 * for review (paid messages, modules/review) is shown to its sender only.
 */
export async function pageOf(db: Executor, conversationId: string, limit: number, offset: number, viewerId: string) {
  const where = and(
    eq(messages.conversationId, conversationId),
    or(isPublished(messages), eq(messages.senderId, viewerId)),
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ message: messages, sender: senderColumns })
      .from(messages)
      .leftJoin(users, eq(users.id, messages.senderId))
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(messages).where(where),
  ]);
  return { rows, total };
}
export type MessageWithSender = Awaited<ReturnType<typeof pageOf>>['rows'][number];

export async function findMessage(db: Executor, id: string): Promise<MessageWithSender | null> {
  const [row] = await db
    .select({ message: messages, sender: senderColumns })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, id));
  return row ?? null;
}

/** The files of these messages, in order (one query for a page). */
export async function filesOf(db: Executor, messageIds: string[]): Promise<Map<string, MediaRow[]>> {
  const out = new Map<string, MediaRow[]>();
  if (messageIds.length === 0) return out;
  const rows = await db
    .select({ messageId: messageFiles.messageId, media })
    .from(messageFiles)
    .innerJoin(media, eq(media.id, messageFiles.mediaId))
    .where(inArray(messageFiles.messageId, messageIds))
    .orderBy(asc(messageFiles.messageId), asc(messageFiles.position));
  for (const r of rows) {
    const list = out.get(r.messageId) ?? [];
    list.push(r.media);
    out.set(r.messageId, list);
  }
  return out;
}

export async function markDeleted(tx: Executor, id: string, at: Date) {
  const [row] = await tx
    .update(messages)
    .set({ isDeleted: true, deletedAt: at })
    .where(and(eq(messages.id, id), eq(messages.isDeleted, false)))
    .returning();
  return row ?? null;
}

/** Stream chat moderation: every message of a conversation marked deleted; returns how many changed. */
export async function markAllDeleted(tx: Executor, conversationId: string, at: Date): Promise<number> {
  const rows = await tx
    .update(messages)
    .set({ isDeleted: true, deletedAt: at })
    .where(and(eq(messages.conversationId, conversationId), eq(messages.isDeleted, false)))
    .returning({ id: messages.id });
  return rows.length;
}

/** Whether anyone holds an unlock of this paid message. */
export async function hasBuyers(db: Executor, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(entitlements)
    .where(
      and(eq(entitlements.objectType, 'message'), eq(entitlements.objectId, messageId), isNull(entitlements.revokedAt)),
    );
  return (row?.n ?? 0) > 0;
}

/** The media rows behind these ids (checked for ownership by the caller). */
export async function mediaByIds(db: Executor, ids: string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(media).where(inArray(media.id, ids));
}

export async function isFileOfMessage(db: Executor, messageId: string, mediaId: string): Promise<MediaRow | null> {
  const [row] = await db
    .select({ media })
    .from(messageFiles)
    .innerJoin(media, eq(media.id, messageFiles.mediaId))
    .where(and(eq(messageFiles.messageId, messageId), eq(messageFiles.mediaId, mediaId)));
  return row?.media ?? null;
}
