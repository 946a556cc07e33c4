import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { earnings, type PaymentRow, referralEarnings } from '../../db/schema';
import {
  type AccountRef,
  accountSpec,
  ensureAccounts,
  entriesOf,
  findReversal,
  lockForPosting,
  platform,
  post,
  refOf,
} from '../ledger';

export type ReversalStatus = 'refunded' | 'chargeback';
export type ChargebackPolicy = 'creator_pays' | 'platform_absorbs';

/** People's accounts a reversal takes back from only as far as their balance reaches. */
const PERSONAL = new Set(['wallet', 'reserve', 'referral']);

/**
 * The gateway took back a card payment another module credited (`succeeded`
 * posted clearing → creator earnings, referral shares, platform): the opposite
 * of that ledger transaction, in the caller's transaction, once (the ledger's
 * unique `reverses_id`). The clearing account gets the whole charge back.
 * Policy `creator_pays`: the creator returns the whole net from their earnings
 * (issue 15: earnings still on hold cover it; after a payout the earnings go
 * negative and the next earnings pay that first — never a fan's wallet, never
 * the reserve of an open payout request); referrers return their shares as far
 * as their balances reach; the platform bears the rest. `platform_absorbs`: creators and referrers keep
 * theirs, the platform bears it all. Earning rows are marked refunded/chargeback.
 * Returns the reversal's ledger transaction id, or null when nothing was credited.
 */
export async function reverseCardCredit(
  tx: Executor,
  p: PaymentRow,
  o: { status: ReversalStatus; policy: ChargebackPolicy; memo?: string },
): Promise<{ transactionId: string; platformLossCents: number } | null> {
  const original = p.ledgerTransactionId;
  if (!original || (await findReversal(tx, original))) return null;
  const lines = await entriesOf(tx, original);
  const refs = [...lines.map(refOf), platform];
  const ids = await ensureAccounts(tx, refs.map(accountSpec));
  const locked = await lockForPosting(tx, [], [...ids.values()]);
  const balance = new Map(locked.map((r) => [r.key, r.balance]));
  const entries: Array<{ account: AccountRef; amount: number }> = [];
  let platformBack = 0;
  let loss = 0;
  for (const l of lines) {
    const back = -l.amount; // what this account returns (negative) or gets back (positive)
    if (l.kind === 'platform') {
      platformBack += back;
      continue;
    }
    if (back < 0 && l.kind === 'earnings') {
      if (o.policy === 'creator_pays') entries.push({ account: refOf(l), amount: back });
      else loss += -back;
      continue;
    }
    if (back < 0 && PERSONAL.has(l.kind)) {
      const have = Math.max(0, balance.get(l.key) ?? 0);
      const take = o.policy === 'creator_pays' ? Math.min(-back, have) : 0;
      loss += -back - take;
      if (take > 0) entries.push({ account: refOf(l), amount: -take });
      continue;
    }
    entries.push({ account: refOf(l), amount: back });
  }
  entries.push({ account: platform, amount: platformBack - loss });
  const posted = await post(tx, {
    kind: o.status === 'refunded' ? 'refund' : 'chargeback',
    reference: `payment:${p.id}`,
    memo: o.memo,
    reversesId: original,
    metadata: loss > 0 ? { platformLossCents: loss, policy: o.policy } : { policy: o.policy },
    entries,
  });
  await tx.update(earnings).set({ status: o.status }).where(eq(earnings.ledgerTransactionId, original));
  await tx.update(referralEarnings).set({ status: o.status }).where(eq(referralEarnings.ledgerTransactionId, original));
  return { transactionId: posted.transactionId, platformLossCents: loss };
}
