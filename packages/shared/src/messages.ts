import { z } from 'zod';
import { dateInput } from './input';
import { mediaFileSchema } from './media';
import { userBriefSchema } from './users';

/** Private: one per pair of accounts (reused). public/group/private stream chats carry a streamId. */
export const CONVERSATION_TYPES = ['private', 'public', 'group', 'stream_private'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];
export const MESSAGE_TYPES = ['text', 'photo', 'video', 'tip', 'system'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Limits of a message (characters after sanitizing, files per message). */
export const MESSAGE_MAX_TEXT = 5000;
export const MESSAGE_MAX_FILES = 10;

/** A message as a viewer sees it: a paid message's files are locked (blurred preview only) until bought. */
export const messageSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  senderId: z.string(),
  sender: userBriefSchema.nullable(),
  type: z.enum(MESSAGE_TYPES),
  /** 'Message deleted' when deleted. */
  text: z.string(),
  isDeleted: z.boolean(),
  /** Pay-per-view: the fan unlocks the files with POST /wallet/charges/message/{id}. */
  isSale: z.boolean(),
  /** Decimal tokens; 0 unless isSale. */
  price: z.number(),
  /** The viewer may see the files (own message, free message, or bought). */
  isBought: z.boolean(),
  files: z.array(mediaFileSchema),
  massMessageId: z.string().nullable(),
  createdAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  _id: z.string(),
  type: z.enum(CONVERSATION_TYPES),
  streamId: z.string().nullable(),
  /** The other party of a private conversation. */
  recipient: userBriefSchema.nullable(),
  lastMessage: z.string().nullable(),
  lastMessageSenderId: z.string().nullable(),
  lastMessageCreatedAt: z.string().nullable(),
  /** Messages the viewer has not seen yet (spec §3). */
  totalNotSeenMessages: z.number().int(),
  /** false when a block or a suspended account stops the conversation: it can be read but not written to. */
  isActive: z.boolean(),
  /** Why it is inactive, for the composer. */
  inactiveReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** POST /conversations: the private conversation with the account `sourceId` (created once, then reused). */
export const createConversationSchema = z.object({
  source: z.enum(['user', 'performer']).default('performer'),
  sourceId: z.string().uuid(),
});

export const conversationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
});

export const messageListQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const sendMessageSchema = z.object({
  text: z
    .string()
    .max(MESSAGE_MAX_TEXT * 2)
    .default(''),
  /** Media ids from POST /messages/public/file/photo or /messages/private/file/video. */
  fileIds: z.array(z.string().uuid()).max(MESSAGE_MAX_FILES).default([]),
  /** Decimal tokens; > 0 makes it pay-per-view (creators only, needs a file). */
  price: z.number().min(0).max(1_000_000).default(0),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

export const unreadTotalSchema = z.object({ total: z.number().int() });

// Mass messages

export const MASS_AUDIENCES = ['subscribers', 'followers', 'all', 'list'] as const;
export type MassAudience = (typeof MASS_AUDIENCES)[number];
export const MASS_STATUSES = ['scheduled', 'sending', 'sent', 'cancelled', 'failed'] as const;

export const createMassMessageSchema = z.object({
  audience: z.enum(MASS_AUDIENCES),
  /** For audience 'list': the fans to write to (at most 5,000). */
  userIds: z.array(z.string().uuid()).max(5000).default([]),
  text: z
    .string()
    .max(MESSAGE_MAX_TEXT * 2)
    .default(''),
  fileIds: z.array(z.string().uuid()).max(MESSAGE_MAX_FILES).default([]),
  price: z.number().min(0).max(1_000_000).default(0),
  /** ISO date in the future; omitted = now. */
  scheduledAt: dateInput().optional(),
});
export type CreateMassMessageInput = z.input<typeof createMassMessageSchema>;

export const massMessageSchema = z.object({
  _id: z.string(),
  audience: z.enum(MASS_AUDIENCES),
  text: z.string(),
  price: z.number(),
  isSale: z.boolean(),
  fileCount: z.number().int(),
  status: z.enum(MASS_STATUSES),
  scheduledAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  /** Report: how many it was addressed to, delivered to, and how many unlocked it (paid). */
  recipientCount: z.number().int(),
  deliveredCount: z.number().int(),
  unlockedCount: z.number().int(),
  /** Gross tokens from unlocks. */
  revenue: z.number(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type MassMessage = z.infer<typeof massMessageSchema>;

// Realtime payloads

export interface MessageCreatedEvent {
  conversationId: string;
  message: Message;
  /** The conversation as the receiving user sees it (new unread count, last message). */
  conversation: Conversation;
}
export interface MessageDeletedEvent {
  conversationId: string;
  messageId: string;
  message: Message;
}
