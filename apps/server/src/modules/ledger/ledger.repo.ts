import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { type LedgerAccountKind, ledgerAccounts, ledgerEntries, ledgerTransactions, users } from '../../db/schema';

export interface AccountSpec {
  key: string;
  kind: LedgerAccountKind;
  ownerId: string | null;
}

/** Creates missing accounts (in key order, so concurrent creators never deadlock) and returns key → id. */
export async function ensureAccounts(tx: Executor, specs: AccountSpec[]): Promise<Map<string, string>> {
  const sorted = [...new Map(specs.map((s) => [s.key, s])).values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  const keys = sorted.map((s) => s.key);
  const existing = await tx
    .select({ id: ledgerAccounts.id, key: ledgerAccounts.key })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.key, keys));
  const ids = new Map(existing.map((r) => [r.key, r.id]));
  const missing = sorted.filter((s) => !ids.has(s.key));
  if (missing.length > 0) {
    await tx
      .insert(ledgerAccounts)
      .values(missing.map((s) => ({ id: newId(), key: s.key, kind: s.kind, ownerId: s.ownerId })))
      .onConflictDoNothing();
    const created = await tx
      .select({ id: ledgerAccounts.id, key: ledgerAccounts.key })
      .from(ledgerAccounts)
      .where(
        inArray(
          ledgerAccounts.key,
          missing.map((s) => s.key),
        ),
      );
    for (const r of created) ids.set(r.key, r.id);
  }
  return ids;
}

/** Row-locks wallet owners (users) first, then accounts in id order: one global lock order, no deadlocks. */
export async function lockForPosting(tx: Executor, walletOwnerIds: string[], accountIds: string[]) {
  if (walletOwnerIds.length > 0) {
    await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.id, walletOwnerIds))
      .orderBy(asc(users.id))
      .for('update');
  }
  return tx
    .select({
      id: ledgerAccounts.id,
      key: ledgerAccounts.key,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
      ownerId: ledgerAccounts.ownerId,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
}

export async function insertTransaction(
  tx: Executor,
  t: {
    kind: string;
    reference?: string | null;
    memo?: string | null;
    reversesId?: string | null;
    metadata?: Record<string, unknown> | null;
  },
  entries: Array<{ accountId: string; amount: number }>,
) {
  const id = newId();
  await tx.insert(ledgerTransactions).values({
    id,
    kind: t.kind,
    reference: t.reference ?? null,
    memo: t.memo ?? null,
    reversesId: t.reversesId ?? null,
    metadata: t.metadata ?? null,
  });
  await tx
    .insert(ledgerEntries)
    .values(entries.map((e) => ({ id: newId(), transactionId: id, accountId: e.accountId, amount: e.amount })));
  return id;
}

/** One UPDATE for all accounts: the rows are already locked in order by lockForPosting. */
export async function applyBalances(tx: Executor, deltas: Array<{ accountId: string; amount: number }>) {
  if (deltas.length === 0) return;
  const values = sql.join(
    deltas.map((d) => sql`(${d.accountId}::uuid, ${d.amount}::bigint)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ledger_accounts a set balance = a.balance + v.delta, updated_at = now() from (values ${values}) as v(id, delta) where a.id = v.id`,
  );
}

export async function applyWalletBalances(tx: Executor, deltas: Array<{ userId: string; amount: number }>) {
  for (const d of deltas) {
    await tx
      .update(users)
      .set({ balance: sql`${users.balance} + ${d.amount}` })
      .where(eq(users.id, d.userId));
  }
}

export async function entriesOf(tx: Executor, transactionId: string) {
  return tx
    .select({
      accountId: ledgerEntries.accountId,
      amount: ledgerEntries.amount,
      key: ledgerAccounts.key,
      kind: ledgerAccounts.kind,
      ownerId: ledgerAccounts.ownerId,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerEntries.transactionId, transactionId));
}

export async function findTransaction(tx: Executor, id: string) {
  const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).limit(1);
  return row ?? null;
}

/** The transaction of a kind booked for a reference (e.g. the `coupon_funding` of 'charge:<id>'). */
export async function findTransactionByReference(tx: Executor, kind: string, reference: string) {
  const [row] = await tx
    .select()
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.kind, kind), eq(ledgerTransactions.reference, reference)))
    .limit(1);
  return row ?? null;
}

export async function findReversal(tx: Executor, id: string) {
  const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.reversesId, id)).limit(1);
  return row ?? null;
}

export async function accountBalance(tx: Executor, key: string): Promise<number> {
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, key))
    .limit(1);
  return row?.balance ?? 0;
}
