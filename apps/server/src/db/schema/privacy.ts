import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A personal-data export (docs/privacy.md): prepared by a job, downloadable through a signed link for 7 days. */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who asked: the account itself, or an admin acting for it. */
    requestedById: uuid('requested_by_id'),
    status: text('status', { enum: ['pending', 'running', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    /** 0–100 while the job runs. */
    progress: integer('progress').notNull().default(0),
    storageKey: text('storage_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.userId, t.createdAt),
    // One open export per account, kept by the database: concurrent requests cannot start two jobs.
    uniqueIndex('data_exports_one_open_per_user').on(t.userId).where(sql`${t.status} in ('pending', 'running')`),
  ],
);

export type DataExportRow = typeof dataExports.$inferSelect;
