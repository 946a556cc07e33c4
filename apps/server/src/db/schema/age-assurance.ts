import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * What the law asks of visitors from a place (issue 27 item 2, docs/compliance.md "Jurisdictions"):
 * a country, or a region of it (US state), → allow | assurance (age assurance required) | block,
 * from an effective date. The most specific row in force wins (region over country).
 */
export const jurisdictionRules = pgTable(
  'jurisdiction_rules',
  {
    id: uuid('id').primaryKey(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    /** ISO 3166-2 subdivision without the country prefix ('TX'); '' for the whole country. */
    region: text('region').notNull().default(''),
    action: text('action', { enum: ['allow', 'assurance', 'block'] }).notNull(),
    /** YYYY-MM-DD (UTC): the rule applies from this day on. */
    effectiveFrom: text('effective_from').notNull(),
    /** The law, as visitors see it named ("Online Safety Act 2023"). */
    law: text('law').notNull().default(''),
    source: text('source').notNull().default(''),
    /** The seed's research is unsure (e.g. enjoined law): the operator confirms. */
    uncertain: boolean('uncertain').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('jurisdiction_rules_place_uq').on(t.country, t.region)],
);

/**
 * One age-assurance check (issue 27 item 1): of an account (userId) or of a visitor's browser
 * session (visitorHash: sha256 of the cookie's token). Only the outcome is kept — provider, method,
 * date — never an image or a document; the built-in provider's encrypted files are deleted after
 * the decision (setting ageAssuranceDeleteFiles).
 */
export const ageAssurances = pgTable(
  'age_assurances',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash'),
    provider: text('provider', { enum: ['yoti', 'builtin'] }).notNull(),
    /** The provider's method (Yoti: AGE_ESTIMATION, DIGITAL_ID, DOC_SCAN…; built-in: ID_AND_SELFIE). */
    method: text('method'),
    status: text('status', { enum: ['pending', 'assured', 'failed', 'expired'] })
      .notNull()
      .default('pending'),
    /** The provider's session id (Yoti). */
    externalId: text('external_id'),
    /** Built-in provider: storage keys of the encrypted ID photo and selfie, until deleted. */
    documentKey: text('document_key'),
    selfieKey: text('selfie_key'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('age_assurances_user_idx').on(t.userId, t.decidedAt),
    index('age_assurances_visitor_idx').on(t.visitorHash),
    index('age_assurances_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

/** A fan's declared country (and region): jurisdiction rules apply by it as well as by the IP. */
export const declaredLocations = pgTable('declared_locations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  country: text('country').notNull(),
  region: text('region').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type JurisdictionRuleRow = typeof jurisdictionRules.$inferSelect;
export type AgeAssuranceRow = typeof ageAssurances.$inferSelect;
