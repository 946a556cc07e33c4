import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import {
  conversationMembers,
  conversations,
  entitlements,
  type MassMessageRow,
  type MessageRow,
  massMessages,
  messageFiles,
  messages,
  userBlocks,
  users,
} from '../../db/schema';
import { pairKeyOf } from '../conversations';

export async function insertMassMessage(db: Executor, row: typeof massMessages.$inferInsert) {
  const [r] = await db.insert(massMessages).values(row).returning();
  return r;
}

export async function findMassMessage(db: Executor, id: string) {
  const [r] = await db.select().from(massMessages).where(eq(massMessages.id, id));
  return r ?? null;
}

export async function updateMassMessage(
  db: Executor,
  id: string,
  patch: Partial<typeof massMessages.$inferInsert>,
  fromStatus?: MassMessageRow['status'],
) {
  const [r] = await db
    .update(massMessages)
    .set({ ...patch, updatedAt: new Date() })
    .where(fromStatus ? and(eq(massMessages.id, id), eq(massMessages.status, fromStatus)) : eq(massMessages.id, id))
    .returning();
  return r ?? null;
}

/** A creator's mass messages with the report: unlocks and their gross (one query). */
export async function listWithReport(db: Executor, performerId: string, limit: number, offset: number) {
  const unlocked = sql<number>`(
    select count(*)::int from ${entitlements} e join ${messages} m on m.id = e.object_id
    where e.object_type = 'message' and e.revoked_at is null and m.mass_message_id = "mass_messages"."id"
  )`;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ row: massMessages, unlocked })
      .from(massMessages)
      .where(eq(massMessages.performerId, performerId))
      .orderBy(desc(massMessages.createdAt))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(massMessages)
      .where(eq(massMessages.performerId, performerId)),
  ]);
  return { rows, total };
}

export async function unlockCount(db: Executor, id: string) {
  const [r] = await db
    .execute(sql`
    select count(*)::int as n from ${entitlements} e join ${messages} m on m.id = e.object_id
    where e.object_type = 'message' and e.revoked_at is null and m.mass_message_id = ${id}
  `)
    .then((res) => (res as unknown as { rows: Array<{ n: number }> }).rows);
  return r?.n ?? 0;
}

/**
 * The audience of a mass message, as active accounts the creator has not blocked:
 * active subscribers (unexpired subscription entitlement), followers, both, or a list.
 */
export async function audienceIds(db: Executor, mm: MassMessageRow, at: Date): Promise<string[]> {
  const creator = mm.performerId;
  const subscribers = sql`select ${entitlements.userId} from ${entitlements} where ${entitlements.objectType} = 'performer' and ${entitlements.objectId} = ${creator} and ${entitlements.revokedAt} is null and (${entitlements.expiresAt} is null or ${entitlements.expiresAt} > ${at})`;
  const followers = sql`select follower_id from follows where creator_id = ${creator}`;
  let source: ReturnType<typeof sql>;
  if (mm.audience === 'subscribers') source = subscribers;
  else if (mm.audience === 'followers') source = followers;
  else if (mm.audience === 'all') source = sql`${subscribers} union ${followers}`;
  else {
    if (mm.userIds.length === 0) return [];
    source = sql.join(
      mm.userIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
  }
  const res = (await db.execute(sql`
    select u.id from ${users} u
    where u.id in (${source}) and u.id <> ${creator} and u.status = 'active'
      and not exists (select 1 from ${userBlocks} b where b.creator_id = ${creator} and b.user_id = u.id)
    order by u.id
  `)) as unknown as { rows: Array<{ id: string }> };
  return res.rows.map((r) => r.id);
}

/**
 * Delivers one chunk inside a transaction: the private conversations (created
 * where missing), one message per recipient with the shared files, the last
 * message and counters. Returns each recipient's conversation and unread count.
 */
export async function deliverChunk(
  tx: Executor,
  mm: MassMessageRow,
  recipients: string[],
  content: { type: MessageRow['type']; text: string; preview: string },
  at: Date,
) {
  const creator = mm.performerId;
  const keys = recipients.map((r) => pairKeyOf(creator, r));
  await tx
    .insert(conversations)
    .values(keys.map((pairKey) => ({ id: newId(), type: 'private' as const, pairKey, createdAt: at, updatedAt: at })))
    .onConflictDoNothing({ target: conversations.pairKey });
  const convs = await tx
    .select({ id: conversations.id, pairKey: conversations.pairKey })
    .from(conversations)
    .where(inArray(conversations.pairKey, keys));
  const convByKey = new Map(convs.map((c) => [c.pairKey!, c.id]));
  const pairs = recipients.map((r) => ({ recipient: r, conversationId: convByKey.get(pairKeyOf(creator, r))! }));
  await tx
    .insert(conversationMembers)
    .values(
      pairs.flatMap((p) => [
        { conversationId: p.conversationId, userId: creator, peerId: p.recipient, sortAt: at },
        { conversationId: p.conversationId, userId: p.recipient, peerId: creator, sortAt: at },
      ]),
    )
    .onConflictDoNothing();
  const rows = pairs.map((p) => ({
    id: newId(),
    conversationId: p.conversationId,
    senderId: creator,
    type: content.type,
    text: content.text,
    priceCents: mm.priceCents,
    massMessageId: mm.id,
    createdAt: at,
  }));
  await tx.insert(messages).values(rows);
  if (mm.fileIds.length > 0) {
    await tx
      .insert(messageFiles)
      .values(rows.flatMap((m) => mm.fileIds.map((mediaId, position) => ({ messageId: m.id, mediaId, position }))));
  }
  const convIds = pairs.map((p) => p.conversationId);
  // One statement each: conversations get their last message, members their sort time and +1 unread.
  await tx.execute(sql`
    update ${conversations} c set last_message_id = m.id, last_message_text = ${content.preview}, last_sender_id = ${creator},
      last_message_at = ${at}, updated_at = ${at}
    from ${messages} m where m.conversation_id = c.id and m.mass_message_id = ${mm.id} and c.id in (${sql.join(
      convIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
  `);
  await tx
    .update(conversationMembers)
    .set({ sortAt: at })
    .where(and(inArray(conversationMembers.conversationId, convIds), eq(conversationMembers.userId, creator)));
  const updated = await tx
    .update(conversationMembers)
    .set({ sortAt: at, unreadCount: sql`${conversationMembers.unreadCount} + 1` })
    .where(and(inArray(conversationMembers.conversationId, convIds), inArray(conversationMembers.userId, recipients)))
    .returning({
      userId: conversationMembers.userId,
      conversationId: conversationMembers.conversationId,
      unreadCount: conversationMembers.unreadCount,
    });
  const messageByConv = new Map(rows.map((m) => [m.conversationId, m.id]));
  return updated.map((u) => ({ ...u, messageId: messageByConv.get(u.conversationId)! }));
}
