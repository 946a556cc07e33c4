import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Site settings edited by admins; defaults live in code (modules/settings/settings.defaults.ts). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedBy: uuid('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
