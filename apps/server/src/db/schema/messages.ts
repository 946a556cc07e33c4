import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { media } from './media';
import { reviewColumns } from './review';
import { users } from './users';

/**
 * A conversation. `private`: exactly one per pair of accounts, found by `pairKey`
 * (the two user ids sorted and joined). Stream chats (`public`, `group`,
 * `stream_private`) belong to a stream (`streamId`, owned by `performerId`).
 * The last message is denormalised here for the list.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    type: text('type', { enum: ['private', 'public', 'group', 'stream_private'] }).notNull(),
    pairKey: text('pair_key'),
    streamId: uuid('stream_id'),
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: uuid('last_message_id'),
    lastMessageText: text('last_message_text'),
    lastSenderId: uuid('last_sender_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_uq').on(t.pairKey),
    index('conversations_stream_idx').on(t.streamId, t.type).where(sql`${t.streamId} is not null`),
  ],
);

/**
 * A member of a conversation with their own unread counter. `sortAt` mirrors the
 * conversation's last activity so a user's list is one index range scan.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The other party of a private conversation (for the list and search). */
    peerId: uuid('peer_id').references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    sortAt: timestamp('sort_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_members_user_sort_idx').on(t.userId, t.sortAt.desc(), t.conversationId),
    // Unread total: a partial index of the rows that count.
    index('conversation_members_unread_idx').on(t.userId).where(sql`${t.unreadCount} > 0`),
  ],
);

/** A mass message: one creator message delivered as individual private messages by a job. */
export const massMessages = pgTable(
  'mass_messages',
  {
    id: uuid('id').primaryKey(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    audience: text('audience', { enum: ['subscribers', 'followers', 'all', 'list'] }).notNull(),
    userIds: jsonb('user_ids').$type<string[]>().notNull().default([]),
    text: text('text').notNull().default(''),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    ...reviewColumns(),
    status: text('status', { enum: ['scheduled', 'sending', 'sent', 'cancelled', 'failed'] })
      .notNull()
      .default('scheduled'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipientCount: integer('recipient_count').notNull().default(0),
    deliveredCount: integer('delivered_count').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mass_messages_performer_created_idx').on(t.performerId, t.createdAt.desc())],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['text', 'photo', 'video', 'tip', 'system'] })
      .notNull()
      .default('text'),
    text: text('text').notNull().default(''),
    /** Cents; > 0 only for pay-per-view messages. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    ...reviewColumns(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    massMessageId: uuid('mass_message_id').references(() => massMessages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A conversation's page, newest first.
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt.desc(), t.id.desc()),
    index('messages_mass_idx').on(t.massMessageId).where(sql`${t.massMessageId} is not null`),
  ],
);

/** The media of a message, in order. A creator may send the same upload in many messages (mass messages). */
export const messageFiles = pgTable(
  'message_files',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.mediaId] }), index('message_files_media_idx').on(t.mediaId)],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationMemberRow = typeof conversationMembers.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type MassMessageRow = typeof massMessages.$inferSelect;
