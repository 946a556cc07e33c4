import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    username: text('username'),
    email: text('email'),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'performer', 'admin'] })
      .notNull()
      .default('user'),
    /**
     * A staff permission beside the role (docs/compliance.md "Moderator role"): a moderator uses the
     * review queue, live monitor, complaints and reports, nothing else of the admin console. Null: none.
     */
    staffRole: text('staff_role', { enum: ['moderator'] }),
    status: text('status', { enum: ['active', 'suspended'] })
      .notNull()
      .default('active'),
    emailVerified: boolean('email_verified').notNull().default(false),
    avatarPath: text('avatar_path'),
    coverPath: text('cover_path'),
    referralCode: text('referral_code').notNull(),
    referredById: uuid('referred_by_id'),
    totpSecret: text('totp_secret'),
    totpEnabled: boolean('totp_enabled').notNull().default(false),
    /** Last accepted TOTP time step, so a code cannot be replayed. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Wallet balance in cents, kept in lock-step with the ledger by the wallet module. */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    /** When the account's personal data was erased (docs/privacy.md); the row stays for the ledger. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** Interface language chosen in settings (packages/shared/src/locales.ts); null: the browser's. */
    locale: text('locale'),
    /** A new address waiting for its confirmation link (docs/accounts.md); `email` stays until then. */
    pendingEmail: text('pending_email'),
    /** Set by a chargeback on the fan's payment: no new purchases until an admin clears it (docs/payments.md). */
    chargebackHoldAt: timestamp('chargeback_hold_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_uq').on(t.referralCode),
    index('users_referred_by_idx').on(t.referredById),
    index('users_role_created_idx').on(t.role, t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Single-use tokens of a user, stored hashed: mailed links (email verification, password recovery,
 * email change and its undo) and the second-factor challenge of a sign-in.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['email_verification', 'password_reset', 'email_change', 'email_change_undo', 'sign_in_challenge'],
    }).notNull(),
    /** The address the token is about: the new one (email_change) or the one to restore (email_change_undo). */
    email: text('email'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_uq').on(t.tokenHash),
    index('account_tokens_user_kind_idx').on(t.userId, t.kind),
  ],
);

/** Social identities (Google, Twitter/X) linked to an account, used to sign in and to show linked accounts. */
export const linkedAccounts = pgTable(
  'linked_accounts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'twitter'] }).notNull(),
    providerUserId: text('provider_user_id').notNull(),
    username: text('username'),
    email: text('email'),
    /** Provider credentials kept for the link (Twitter's OAuth 1.0a access token); never presented. */
    credentials: jsonb('credentials').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('linked_accounts_provider_uid_uq').on(t.provider, t.providerUserId),
    uniqueIndex('linked_accounts_user_provider_uq').on(t.userId, t.provider),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type LinkedAccountRow = typeof linkedAccounts.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
