import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerTransactions, type PaymentRow, payments } from '../../db/schema';
import type { GatewayName, ProcessorRecord } from '../../lib/payments';
import {
  clearingMoves,
  type Difference,
  dayRange,
  paymentMovesBetween,
  REVERSAL_KINDS,
  type ReconcileReport,
} from './reconcile';

/**
 * Reconciliation against the processor's own report (`--source report`; today CCBill's Data Link
 * Extract, lib/payments/ccbill.extract.ts) instead of the stored postbacks: every reported sale,
 * rebill and reversal is matched to our payment (a sale by CCBill's subscription id, a rebill by its
 * transaction id, a reversal by the subscription it reverses) and compared with what the ledger moved
 * on the processor's clearing account; a record reported twice, or two records for one booking, is a
 * `duplicate`; a booking in the range no record names is `missing_at_processor`.
 */
export async function reconcileReport(
  db: Executor,
  q: { gateway: GatewayName; from: string; to: string },
  records: ProcessorRecord[],
): Promise<ReconcileReport> {
  const { start, end } = dayRange(q.from, q.to);
  const clearingKey = `clearing:${q.gateway}`;
  const ids = [...new Set(records.flatMap((r) => [r.subscriptionId, r.transactionId ?? r.subscriptionId]))];
  const known: PaymentRow[] = ids.length
    ? await db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.gateway, q.gateway),
            or(inArray(payments.externalId, ids), inArray(sql<string>`${payments.metadata}->>'recurringId'`, ids)),
          ),
        )
    : [];
  const inRange = await paymentMovesBetween(db, clearingKey, start, end);
  const rangeIds = inRange.map((m) => m.reference!.slice('payment:'.length));
  const ranged = rangeIds.length
    ? await db
        .select()
        .from(payments)
        .where(and(eq(payments.gateway, q.gateway), inArray(payments.id, rangeIds)))
    : [];
  const all = new Map([...known, ...ranged].map((p) => [p.id, p]));
  const moves = all.size
    ? await clearingMoves(
        db,
        clearingKey,
        inArray(
          ledgerTransactions.reference,
          [...all.keys()].map((id) => `payment:${id}`),
        ),
      )
    : [];
  const saleMove = (p: PaymentRow) => moves.find((m) => m.txId === p.ledgerTransactionId);
  const reversalMove = (p: PaymentRow) =>
    moves.find((m) => m.reference === `payment:${p.id}` && REVERSAL_KINDS.includes(m.kind));

  const differences: Difference[] = [];
  const matched = new Set<string>(); // ledger transaction ids a record accounts for
  const seen = new Set<string>();
  for (const r of records) {
    const key = `${r.type}:${r.subscriptionId}:${r.transactionId ?? ''}:${r.at}:${r.cents}`;
    const base = { what: r.kind, eventId: key, processorCents: r.cents };
    if (seen.has(key)) {
      differences.push({ kind: 'duplicate', ...base, paymentId: null, ledgerCents: null });
      continue;
    }
    seen.add(key);
    const candidates = [...all.values()].filter((p) =>
      r.type === 'NEW'
        ? p.externalId === r.subscriptionId
        : r.type === 'REBILL'
          ? p.externalId === r.transactionId
          : p.externalId === r.subscriptionId ||
            (p.metadata as { recurringId?: string } | null)?.recurringId === r.subscriptionId,
    );
    const pairs = candidates.map((p) => ({ p, m: r.kind === 'sale' ? saleMove(p) : reversalMove(p) }));
    const hit = pairs.find((x) => x.m && Math.abs(x.m.cents) === r.cents) ?? pairs.find((x) => x.m) ?? pairs[0];
    if (!hit?.m) {
      differences.push({ kind: 'missing_in_ledger', ...base, paymentId: hit?.p.id ?? null, ledgerCents: null });
      continue;
    }
    const ledgerCents = Math.abs(hit.m.cents);
    if (matched.has(hit.m.txId)) differences.push({ kind: 'duplicate', ...base, paymentId: hit.p.id, ledgerCents });
    else if (ledgerCents !== r.cents)
      differences.push({ kind: 'amount_mismatch', ...base, paymentId: hit.p.id, ledgerCents });
    matched.add(hit.m.txId);
  }
  for (const m of inRange) {
    const p = all.get(m.reference!.slice('payment:'.length));
    if (!p || matched.has(m.txId)) continue;
    const isSale = p.ledgerTransactionId === m.txId;
    if (!isSale && !REVERSAL_KINDS.includes(m.kind)) continue;
    differences.push({
      kind: 'missing_at_processor',
      what: isSale ? 'sale' : 'reversal',
      paymentId: p.id,
      eventId: null,
      processorCents: null,
      ledgerCents: Math.abs(m.cents),
    });
  }
  return { gateway: q.gateway, from: q.from, to: q.to, reported: records.length, booked: inRange.length, differences };
}
