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

/** A poll a creator attaches to a post (created first, then referenced by the post). */
export const feedPolls = pgTable(
  'feed_polls',
  {
    id: uuid('id').primaryKey(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    endAt: timestamp('end_at', { withTimezone: true }),
    totalVotes: integer('total_votes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feed_polls_performer_idx').on(t.performerId)],
);

export const feedPollOptions = pgTable(
  'feed_poll_options',
  {
    id: uuid('id').primaryKey(),
    pollId: uuid('poll_id')
      .notNull()
      .references(() => feedPolls.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    position: integer('position').notNull(),
    votes: integer('votes').notNull().default(0),
  },
  (t) => [index('feed_poll_options_poll_idx').on(t.pollId, t.position)],
);

/** One vote per fan per poll: the unique index makes concurrent votes safe. */
export const feedPollVotes = pgTable(
  'feed_poll_votes',
  {
    pollId: uuid('poll_id')
      .notNull()
      .references(() => feedPolls.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    optionId: uuid('option_id')
      .notNull()
      .references(() => feedPollOptions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] })],
);

/**
 * A creator's post. Only `published` posts reach fans; `scheduled` ones are
 * published by a job at `scheduledAt`. Timeline order is (published_at, id) desc.
 */
export const feeds = pgTable(
  'feeds',
  {
    id: uuid('id').primaryKey(),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['text', 'photo', 'video', 'audio', 'poll'] }).notNull(),
    text: text('text').notNull().default(''),
    visibility: text('visibility', { enum: ['free', 'subscribers', 'sale'] })
      .notNull()
      .default('free'),
    /** Cents; > 0 only for pay-per-view posts. */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['scheduled', 'published'] })
      .notNull()
      .default('published'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isPinned: boolean('is_pinned').notNull().default(false),
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** Mentioned creators' user ids. */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    pollId: uuid('poll_id').references(() => feedPolls.id, { onDelete: 'set null' }),
    teaserId: uuid('teaser_id').references(() => media.id, { onDelete: 'set null' }),
    thumbnailId: uuid('thumbnail_id').references(() => media.id, { onDelete: 'set null' }),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** Set when an admin takes the post down (moderation); fans no longer reach it until restored. */
    takenDownAt: timestamp('taken_down_at', { withTimezone: true }),
    takedownReason: text('takedown_reason'),
    ...reviewColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Timeline and a creator's wall: newest published posts of given creators.
    index('feeds_performer_published_idx')
      .on(t.performerId, t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.status} = 'published'`),
    // The home timeline walks the newest published posts and keeps those of followed creators.
    index('feeds_published_idx').on(t.publishedAt.desc(), t.id.desc()).where(sql`${t.status} = 'published'`),
    // The scheduled-publishing job.
    index('feeds_scheduled_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    // The creator's own list (every status).
    index('feeds_performer_created_idx').on(t.performerId, t.createdAt.desc()),
  ],
);

/** The media files of a post, in order. */
export const feedFiles = pgTable(
  'feed_files',
  {
    feedId: uuid('feed_id')
      .notNull()
      .references(() => feeds.id, { onDelete: 'cascade' }),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.mediaId] }), uniqueIndex('feed_files_media_uq').on(t.mediaId)],
);

export type FeedRow = typeof feeds.$inferSelect;
export type NewFeedRow = typeof feeds.$inferInsert;
export type FeedPollRow = typeof feedPolls.$inferSelect;
export type FeedPollOptionRow = typeof feedPollOptions.$inferSelect;
