import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * Consent of everyone depicted (issue 26 item 3) and the §2257 record of each person
 * (item 4): one row per person named in a creator's files. Publication of an item whose
 * files carry an incomplete or revoked release is refused by the review gate.
 */
export const releases = pgTable(
  'releases',
  {
    id: uuid('id').primaryKey(),
    /** The producer (the creator who named the person). */
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The item the person was named from (feed, gallery, video…, message): for display and the gate. */
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    title: text('title').notNull().default(''),
    /** The files the person appears in: the gate checks every publishing path against these. */
    mediaIds: uuid('media_ids').array().notNull(),
    /** An existing creator who confirms in the app (their creator verification is their ID check). */
    performerId: uuid('performer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name the creator gave. */
    displayName: text('display_name').notNull(),
    productionDate: text('production_date').notNull(),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }),
    // --- the signed release
    legalName: text('legal_name'),
    aliases: text('aliases'),
    dateOfBirth: text('date_of_birth'),
    signedDate: text('signed_date'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    /** SHA-256 of each file at signing (media id → hex): what the person consented to. */
    contentHashes: jsonb('content_hashes').$type<Record<string, string>>(),
    // --- identity and age
    identityStatus: text('identity_status', { enum: ['none', 'pending', 'verified', 'rejected'] })
      .notNull()
      .default('none'),
    /** manual (ID document + selfie reviewed by an admin) | yoti | creator (their creator verification). */
    identityProvider: text('identity_provider'),
    identityExternalId: text('identity_external_id'),
    idDocumentType: text('id_document_type'),
    /** Masked: the last four characters only. */
    idDocumentNumber: text('id_document_number'),
    /** Private storage keys of the ID document and the selfie. */
    idDocumentKeys: jsonb('id_document_keys').$type<string[]>().notNull().default([]),
    identityCheckedAt: timestamp('identity_checked_at', { withTimezone: true }),
    identityCheckedBy: uuid('identity_checked_by'),
    identityNote: text('identity_note'),
    // --- withdrawal
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    /**
     * Set when the producer's or the named creator's account is erased: the record is kept until
     * then (§2257 retention, setting `records2257RetentionYears`), then purged by a daily job.
     */
    retainUntil: timestamp('retain_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('releases_media_idx').using('gin', t.mediaIds),
    index('releases_subject_idx').on(t.subjectId),
    index('releases_creator_idx').on(t.creatorId, t.createdAt),
    index('releases_performer_idx').on(t.performerId).where(sql`${t.performerId} is not null`),
  ],
);

export type ReleaseRow = typeof releases.$inferSelect;

/**
 * The §2257 records store (issue 26 item 4): what the record of a person with an account needs
 * (their name, other names, date of birth, how and when their identity was checked, the copies of
 * their ID documents), copied here when the account is erased, because the law asks the producer
 * to keep it after the account is gone. Never shown on a profile; admins read it through the
 * §2257 export. Purged after `retainUntil` by the daily `records2257.retention` job.
 */
export const records2257People = pgTable('records_2257_people', {
  /** The erased account (its anonymised row stays; no foreign key, so the record outlives it anyway). */
  userId: uuid('user_id').primaryKey(),
  legalName: text('legal_name').notNull().default(''),
  /** Other names used on the site (the former username). */
  aliases: text('aliases').notNull().default(''),
  dateOfBirth: text('date_of_birth'),
  verificationStatus: text('verification_status').notNull().default(''),
  verificationProvider: text('verification_provider'),
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  /** Private storage keys of the ID documents and selfie (not deleted with the account). */
  idDocuments: jsonb('id_documents').$type<Array<{ kind: string; key: string }>>().notNull().default([]),
  /** When the person was a creator (account creation), for the record. */
  accountCreatedAt: timestamp('account_created_at', { withTimezone: true }),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
  retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
});

export type Records2257PersonRow = typeof records2257People.$inferSelect;
