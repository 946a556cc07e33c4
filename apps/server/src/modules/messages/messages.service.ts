import { type Conversation, type Message, type SendMessageInput, sendMessageSchema } from '@marquee/shared';
import type { Ctx } from '../../context';
import { newId } from '../../db/ids';
import type { ConversationRow, MediaRow, MessageRow } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import {
  findConversation,
  findMembers,
  forgetUnread,
  memberConversation,
  oneForUser,
  peerFor,
  presentConversation,
  recordMessage,
  unreadTotals,
  type Viewer,
  writeRefusal,
} from '../conversations';
import { toStatus } from '../media';
import { notify } from '../notifications';
import { consentMissing, gateNewItem } from '../review';
import { presentMessage, presentMessages, previewOf, previewText } from './messages.presenter';
import {
  filesOf,
  findMessage,
  hasBuyers,
  insertMessages,
  isFileOfMessage,
  type MessageWithSender,
  markDeleted,
  mediaByIds,
  pageOf,
} from './messages.repo';
import { checkPrice, checkText } from './messages.text';

export const MESSAGE_NOT_FOUND = 'Message';

/** Stream chats (modules/streaming) own the rules of their messages; they register here. */
export const streamChatHooks: {
  deleteMessage?: (
    ctx: Ctx,
    viewer: Viewer,
    found: MessageWithSender,
    conversation: ConversationRow,
  ) => Promise<Message>;
  /** Reading a public stream chat applies the stream's join rules. */
  listPublic?: (
    ctx: Ctx,
    viewer: Viewer | null,
    conversationId: string,
    q: { offset: number; limit: number },
  ) => Promise<{ data: Message[]; total: number }>;
} = {};

/** Files a sender attaches: their own uploads, photos or videos, not failed. */
export async function checkFiles(ctx: Pick<Ctx, 'db'>, ownerId: string, ids: string[]): Promise<MediaRow[]> {
  const unique = [...new Set(ids)];
  const rows = await mediaByIds(ctx.db, unique);
  const byId = new Map(rows.map((m) => [m.id, m]));
  return unique.map((id) => {
    const m = byId.get(id);
    if (!m || m.ownerId !== ownerId)
      throw badRequest(msg('error.messages.fileNotFound', { id }), 'MESSAGE_FILE_NOT_FOUND', [
        { field: 'fileIds', message: 'Upload the file first' },
      ]);
    if (m.kind !== 'photo' && m.kind !== 'video')
      throw badRequest(msg('error.messages.fileKind', { id }), 'MESSAGE_FILE_KIND', [
        { field: 'fileIds', message: 'Photos and videos only' },
      ]);
    if (m.status === 'error') throw badRequest(msg('error.messages.fileFailed', { id }), 'MESSAGE_FILE_FAILED');
    return m;
  });
}

export const messageTypeOf = (files: MediaRow[]): MessageRow['type'] =>
  files.some((f) => f.kind === 'video') ? 'video' : files.length > 0 ? 'photo' : 'text';

export interface CheckedContent {
  text: string;
  files: MediaRow[];
  priceCents: number;
}

/** Text, files and price of a new message (private or mass), checked. */
export async function checkContent(ctx: Ctx, sender: Viewer, raw: SendMessageInput): Promise<CheckedContent> {
  const input = sendMessageSchema.parse(raw);
  const text = checkText(input.text);
  const files = await checkFiles(ctx, sender.id, input.fileIds);
  if (!text && files.length === 0)
    throw badRequest(msg('error.messages.empty'), 'MESSAGE_EMPTY', [{ field: 'text', message: 'Required' }]);
  const priceCents = await checkPrice(ctx, sender, input.price, files.length);
  return { text, files, priceCents };
}

/** The writer's rights in a private conversation (blocks, suspension, subscription requirement). */
async function assertMayWrite(ctx: Ctx, viewer: Viewer, conversation: ConversationRow, peerId: string | null) {
  if (conversation.type !== 'private') throw forbidden(msg('error.messages.streamChatElsewhere'));
  if (!peerId) throw forbidden(msg('error.messages.noPeer'));
  const peer = await peerFor(ctx, viewer, peerId);
  const refusal = await writeRefusal(ctx, viewer, peer);
  if (refusal) throw refusal;
}

/** GET /messages/conversations/{id}: a page (offset, limit; 25 at 0 when opened), newest first. */
export async function listMessages(
  ctx: Ctx,
  viewer: Viewer,
  conversationId: string,
  q: { offset: number; limit: number },
) {
  await memberConversation(ctx, viewer.id, conversationId);
  return pageFor(ctx, viewer, conversationId, q);
}

/** A page of any conversation for a viewer whose right to read it the caller checked (stream chats). */
export async function pageFor(ctx: Ctx, viewer: Viewer, conversationId: string, q: { offset: number; limit: number }) {
  const { rows, total } = await pageOf(ctx.db, conversationId, q.limit, q.offset, viewer.id);
  const files = await filesOf(
    ctx.db,
    rows.map((r) => r.message.id),
  );
  return { data: await presentMessages(ctx, viewer, rows, files), total };
}

/** GET /messages/conversations/public/{id}: a public (stream) conversation's messages, for anyone. */
export async function listPublicMessages(
  ctx: Ctx,
  viewer: Viewer | null,
  conversationId: string,
  q: { offset: number; limit: number },
) {
  const { conversation } = await publicConversation(ctx, conversationId);
  if (conversation.streamId && streamChatHooks.listPublic)
    return streamChatHooks.listPublic(ctx, viewer, conversation.id, q);
  return pageFor(ctx, viewer ?? { id: '00000000-0000-0000-0000-000000000000', role: 'user' }, conversation.id, q);
}

async function publicConversation(ctx: Ctx, id: string) {
  const conversation = await findConversation(ctx.db, id);
  if (conversation?.type !== 'public') throw notFound('Conversation');
  return { conversation };
}

/**
 * POST /messages/conversations/{id}: one transaction writes the message, its
 * files, the conversation's last message and every member's unread counter;
 * after commit each member's sockets get the message as that member sees it.
 */
export async function sendMessage(
  ctx: Ctx,
  viewer: Viewer,
  conversationId: string,
  raw: SendMessageInput,
): Promise<Message> {
  const { conversation, members, me } = await memberConversation(ctx, viewer.id, conversationId);
  const peerId = me.peerId ?? null;
  await assertMayWrite(ctx, viewer, conversation, peerId);
  const content = await checkContent(ctx, viewer, raw);
  const at = ctx.now();
  // A paid message waits for review before it reaches the recipient (modules/review).
  const mediaIds = content.files.map((f) => f.id);
  const gate =
    content.priceCents > 0 || (mediaIds.length > 0 && (await consentMissing(ctx.db, { mediaIds })))
      ? await gateNewItem(ctx, { objectType: 'message', creatorId: viewer.id, mediaIds })
      : null;
  const held = gate?.reviewState === 'pending';
  const { message, unread } = await ctx.db.transaction(async (tx) => {
    const [message] = await insertMessages(
      tx,
      [
        {
          id: newId(),
          conversationId,
          senderId: viewer.id,
          type: messageTypeOf(content.files),
          text: content.text,
          priceCents: content.priceCents,
          reviewState: gate?.reviewState ?? 'approved',
          createdAt: at,
        },
      ],
      content.files.map((f) => f.id),
    );
    if (held) {
      await gate.submit(tx, message.id);
      return { message, unread: [] };
    }
    const unread = await recordMessage(tx, { ...message, preview: previewOf(message) });
    return { message, unread };
  });
  const row = (await findMessage(ctx.db, message.id))!;
  const files = new Map([[message.id, content.files]]);
  await deliver(ctx, row, files, held ? [viewer.id] : members.map((m) => m.userId), unread);
  return presentMessage(ctx, row, { viewerId: viewer.id, unlocked: new Set(), files });
}

/**
 * A held (reviewed) message is approved: it becomes the conversation's last message, counts as
 * unread for the recipient and reaches every member now (modules/review).
 */
export async function releaseHeldMessage(ctx: Ctx, messageId: string) {
  const found = await findMessage(ctx.db, messageId);
  if (!found || found.message.isDeleted) return;
  const m = found.message;
  const unread = await ctx.db.transaction((tx) =>
    recordMessage(tx, { ...m, createdAt: ctx.now(), preview: previewOf(m) }),
  );
  const members = (await findMembers(ctx.db, m.conversationId)).map((x) => x.userId);
  await deliver(ctx, found, await filesOf(ctx.db, [m.id]), members, unread);
}

/** Realtime fan-out after commit: the message, the member's conversation row and unread total to every member. */
async function deliver(
  ctx: Ctx,
  row: NonNullable<Awaited<ReturnType<typeof findMessage>>>,
  files: Map<string, MediaRow[]>,
  memberIds: string[],
  unread: Array<{ userId: string; unreadCount: number }>,
) {
  const m = row.message;
  const totals = await unreadTotals(ctx.db, memberIds);
  const wasUnread = new Map(unread.map((u) => [u.userId, u.unreadCount]));
  for (const userId of memberIds) {
    const convRow = await oneForUser(ctx.db, userId, m.conversationId);
    if (!convRow) continue;
    const conversation: Conversation = presentConversation(convRow);
    const message = presentMessage(ctx, row, { viewerId: userId, unlocked: new Set(), files });
    ctx.realtime.toUser(userId, 'message/created', { conversationId: m.conversationId, message, conversation });
    if (userId !== m.senderId) {
      ctx.realtime.toUser(userId, 'message/unread-total', { total: totals.get(userId) ?? 0 });
      // Tell someone who is away, once per run of unread messages (not for every line).
      if (wasUnread.get(userId) === 1 && !(await isOnline(ctx, userId))) {
        const who = row.sender?.name || row.sender?.username || msg('word.someone');
        await notify(ctx, userId, {
          kind: 'message',
          title: msg('notify.message', { who }),
          body: previewText(m),
          link: `/messages/${m.conversationId}`,
          actorId: m.senderId,
          data: { conversationId: m.conversationId, messageId: m.id },
        }).catch((err) => ctx.log.error({ err }, 'message notification failed'));
      }
    }
  }
}

/** Whether any socket of the user is connected (on any instance with the Redis adapter). */
export async function isOnline(ctx: Pick<Ctx, 'realtime'>, userId: string): Promise<boolean> {
  const io = ctx.realtime.io;
  if (!io) return false;
  const sockets = await io.in(`user:${userId}`).fetchSockets();
  return sockets.length > 0;
}

/**
 * DELETE /messages/{id}: the sender only. The message stays in place for both
 * as 'Message deleted' (no text, no files); a member who had not read it has
 * one unread fewer. A paid message someone has bought cannot be deleted.
 */
export async function deleteMessage(ctx: Ctx, viewer: Viewer, id: string): Promise<Message> {
  const found = await findMessage(ctx.db, id);
  if (!found) throw notFound(MESSAGE_NOT_FOUND);
  if (streamChatHooks.deleteMessage) {
    const conversation = await findConversation(ctx.db, found.message.conversationId);
    if (conversation && conversation.type !== 'private')
      return streamChatHooks.deleteMessage(ctx, viewer, found, conversation);
  }
  const { members } = await memberConversation(ctx, viewer.id, found.message.conversationId).catch(() => {
    throw notFound(MESSAGE_NOT_FOUND);
  });
  if (!canDeleteMessage(viewer, found.message)) throw forbidden(msg('error.messages.onlyOwnDeleted'));
  if (found.message.priceCents > 0 && !found.message.isDeleted && (await hasBuyers(ctx.db, id)))
    throw conflict(msg('error.messages.bought'), 'MESSAGE_BOUGHT');
  const changed = await ctx.db.transaction(async (tx) => {
    const deleted = await markDeleted(tx, id, ctx.now());
    if (!deleted) return null;
    return forgetUnread(tx, deleted, previewOf(deleted));
  });
  const row = (await findMessage(ctx.db, id))!;
  if (changed) {
    const totals = await unreadTotals(
      ctx.db,
      changed.map((c) => c.userId),
    );
    for (const m of members) {
      const message = presentMessage(ctx, row, { viewerId: m.userId, unlocked: new Set(), files: new Map() });
      ctx.realtime.toUser(m.userId, 'message/deleted', {
        conversationId: row.message.conversationId,
        messageId: id,
        message,
      });
    }
    for (const [userId, total] of totals) ctx.realtime.toUser(userId, 'message/unread-total', { total });
  }
  return presentMessage(ctx, row, { viewerId: viewer.id, unlocked: new Set(), files: new Map() });
}

/** GET /messages/{id}/file/{fileId}/status: for members who may see the file (the sender; buyers of a paid one). */
export async function fileStatus(ctx: Ctx, viewer: Viewer, id: string, fileId: string) {
  const found = await findMessage(ctx.db, id);
  if (!found || found.message.isDeleted) throw notFound('File');
  await memberConversation(ctx, viewer.id, found.message.conversationId).catch(() => {
    throw notFound('File');
  });
  const file = await isFileOfMessage(ctx.db, id, fileId);
  if (!file) throw notFound('File');
  if (!isSender(viewer, found.message) && found.message.priceCents > 0) {
    const [presented] = await presentMessages(ctx, viewer, [found], new Map());
    if (!presented.isBought) throw notFound('File');
  }
  return toStatus(file);
}

/** Repo functions other modules may call (through this module's index.ts). */
export {
  findMessage,
  insertMessages,
  type MessageWithSender,
  markAllDeleted,
  markDeleted,
  mediaByIds,
} from './messages.repo';

import { canDeleteMessage, isSender } from './messages.policy';
