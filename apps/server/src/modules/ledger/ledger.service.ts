import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { LedgerAccountKind } from '../../db/schema';
import { AppError, appError, paymentRequired } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import {
  type AccountSpec,
  accountBalance,
  applyBalances,
  applyWalletBalances,
  ensureAccounts,
  entriesOf,
  findReversal,
  findTransaction,
  insertTransaction,
  lockForPosting,
} from './ledger.repo';

/**
 * Where money sits. Per-user accounts: a fan's `wallet` (mirrored in users.balance),
 * a creator's `earnings` and payout `reserve`, a referrer's `referral` earnings.
 * Site accounts: `platform` revenue and one `clearing` account per gateway.
 */
export type AccountRef =
  | { kind: 'wallet' | 'earnings' | 'reserve' | 'referral'; ownerId: string }
  | { kind: 'platform' }
  | { kind: 'clearing'; gateway: string };

export const wallet = (ownerId: string): AccountRef => ({ kind: 'wallet', ownerId });
export const earningsAccount = (ownerId: string): AccountRef => ({ kind: 'earnings', ownerId });
export const reserveAccount = (ownerId: string): AccountRef => ({ kind: 'reserve', ownerId });
export const referralAccount = (ownerId: string): AccountRef => ({ kind: 'referral', ownerId });
export const platform: AccountRef = { kind: 'platform' };
export const clearing = (gateway: string): AccountRef => ({ kind: 'clearing', gateway });

export function accountSpec(ref: AccountRef): AccountSpec {
  if (ref.kind === 'platform') return { key: 'platform', kind: 'platform', ownerId: null };
  if (ref.kind === 'clearing') return { key: `clearing:${ref.gateway}`, kind: 'clearing', ownerId: null };
  return { key: `${ref.kind}:${ref.ownerId}`, kind: ref.kind as LedgerAccountKind, ownerId: ref.ownerId };
}

export interface Posting {
  /** topup, charge, tip, subscription, refund, chargeback, payout, payout_release … */
  kind: string;
  reference?: string | null;
  memo?: string | null;
  reversesId?: string | null;
  metadata?: Record<string, unknown> | null;
  entries: Array<{ account: AccountRef; amount: number }>;
}

export interface Posted {
  transactionId: string;
  /** New balance per account key, after this transaction. */
  balances: Map<string, number>;
}

/** Account kinds that may never go below zero: a fan never spends more than they hold; a reserve never over-releases. */
const NON_NEGATIVE: ReadonlySet<string> = new Set(['wallet', 'reserve']);

/**
 * Posts one balanced transaction. Must run inside the caller's database
 * transaction (pass `tx`): locks wallet owners' user rows, then the accounts,
 * in one global order; updates account balances and users.balance in lock-step;
 * refuses anything that does not sum to zero or would take a wallet below zero.
 */
export async function post(tx: Executor, p: Posting): Promise<Posted> {
  const merged = new Map<string, { spec: AccountSpec; amount: number }>();
  for (const e of p.entries) {
    if (!Number.isSafeInteger(e.amount))
      throw new Error(`ledger amount must be an integer number of cents: ${e.amount}`);
    const spec = accountSpec(e.account);
    const cur = merged.get(spec.key);
    if (cur) cur.amount += e.amount;
    else merged.set(spec.key, { spec, amount: e.amount });
  }
  const lines = [...merged.values()].filter((l) => l.amount !== 0);
  const sum = lines.reduce((s, l) => s + l.amount, 0);
  if (sum !== 0) throw new Error(`ledger transaction does not balance (sum ${sum})`);
  if (lines.length === 0) throw new Error('ledger transaction has no entries');

  const ids = await ensureAccounts(
    tx,
    lines.map((l) => l.spec),
  );
  const walletOwners = lines.filter((l) => l.spec.kind === 'wallet').map((l) => l.spec.ownerId!);
  const locked = await lockForPosting(tx, walletOwners, [...ids.values()]);
  const balances = new Map<string, number>();
  for (const row of locked) {
    const line = merged.get(row.key)!;
    const next = row.balance + line.amount;
    if (NON_NEGATIVE.has(row.kind) && line.amount < 0 && next < 0) {
      throw row.kind === 'wallet'
        ? paymentRequired(msg('error.insufficientBalance'))
        : appError(409, 'INSUFFICIENT_RESERVE', msg('error.ledger.insufficientReserve'));
    }
    balances.set(row.key, next);
  }
  const entries = lines.map((l) => ({ accountId: ids.get(l.spec.key)!, amount: l.amount }));
  const transactionId = await insertTransaction(tx, p, entries);
  await applyBalances(tx, entries);
  await applyWalletBalances(
    tx,
    lines.filter((l) => l.spec.kind === 'wallet').map((l) => ({ userId: l.spec.ownerId!, amount: l.amount })),
  );
  return { transactionId, balances };
}

/** Moves an amount from one account to another (one balanced transaction). */
export function transfer(
  tx: Executor,
  t: { from: AccountRef; to: AccountRef; amountCents: number; kind: string; reference?: string; memo?: string },
): Promise<Posted> {
  if (!Number.isSafeInteger(t.amountCents) || t.amountCents <= 0)
    throw new Error('transfer amount must be positive cents');
  return post(tx, {
    kind: t.kind,
    reference: t.reference,
    memo: t.memo,
    entries: [
      { account: t.from, amount: -t.amountCents },
      { account: t.to, amount: t.amountCents },
    ],
  });
}

/**
 * Posts the exact opposite of an earlier transaction (refunds, chargebacks):
 * every account gets back what it got, so the creator returns the NET they
 * earned, the platform its commission, referrers their shares. Once only.
 */
export async function reverse(
  tx: Executor,
  transactionId: string,
  r: { kind: string; reference?: string; memo?: string },
): Promise<Posted> {
  const original = await findTransaction(tx, transactionId);
  if (!original) throw new AppError(404, 'Ledger transaction not found', 'NOT_FOUND');
  if (await findReversal(tx, transactionId))
    throw appError(409, 'ALREADY_REVERSED', msg('error.ledger.alreadyReversed'));
  const lines = await entriesOf(tx, transactionId);
  return post(tx, {
    kind: r.kind,
    reference: r.reference ?? original.reference,
    memo: r.memo,
    reversesId: transactionId,
    entries: lines.map((l) => ({ account: refOf(l), amount: -l.amount })),
  });
}

export function refOf(l: { kind: string; ownerId: string | null; key: string }): AccountRef {
  if (l.kind === 'platform') return platform;
  if (l.kind === 'clearing') return clearing(l.key.slice('clearing:'.length));
  return { kind: l.kind as 'wallet', ownerId: l.ownerId! };
}

export function balanceOf(tx: Executor, ref: AccountRef) {
  return accountBalance(tx, accountSpec(ref).key);
}

export interface LedgerReport {
  ok: boolean;
  transactions: number;
  entries: number;
  unbalancedTransactions: Array<{ id: string; sum: number }>;
  accountMismatches: Array<{ key: string; balance: number; entries: number }>;
  walletMismatches: Array<{ userId: string; balance: number; wallet: number }>;
  negativeWallets: Array<{ userId: string; balance: number }>;
}

/**
 * Proves the books: every transaction sums to zero, every account's balance
 * equals the sum of its entries, every users.balance equals its wallet account,
 * and no wallet is negative. Used by `npm run ledger:verify` and after tests.
 */
export async function verifyLedger(db: Executor): Promise<LedgerReport> {
  const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;
  const unbalanced = rows<{ id: string; sum: string }>(
    await db.execute(
      sql`select transaction_id as id, sum(amount)::text as sum from ledger_entries group by transaction_id having sum(amount) <> 0`,
    ),
  );
  const accounts = rows<{ key: string; balance: string; entries: string }>(
    await db.execute(sql`select a.key, a.balance::text as balance, coalesce(e.total, 0)::text as entries
      from ledger_accounts a left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
      where a.balance <> coalesce(e.total, 0)`),
  );
  const wallets = rows<{ user_id: string; balance: string; wallet: string }>(
    await db.execute(sql`select u.id as user_id, u.balance::text as balance, coalesce(a.balance, 0)::text as wallet
      from users u left join ledger_accounts a on a.key = 'wallet:' || u.id::text
      where u.balance <> coalesce(a.balance, 0)`),
  );
  const negatives = rows<{ user_id: string; balance: string }>(
    await db.execute(sql`select id as user_id, balance::text as balance from users where balance < 0`),
  );
  const [counts] = rows<{ transactions: string; entries: string }>(
    await db.execute(
      sql`select (select count(*) from ledger_transactions)::text as transactions, (select count(*) from ledger_entries)::text as entries`,
    ),
  );
  const report: LedgerReport = {
    ok: false,
    transactions: Number(counts.transactions),
    entries: Number(counts.entries),
    unbalancedTransactions: unbalanced.map((r) => ({ id: r.id, sum: Number(r.sum) })),
    accountMismatches: accounts.map((r) => ({ key: r.key, balance: Number(r.balance), entries: Number(r.entries) })),
    walletMismatches: wallets.map((r) => ({ userId: r.user_id, balance: Number(r.balance), wallet: Number(r.wallet) })),
    negativeWallets: negatives.map((r) => ({ userId: r.user_id, balance: Number(r.balance) })),
  };
  report.ok =
    report.unbalancedTransactions.length === 0 &&
    report.accountMismatches.length === 0 &&
    report.walletMismatches.length === 0 &&
    report.negativeWallets.length === 0;
  return report;
}

/** Repo functions other modules may call (through this module's index.ts). */
export { ensureAccounts, entriesOf, findReversal, findTransactionByReference, lockForPosting } from './ledger.repo';
