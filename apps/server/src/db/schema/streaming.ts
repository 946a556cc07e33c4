import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A live stream session: one row per go-live. A paid session is bought once
 * (entitlement objectType 'stream', objectId = this id). The viewer count is a
 * snapshot kept up to date by the realtime join/leave handlers.
 */
export const streams = pgTable(
  'streams',
  {
    id: uuid('id').primaryKey(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: ['public', 'group', 'private'] }).notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['live', 'ended'] })
      .notNull()
      .default('live'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** creator, admin, idle */
    endedBy: text('ended_by'),
    durationSeconds: integer('duration_seconds').notNull().default(0),
    viewerCount: integer('viewer_count').notNull().default(0),
    peakViewers: integer('peak_viewers').notNull().default(0),
    /** The creator can close the chat (PUT /conversations/stream/{id}/update). */
    chatOpen: boolean('chat_open').notNull().default(true),
    conversationId: uuid('conversation_id'),
    /** Built-in provider: the node whose ffmpeg ingests the stream, and its last heartbeat (null: never ingested). */
    ingestNode: text('ingest_node'),
    ingestSeenAt: timestamp('ingest_seen_at', { withTimezone: true }),
    /** The compliance gate at go-live asked for a look (`review`: the creator's items wait for review). */
    monitorFlag: text('monitor_flag', { enum: ['review'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One live public/group stream per creator at a time.
    uniqueIndex('streams_one_live_uq').on(t.performerId).where(sql`${t.status} = 'live'`),
    index('streams_live_idx').on(t.status, t.startedAt.desc()),
    index('streams_performer_idx').on(t.performerId, t.startedAt.desc()),
  ],
);

/** A signed-in viewer of a stream: open sockets, and the creator's mute/remove decisions. */
export const streamViewers = pgTable(
  'stream_viewers',
  {
    streamId: uuid('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    connections: integer('connections').notNull().default(0),
    muted: boolean('muted').notNull().default(false),
    removed: boolean('removed').notNull().default(false),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.userId] })],
);

/**
 * A creator's streaming settings: the OBS stream key, the private/group prices, and the id their next
 * live stream will take (people depicted are named for it before go-live, issue 26 item 3).
 */
export const creatorStreamSettings = pgTable(
  'creator_stream_settings',
  {
    performerId: uuid('performer_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    streamKey: text('stream_key').notNull(),
    privatePriceCents: bigint('private_price_cents', { mode: 'number' }).notNull().default(0),
    groupPriceCents: bigint('group_price_cents', { mode: 'number' }).notNull().default(0),
    /** The id of the next go-live: releases naming co-performers use it as their subject. Renewed at each go-live. */
    nextStreamId: uuid('next_stream_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('creator_stream_settings_key_uq').on(t.streamKey)],
);

/** A fan's request for a private show (now or at a proposed time). */
export const privateRequests = pgTable(
  'private_requests',
  {
    id: uuid('id').primaryKey(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'rejected', 'cancelled', 'expired'] })
      .notNull()
      .default('pending'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    message: text('message'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    sessionId: uuid('session_id'),
    conversationId: uuid('conversation_id'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('private_requests_performer_idx').on(t.performerId, t.status, t.createdAt.desc()),
    index('private_requests_user_idx').on(t.userId, t.createdAt.desc()),
    // One open request per fan and creator.
    uniqueIndex('private_requests_open_uq').on(t.performerId, t.userId).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * A private show. The billing clock lives here, not in memory: minute n starts
 * at startedAt + n·60 s; each started minute is one row in
 * private_session_minutes (unique per session and minute) and one wallet charge.
 */
export const privateSessions = pgTable(
  'private_sessions',
  {
    id: uuid('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => privateRequests.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['waiting', 'live', 'ended'] })
      .notNull()
      .default('waiting'),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', {
      enum: ['fan_left', 'creator_left', 'balance', 'network', 'admin', 'not_started'],
    }),
    minutesBilled: integer('minutes_billed').notNull().default(0),
    totalChargedCents: bigint('total_charged_cents', { mode: 'number' }).notNull().default(0),
    fanJoinedAt: timestamp('fan_joined_at', { withTimezone: true }),
    creatorJoinedAt: timestamp('creator_joined_at', { withTimezone: true }),
    /** Last heartbeat of each side (network drop > 30 s ends the show). */
    fanSeenAt: timestamp('fan_seen_at', { withTimezone: true }),
    creatorSeenAt: timestamp('creator_seen_at', { withTimezone: true }),
    /** The minute index for which the low-balance warning was sent. */
    warnedMinute: integer('warned_minute'),
    /** Picked by the private-show sampling (setting privateShowSamplePercent) for a moderator's look. */
    sampledAt: timestamp('sampled_at', { withTimezone: true }),
    sampleReviewedAt: timestamp('sample_reviewed_at', { withTimezone: true }),
    sampleReviewedBy: uuid('sample_reviewed_by'),
    conversationId: uuid('conversation_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('private_sessions_open_idx').on(t.status).where(sql`${t.status} <> 'ended'`),
    index('private_sessions_performer_idx').on(t.performerId, t.createdAt.desc()),
    index('private_sessions_user_idx').on(t.userId, t.createdAt.desc()),
    index('private_sessions_sampled_idx').on(t.sampledAt.desc()).where(sql`${t.sampledAt} is not null`),
  ],
);

/** One row per charged minute: the unique key makes a minute impossible to charge twice. */
export const privateSessionMinutes = pgTable(
  'private_session_minutes',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => privateSessions.id, { onDelete: 'cascade' }),
    minuteIndex: integer('minute_index').notNull(),
    chargeId: uuid('charge_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    chargedAt: timestamp('charged_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.minuteIndex] })],
);

export type StreamRow = typeof streams.$inferSelect;
export type StreamViewerRow = typeof streamViewers.$inferSelect;
export type CreatorStreamSettingsRow = typeof creatorStreamSettings.$inferSelect;
export type PrivateRequestRow = typeof privateRequests.$inferSelect;
export type PrivateSessionRow = typeof privateSessions.$inferSelect;
