import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { media } from './media';
import { users } from './users';

export const HASH_KINDS = ['pdq', 'md5', 'sha256'] as const;
export type HashKind = (typeof HASH_KINDS)[number];

/**
 * A list of known-abuse hashes the operator loaded (issue 26 item 5), or the built-in list of
 * content this site removed (`source: 'removed'`, one row, filled by takedowns).
 */
export const hashLists = pgTable('hash_lists', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  /** What the list holds: one kind for a loaded file; 'mixed' for the site's own list. */
  kind: text('kind', { enum: ['pdq', 'md5', 'sha256', 'mixed'] }).notNull(),
  source: text('source', { enum: ['operator', 'removed'] })
    .notNull()
    .default('operator'),
  /** PDQ: a hash within this Hamming distance matches (Meta suggests ≤ 31). Exact kinds ignore it. */
  threshold: integer('threshold').notNull().default(31),
  entryCount: integer('entry_count').notNull().default(0),
  createdBy: uuid('created_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const hashListEntries = pgTable(
  'hash_list_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listId: uuid('list_id')
      .notNull()
      .references(() => hashLists.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: HASH_KINDS }).notNull(),
    /** Lower-case hex. */
    value: text('value').notNull(),
    /** The line's other columns (an id, a label) or, for removed content, the item taken down. */
    note: text('note'),
  },
  (t) => [
    uniqueIndex('hash_list_entries_list_value_idx').on(t.listId, t.kind, t.value),
    index('hash_list_entries_value_idx').on(t.kind, t.value),
  ],
);

export interface PdqFrame {
  hash: string;
  quality: number;
  /** Seconds into a video; absent for photos. */
  at?: number;
}

/** The hashes of every stored upload: exact ones for all files, PDQ for photos and sampled video frames. */
export const mediaHashes = pgTable(
  'media_hashes',
  {
    mediaId: uuid('media_id')
      .primaryKey()
      .references(() => media.id, { onDelete: 'cascade' }),
    sha256: text('sha256').notNull(),
    md5: text('md5').notNull(),
    pdq: jsonb('pdq').$type<PdqFrame[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_hashes_sha256_idx').on(t.sha256)],
);

export interface HashHit {
  listId: string;
  listName: string;
  source: 'operator' | 'removed';
  kind: HashKind;
  value: string;
  /** 0 for exact kinds; the Hamming distance for PDQ. */
  distance: number;
  /** The video frame (seconds) that matched. */
  at?: number;
}

/** The CyberTipline report fields we fill (docs/compliance.md), kept as the admin reviews them. */
export type CyberTiplineDraft = Record<string, unknown>;

/**
 * An upload that matched a hash list: never stored as media, its bytes kept in the evidence store
 * (DATA_DIR/evidence, no route serves it) until `retainUntil`, with what a report needs.
 */
export const hashMatches = pgTable(
  'hash_matches',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as text too: the report survives the account's deletion. */
    username: text('username').notNull(),
    email: text('email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    md5: text('md5').notNull(),
    pdq: jsonb('pdq').$type<PdqFrame[]>().notNull().default([]),
    hits: jsonb('hits').$type<HashHit[]>().notNull(),
    /** Key in the evidence store; null once deleted after retention. */
    evidenceKey: text('evidence_key'),
    retainUntil: timestamp('retain_until', { withTimezone: true }).notNull(),
    evidenceDeletedAt: timestamp('evidence_deleted_at', { withTimezone: true }),
    report: jsonb('report').$type<CyberTiplineDraft>().notNull(),
    reportStatus: text('report_status', { enum: ['draft', 'sent', 'dismissed'] })
      .notNull()
      .default('draft'),
    /** The report id NCMEC returned, entered by the admin who sent it. */
    ncmecReportId: text('ncmec_report_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: uuid('sent_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('hash_matches_created_idx').on(t.createdAt), index('hash_matches_user_idx').on(t.userId)],
);

export type HashListRow = typeof hashLists.$inferSelect;
export type HashMatchRow = typeof hashMatches.$inferSelect;
