import type { Conversation } from '@marquee/shared';
import type { Ctx } from '../../context';
import { notFound } from '../../lib/errors';
import { peerFor, type Viewer, writeRefusal } from './conversations.policy';
import { presentConversation } from './conversations.presenter';
import {
  findConversation,
  findMembers,
  findOrCreatePrivate,
  listForUser,
  markRead,
  oneForUser,
  unreadTotals,
} from './conversations.repo';

export const CONVERSATION_NOT_FOUND = 'Conversation';

/**
 * POST /conversations: the private conversation with `sourceId`, created on the
 * first call and returned by every later one (spec §4: "without a conversation
 * id, one is created from a source and sourceId"). Refused when the viewer may
 * not write to that account (block, fan-to-fan, subscription required).
 */
export async function openPrivate(
  ctx: Ctx,
  viewer: Viewer,
  sourceId: string,
): Promise<{ conversation: Conversation; created: boolean }> {
  const peer = await peerFor(ctx, viewer, sourceId);
  const refusal = await writeRefusal(ctx, viewer, peer);
  if (refusal) throw refusal;
  const { conversation, created } = await ctx.db.transaction((tx) =>
    findOrCreatePrivate(tx, viewer.id, peer.id, ctx.now()),
  );
  const row = await oneForUser(ctx.db, viewer.id, conversation.id);
  return { conversation: presentConversation(row!), created };
}

export async function listConversations(ctx: Ctx, viewer: Viewer, q: { page: number; pageSize: number; q?: string }) {
  const { rows, total } = await listForUser(ctx.db, viewer.id, {
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
    q: q.q,
  });
  return { data: rows.map(presentConversation), total };
}

/** One conversation of the viewer's (404 for others: its existence is not theirs to know). */
export async function getConversation(ctx: Ctx, viewer: Viewer, id: string): Promise<Conversation> {
  const row = await oneForUser(ctx.db, viewer.id, id);
  if (!row) throw notFound(CONVERSATION_NOT_FOUND);
  return presentConversation(row);
}

/** A conversation the viewer belongs to, with its members; 404 otherwise. */
export async function memberConversation(ctx: Pick<Ctx, 'db'>, viewerId: string, id: string) {
  const conversation = await findConversation(ctx.db, id);
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  const members = await findMembers(ctx.db, id);
  const me = members.find((m) => m.userId === viewerId);
  if (!me) throw notFound(CONVERSATION_NOT_FOUND);
  return { conversation, members, me };
}

export async function unreadTotal(ctx: Pick<Ctx, 'db'>, userId: string): Promise<number> {
  return (await unreadTotals(ctx.db, [userId])).get(userId) ?? 0;
}

/**
 * "Read all in conversation": the viewer's unread count drops to zero. Every
 * socket of both parties hears `conversation/read` (seen receipts, other tabs),
 * and the reader's sockets get the new unread total.
 */
export async function readAll(ctx: Ctx, viewer: Viewer, id: string) {
  const { members } = await memberConversation(ctx, viewer.id, id);
  await ctx.db.transaction((tx) => markRead(tx, id, viewer.id, ctx.now()));
  const total = await unreadTotal(ctx, viewer.id);
  for (const m of members)
    ctx.realtime.toUser(m.userId, 'conversation/read', { conversationId: id, userId: viewer.id });
  ctx.realtime.toUser(viewer.id, 'message/unread-total', { total });
  return { total };
}

/** Repo functions other modules may call (through this module's index.ts). */
export {
  accountFacts,
  findConversation,
  findMembers,
  forgetUnread,
  pairKeyOf,
  recordMessage,
} from './conversations.repo';
export { oneForUser, presentConversation, unreadTotals };
