import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Double-entry ledger (ARCHITECTURE: Money). An account per fan wallet, creator
 * earnings, creator payout reserve, referral earnings, plus the platform's revenue
 * and one clearing account per gateway. Balances are "what the platform holds for
 * the account holder"; every transaction's entries sum to zero, so the clearing
 * account goes negative as money comes in from card networks.
 */
export const LEDGER_ACCOUNT_KINDS = ['wallet', 'earnings', 'reserve', 'referral', 'platform', 'clearing'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey(),
    /** 'wallet:<userId>', 'earnings:<userId>', 'platform', 'clearing:sandbox' … */
    key: text('key').notNull(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    ownerId: uuid('owner_id'),
    /** Kept in lock-step with the sum of the account's entries (cents). */
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_accounts_key_uq').on(t.key), index('ledger_accounts_owner_idx').on(t.ownerId, t.kind)],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey(),
    /** topup, charge, tip, subscription, refund, chargeback, payout, payout_release, adjustment … */
    kind: text('kind').notNull(),
    /** What caused it: 'payment:<id>', 'charge:<id>' … */
    reference: text('reference'),
    /** The transaction this one reverses (refunds, chargebacks). */
    reversesId: uuid('reverses_id'),
    memo: text('memo'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_transactions_reference_idx').on(t.reference),
    uniqueIndex('ledger_transactions_reverses_uq').on(t.reversesId),
    index('ledger_transactions_created_idx').on(t.createdAt),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: 'restrict' }),
    /** Signed cents: positive credits the holder, negative debits. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_tx_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    check('ledger_entries_nonzero', sql`${t.amount} <> 0`),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransactionRow = typeof ledgerTransactions.$inferSelect;
