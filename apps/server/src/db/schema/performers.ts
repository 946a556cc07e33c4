import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A creator's public profile; one row per performer account (users.role = 'performer'). */
export const performers = pgTable(
  'performers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull().default(''),
    bio: text('bio').notNull().default(''),
    gender: text('gender'),
    sexualOrientation: text('sexual_orientation'),
    country: text('country'),
    state: text('state'),
    city: text('city'),
    languages: jsonb('languages').$type<string[]>().notNull().default([]),
    dateOfBirth: text('date_of_birth'),
    age: text('age'),
    height: text('height'),
    weight: text('weight'),
    bodyType: text('body_type'),
    ethnicity: text('ethnicity'),
    breastSize: text('breast_size'),
    buttSize: text('butt_size'),
    hair: text('hair'),
    eyes: text('eyes'),
    socialLinks: jsonb('social_links').$type<Record<string, string>>().notNull().default({}),
    welcomeVideoPath: text('welcome_video_path'),
    /** Subscription prices in cents. */
    monthlyPrice: bigint('monthly_price', { mode: 'number' }).notNull().default(999),
    yearlyPrice: bigint('yearly_price', { mode: 'number' }).notNull().default(9999),
    freeSubscriptionEnabled: boolean('free_subscription_enabled').notNull().default(false),
    freeSubscriptionDays: integer('free_subscription_days').notNull().default(1),
    verificationStatus: text('verification_status', { enum: ['unverified', 'pending', 'verified', 'rejected'] })
      .notNull()
      .default('unverified'),
    verificationNote: text('verification_note'),
    /** Admin override of the site commission, percent; null = site default. */
    commissionPercent: integer('commission_percent'),
    isOnline: boolean('is_online').notNull().default(false),
    isLive: boolean('is_live').notNull().default(false),
    showSubscriberCount: boolean('show_subscriber_count').notNull().default(true),
    watermarkEnabled: boolean('watermark_enabled').notNull().default(false),
    messageRequiresSubscription: boolean('message_requires_subscription').notNull().default(false),
    /** Payout destinations (bank transfer, PayPal); read by the payouts module. */
    /** Exact follower count, kept in step with the follows table in the same transaction (profiles). */
    followersCount: integer('followers_count').notNull().default(0),
    /** Last time the creator used the site (throttled; profiles module), for the "recently active" sort. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** lower(username, display name, bio), kept by a trigger (profiles migration); trigram-indexed (listed rows) for search. */
    searchText: text('search_text').notNull().default(''),
    /**
     * May appear in discovery: the account is an active performer with a username. Kept by triggers on
     * users and performers (migration 0011), so search filters and counts need no join with users.
     */
    listed: boolean('listed').notNull().default(false),
    stats: jsonb('stats')
      .$type<{ posts: number; media: number; likes: number; followers: number; subscribers: number }>()
      .notNull()
      .default({ posts: 0, media: 0, likes: 0, followers: 0, subscribers: 0 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('performers_country_idx').on(t.country),
    index('performers_created_idx').on(t.createdAt),
    index('performers_last_active_idx').on(t.lastActiveAt),
    index('performers_display_name_idx').on(t.displayName),
    // Discovery (profiles.repo searchPerformers): partial on listed creators, one per sort and the common filters.
    index('performers_listed_followers_idx').on(t.followersCount, t.userId).where(sql`${t.listed}`),
    index('performers_listed_created_idx').on(t.createdAt, t.userId).where(sql`${t.listed}`),
    index('performers_listed_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`).where(sql`${t.listed}`),
    index('performers_listed_country_gender_idx').on(t.country, t.gender).where(sql`${t.listed}`),
    index('performers_listed_gender_idx').on(t.gender).where(sql`${t.listed}`),
    index('performers_search_idx').using(
      'gin',
      sql`to_tsvector('simple', coalesce(${t.displayName}, '') || ' ' || coalesce(${t.bio}, ''))`,
    ),
  ],
);

/** Identity documents a creator uploads for verification. Private: owner and admins only. */
export const identityDocuments = pgTable(
  'identity_documents',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['id_front', 'id_back', 'selfie', 'other'] })
      .notNull()
      .default('other'),
    /** Path relative to DATA_DIR/private; never served without an owner/admin check. */
    storagePath: text('storage_path').notNull(),
    originalName: text('original_name').notNull().default(''),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('identity_documents_user_idx').on(t.userId, t.createdAt)],
);

/** An identity verification attempt with a provider (manual review or Yoti IDV). */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['manual', 'yoti'] }).notNull(),
    externalId: text('external_id'),
    clientToken: text('client_token'),
    status: text('status', { enum: ['pending', 'verified', 'rejected', 'expired'] })
      .notNull()
      .default('pending'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    reviewedById: uuid('reviewed_by_id'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('identity_verifications_user_idx').on(t.userId, t.createdAt),
    index('identity_verifications_status_idx').on(t.status, t.createdAt),
  ],
);

export type PerformerRow = typeof performers.$inferSelect;
export type IdentityDocumentRow = typeof identityDocuments.$inferSelect;
export type IdentityVerificationRow = typeof identityVerifications.$inferSelect;
