import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { escapeLike } from '../../db/like';
import { conversationMembers, conversations, performers, userBlocks, users } from '../../db/schema';

/** The one key of a private conversation between two accounts, whatever the order. */
export const pairKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * The private conversation of two accounts, created once: concurrent calls meet
 * on the unique pair key, and both members are (re)inserted idempotently.
 */
export async function findOrCreatePrivate(tx: Executor, a: string, b: string, at: Date) {
  const pairKey = pairKeyOf(a, b);
  const inserted = await tx
    .insert(conversations)
    .values({ id: newId(), type: 'private', pairKey, createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: conversations.pairKey })
    .returning();
  const conv = inserted[0] ?? (await tx.select().from(conversations).where(eq(conversations.pairKey, pairKey)))[0];
  if (inserted[0]) {
    await tx
      .insert(conversationMembers)
      .values([
        { conversationId: conv.id, userId: a, peerId: b, sortAt: at },
        { conversationId: conv.id, userId: b, peerId: a, sortAt: at },
      ])
      .onConflictDoNothing();
  }
  return { conversation: conv, created: Boolean(inserted[0]) };
}

export async function findConversation(db: Executor, id: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row ?? null;
}

export async function findMembers(db: Executor, conversationId: string) {
  return db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId));
}

/** A user's conversations with the other party, their own unread count and whether a block stands between them. */
function listQuery(db: Executor, userId: string) {
  const peer = users;
  return db
    .select({
      conversation: conversations,
      unreadCount: conversationMembers.unreadCount,
      sortAt: conversationMembers.sortAt,
      peer: {
        id: peer.id,
        username: peer.username,
        name: peer.name,
        avatarPath: peer.avatarPath,
        role: peer.role,
        status: peer.status,
      },
      blockedByPeer: sql<boolean>`exists(select 1 from ${userBlocks} where ${userBlocks.creatorId} = ${conversationMembers.peerId} and ${userBlocks.userId} = ${userId})`,
      blockedPeer: sql<boolean>`exists(select 1 from ${userBlocks} where ${userBlocks.creatorId} = ${userId} and ${userBlocks.userId} = ${conversationMembers.peerId})`,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .leftJoin(peer, eq(peer.id, conversationMembers.peerId));
}

export async function listForUser(db: Executor, userId: string, opts: { limit: number; offset: number; q?: string }) {
  const conds = [eq(conversationMembers.userId, userId)];
  if (opts.q) {
    const like = `%${escapeLike(opts.q.toLowerCase())}%`;
    conds.push(
      or(
        ilike(users.username, like),
        ilike(users.name, like),
        sql`exists(select 1 from ${performers} where ${performers.userId} = ${users.id} and ${performers.displayName} ilike ${like})`,
      )!,
    );
  }
  const where = and(...conds);
  const [rows, [{ total }]] = await Promise.all([
    listQuery(db, userId)
      .where(where)
      .orderBy(desc(conversationMembers.sortAt), desc(conversationMembers.conversationId))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(conversationMembers)
      .leftJoin(users, eq(users.id, conversationMembers.peerId))
      .where(where),
  ]);
  return { rows, total };
}

export type ConversationListRow = NonNullable<Awaited<ReturnType<typeof oneForUser>>>;

export async function oneForUser(db: Executor, userId: string, conversationId: string) {
  const [row] = await listQuery(db, userId).where(
    and(eq(conversationMembers.userId, userId), eq(conversationMembers.conversationId, conversationId)),
  );
  return row ?? null;
}

/** The sum of a user's unread counters (partial index on unread rows). */
export async function unreadTotals(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  const out = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: conversationMembers.userId, total: sql<number>`sum(${conversationMembers.unreadCount})::int` })
    .from(conversationMembers)
    .where(and(inArray(conversationMembers.userId, userIds), sql`${conversationMembers.unreadCount} > 0`))
    .groupBy(conversationMembers.userId);
  for (const r of rows) out.set(r.userId, r.total);
  return out;
}

/** Marks a conversation read for one member; true when something was unread. */
export async function markRead(tx: Executor, conversationId: string, userId: string, at: Date) {
  const rows = await tx
    .update(conversationMembers)
    .set({ unreadCount: 0, lastReadAt: at })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
    .returning({ unread: conversationMembers.unreadCount });
  return rows.length > 0;
}

/** After a message: the conversation's last message, everyone's sort time, +1 unread for everyone but the sender. */
export async function recordMessage(
  tx: Executor,
  m: { conversationId: string; id: string; senderId: string; preview: string; createdAt: Date },
) {
  await tx
    .update(conversations)
    .set({
      lastMessageId: m.id,
      lastMessageText: m.preview,
      lastSenderId: m.senderId,
      lastMessageAt: m.createdAt,
      updatedAt: m.createdAt,
    })
    .where(eq(conversations.id, m.conversationId));
  return tx
    .update(conversationMembers)
    .set({
      sortAt: m.createdAt,
      unreadCount: sql`${conversationMembers.unreadCount} + case when ${conversationMembers.userId} = ${m.senderId} then 0 else 1 end`,
    })
    .where(eq(conversationMembers.conversationId, m.conversationId))
    .returning({ userId: conversationMembers.userId, unreadCount: conversationMembers.unreadCount });
}

/** A deleted message that a member had not read yet no longer counts as unread. */
export async function forgetUnread(
  tx: Executor,
  m: { conversationId: string; id: string; senderId: string; createdAt: Date },
  preview: string,
) {
  await tx
    .update(conversations)
    .set({ lastMessageText: preview })
    .where(and(eq(conversations.id, m.conversationId), eq(conversations.lastMessageId, m.id)));
  return tx
    .update(conversationMembers)
    .set({ unreadCount: sql`greatest(${conversationMembers.unreadCount} - 1, 0)` })
    .where(
      and(
        eq(conversationMembers.conversationId, m.conversationId),
        sql`${conversationMembers.userId} <> ${m.senderId}`,
        sql`${conversationMembers.unreadCount} > 0`,
        or(sql`${conversationMembers.lastReadAt} is null`, sql`${conversationMembers.lastReadAt} < ${m.createdAt}`),
      ),
    )
    .returning({ userId: conversationMembers.userId });
}

/** What the messaging rules need to know about an account. */
export async function accountFacts(db: Executor, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      avatarPath: users.avatarPath,
      role: users.role,
      status: users.status,
      displayName: performers.displayName,
      messageRequiresSubscription: performers.messageRequiresSubscription,
    })
    .from(users)
    .leftJoin(performers, eq(performers.userId, users.id))
    .where(eq(users.id, id));
  return row ?? null;
}
export type AccountFacts = NonNullable<Awaited<ReturnType<typeof accountFacts>>>;
