import { type Conversation, fromCents, type Message, toCents } from '@marquee/shared';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import { type ConversationRow, conversations, type StreamRow } from '../../db/schema';
import { AppError, appError, forbidden, notFound, unauthorized } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import type { ViewerLocation } from '../blocks';
import {
  checkText,
  findMessage,
  insertMessages,
  isSender,
  type MessageWithSender,
  markAllDeleted,
  markDeleted,
  pageFor,
  presentMessage,
  streamChatHooks,
} from '../messages';
import { chargeWallet } from '../wallet';
import { findSession } from './private.repo';
import {
  assertMayJoin,
  canSeePrivateShow,
  isPrivateShowStaff,
  isStreamCreator,
  isStreamStaff,
  type StreamViewerRef,
} from './streaming.policy';
import { findStream, liveStreamOf, updateStream } from './streaming.repo';
import { streamRoom } from './streaming.service';

const ANON: StreamViewerRef = { id: '00000000-0000-0000-0000-000000000000', role: 'user' };
export const CHAT_CLOSED_MESSAGE = 'The creator has closed the chat';
export const MUTED_MESSAGE = 'You are muted in this chat';

type Chat =
  | { conversation: ConversationRow; kind: 'stream'; stream: StreamRow }
  | { conversation: ConversationRow; kind: 'private'; parties: [string, string]; ended: boolean };

/** A stream chat by its conversation id, or by the stream (or private show) id. */
async function findChat(ctx: Pick<Ctx, 'db'>, id: string): Promise<Chat> {
  const [conversation] = await ctx.db
    .select()
    .from(conversations)
    .where(
      and(
        or(eq(conversations.id, id), eq(conversations.streamId, id)),
        inArray(conversations.type, ['public', 'group', 'stream_private']),
      ),
    )
    .limit(1);
  if (!conversation?.streamId) throw notFound('Conversation');
  if (conversation.type === 'stream_private') {
    const s = await findSession(ctx.db, conversation.streamId);
    if (!s) throw notFound('Conversation');
    return { conversation, kind: 'private', parties: [s.userId, s.performerId], ended: s.status === 'ended' };
  }
  const stream = await findStream(ctx.db, conversation.streamId);
  if (!stream) throw notFound('Conversation');
  return { conversation, kind: 'stream', stream };
}

const isStaff = (chat: Chat, viewer: StreamViewerRef | null) =>
  chat.kind === 'stream' ? isStreamStaff(chat.stream, viewer) : isPrivateShowStaff(viewer, chat.parties[1]);

/** Reading: who may join (an ended stream's history too), or the parties of a private show. */
async function assertMayRead(ctx: Ctx, chat: Chat, viewer: StreamViewerRef | null, geo?: ViewerLocation) {
  if (chat.kind === 'private') {
    if (!viewer || !canSeePrivateShow(viewer, chat.parties.includes(viewer.id))) throw notFound('Conversation');
    return { muted: false };
  }
  // The same refusals as joining, except that an ended stream's chat stays readable.
  const asLive = chat.stream.status === 'live' ? chat.stream : { ...chat.stream, status: 'live' as const };
  return assertMayJoin(ctx, asLive, viewer, geo);
}

/** GET /messages/stream/{id} (and /messages/conversations/public/{id} for stream chats). */
export async function listStreamMessages(
  ctx: Ctx,
  viewer: StreamViewerRef | null,
  id: string,
  q: { offset: number; limit: number },
  geo?: ViewerLocation,
) {
  const chat = await findChat(ctx, id);
  await assertMayRead(ctx, chat, viewer, geo);
  return pageFor(ctx, viewer ?? ANON, chat.conversation.id, q);
}

async function deliver(ctx: Ctx, chat: Chat, row: MessageWithSender) {
  const message = presentMessage(ctx, row, { viewerId: '', unlocked: new Set(), files: new Map() });
  const payload = { streamId: chat.conversation.streamId!, conversationId: chat.conversation.id, message };
  if (chat.kind === 'stream') ctx.realtime.toRoom(streamRoom(chat.stream.id), 'stream/message', payload);
  else for (const p of chat.parties) ctx.realtime.toUser(p, 'stream/message', payload);
  return message;
}

async function insertChatMessage(ctx: Ctx, chat: Chat, senderId: string, type: 'text' | 'tip', text: string) {
  const at = ctx.now();
  const [m] = await insertMessages(
    ctx.db,
    [{ id: newId(), conversationId: chat.conversation.id, senderId, type, text, createdAt: at }],
    [],
  );
  await ctx.db
    .update(conversations)
    .set({
      lastMessageId: m.id,
      lastMessageText: text.slice(0, 140),
      lastSenderId: senderId,
      lastMessageAt: at,
      updatedAt: at,
    })
    .where(eq(conversations.id, chat.conversation.id));
  const row = (await findMessage(ctx.db, m.id))!;
  return deliver(ctx, chat, row);
}

/** POST /messages/stream/{id}: a chat line from someone who may join a live stream, not muted, chat open. */
export async function sendStreamMessage(
  ctx: Ctx,
  viewer: StreamViewerRef | null,
  id: string,
  rawText: string,
  geo?: ViewerLocation,
): Promise<Message> {
  if (!viewer) throw unauthorized();
  const chat = await findChat(ctx, id);
  if (chat.kind === 'private') {
    if (!chat.parties.includes(viewer.id)) throw notFound('Conversation');
    if (chat.ended) throw appError(409, 'SESSION_ENDED', msg('error.streaming.privateShowEnded'));
  } else {
    const { muted } = await assertMayJoin(ctx, chat.stream, viewer, geo);
    if (!isStaff(chat, viewer)) {
      if (!chat.stream.chatOpen) throw new AppError(403, CHAT_CLOSED_MESSAGE, 'CHAT_CLOSED');
      if (muted) throw new AppError(403, MUTED_MESSAGE, 'MUTED');
    }
  }
  const text = checkText(rawText);
  if (!text)
    throw appError(400, 'MESSAGE_EMPTY', msg('error.streaming.chatMessageEmpty'), [
      { field: 'text', message: 'Required' },
    ]);
  return insertChatMessage(ctx, chat, viewer.id, 'text', text);
}

/** Deleting one stream chat message: its sender, the stream's creator or an admin. */
async function deleteStreamMessage(
  ctx: Ctx,
  viewer: StreamViewerRef,
  found: MessageWithSender,
  conversation: ConversationRow,
) {
  const chat = await findChat(ctx, conversation.id);
  if (!isSender(viewer, found.message) && !isStaff(chat, viewer)) {
    if (chat.kind === 'private' && !chat.parties.includes(viewer.id)) throw notFound('Message');
    throw forbidden(msg('error.messages.onlyOwnDeleted'));
  }
  await markDeleted(ctx.db, found.message.id, ctx.now());
  const row = (await findMessage(ctx.db, found.message.id))!;
  const message = presentMessage(ctx, row, { viewerId: viewer.id, unlocked: new Set(), files: new Map() });
  const payload = {
    streamId: conversation.streamId!,
    conversationId: conversation.id,
    messageId: found.message.id,
    message,
  };
  if (chat.kind === 'stream') ctx.realtime.toRoom(streamRoom(chat.stream.id), 'stream/message-deleted', payload);
  else for (const p of chat.parties) ctx.realtime.toUser(p, 'stream/message-deleted', payload);
  return message;
}

export function registerStreamChatHooks() {
  streamChatHooks.deleteMessage = deleteStreamMessage;
  streamChatHooks.listPublic = (ctx, viewer, conversationId, q) => listStreamMessages(ctx, viewer, conversationId, q);
}

/** DELETE /messages/stream/{id}/remove-all-message: the creator or an admin clears the chat (messages marked deleted). */
export async function removeAllMessages(ctx: Ctx, viewer: StreamViewerRef, id: string) {
  const chat = await findChat(ctx, id);
  if (!isStaff(chat, viewer)) {
    if (chat.kind === 'private' && !chat.parties.includes(viewer.id)) throw notFound('Conversation');
    throw forbidden(msg('error.streaming.onlyStaffClearsChat'));
  }
  const deleted = await ctx.db.transaction((tx) => markAllDeleted(tx, chat.conversation.id, ctx.now()));
  const payload = { streamId: chat.conversation.streamId!, conversationId: chat.conversation.id };
  if (chat.kind === 'stream') ctx.realtime.toRoom(streamRoom(chat.stream.id), 'stream/chat-cleared', payload);
  else for (const p of chat.parties) ctx.realtime.toUser(p, 'stream/chat-cleared', payload);
  return { success: true, deleted };
}

function presentStreamConversation(c: ConversationRow, stream: StreamRow): Conversation {
  const live = stream.status === 'live';
  return {
    _id: c.id,
    type: c.type,
    streamId: c.streamId,
    recipient: null,
    lastMessage: c.lastMessageText,
    lastMessageSenderId: c.lastSenderId,
    lastMessageCreatedAt: c.lastMessageAt?.toISOString() ?? null,
    totalNotSeenMessages: 0,
    isActive: live && stream.chatOpen,
    inactiveReason: !live ? 'This stream has ended' : stream.chatOpen ? null : CHAT_CLOSED_MESSAGE,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** GET /conversations/stream/performer/{id}: the chat of that creator's live stream. */
export async function liveConversationOf(
  ctx: Ctx,
  viewer: StreamViewerRef | null,
  performerId: string,
  geo?: ViewerLocation,
): Promise<Conversation> {
  const stream = await liveStreamOf(ctx.db, performerId);
  if (!stream?.conversationId || stream.type === 'private') throw notFound('Live stream');
  const chat = await findChat(ctx, stream.conversationId);
  await assertMayRead(ctx, chat, viewer, geo);
  return presentStreamConversation(chat.conversation, stream);
}

/** PUT /conversations/stream/{id}/update: the creator (or an admin) opens or closes the chat. */
export async function updateStreamConversation(ctx: Ctx, viewer: StreamViewerRef, id: string, isActive: boolean) {
  const chat = await findChat(ctx, id);
  if (chat.kind !== 'stream') throw notFound('Conversation');
  if (!isStaff(chat, viewer)) throw forbidden(msg('error.streaming.onlyCreatorChangesChat'));
  const stream = (await updateStream(ctx.db, chat.stream.id, { chatOpen: isActive }))!;
  return presentStreamConversation(chat.conversation, stream);
}

/**
 * POST /streaming/{id}/tip: the wallet's tip use case (limits, balance, ledger,
 * creator notification), then a tip notice in the stream chat and `stream/tip`.
 */
export async function tipInStream(
  ctx: Ctx,
  viewer: StreamViewerRef,
  streamId: string,
  body: { amount: number; message?: string },
  opts: { geo?: ViewerLocation; idempotencyKey?: string },
) {
  const stream = await findStream(ctx.db, streamId);
  await assertMayJoin(ctx, stream, viewer, opts.geo);
  if (isStreamCreator(viewer, stream!)) throw forbidden(msg('error.cannotTipSelf'));
  const outcome = await chargeWallet(ctx, {
    userId: viewer.id,
    type: 'tip',
    id: stream!.performerId,
    amountCents: toCents(body.amount),
    message: body.message,
    idempotencyKey: opts.idempotencyKey,
    geo: opts.geo,
  });
  if (!outcome.replayed) {
    const chat = await findChat(ctx, stream!.conversationId!);
    const amount = fromCents(outcome.charge.grossCents);
    const note = body.message?.trim() ? ` — ${checkText(body.message).slice(0, 500)}` : '';
    const message = await insertChatMessage(ctx, chat, viewer.id, 'tip', `Tipped ${amount.toFixed(2)}${note}`);
    ctx.realtime.toRoom(streamRoom(stream!.id), 'stream/tip', {
      streamId: stream!.id,
      amount,
      sender: message.sender
        ? {
            _id: message.sender._id,
            username: message.sender.username,
            name: message.sender.name,
            avatar: message.sender.avatar,
          }
        : null,
      message: body.message?.trim() || null,
    });
  }
  return outcome;
}
