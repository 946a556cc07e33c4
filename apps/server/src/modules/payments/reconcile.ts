import { and, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payments, webhookEvents } from '../../db/schema';
import type { GatewayName } from '../../lib/payments';

/**
 * Reconciliation (`npm run payments:reconcile -- --gateway ccbill --from 2026-11-01 --to 2026-11-30`,
 * docs/payments.md): what the processor reported — its postbacks as stored in `webhook_events`,
 * each joined to the payment it was applied to — against what the ledger booked for that payment
 * on the processor's clearing account. None of the three processors' reporting APIs is read yet:
 * the processor's side is its stored postbacks.
 */
export type DifferenceKind = 'missing_in_ledger' | 'missing_at_processor' | 'amount_mismatch' | 'duplicate';

export interface Difference {
  kind: DifferenceKind;
  /** A sale (first charge or renewal) or a reversal (refund, void, chargeback). */
  what: 'sale' | 'reversal';
  paymentId: string | null;
  eventId: string | null;
  /** Cents the processor reported / the ledger moved on the clearing account (absolute). */
  processorCents: number | null;
  ledgerCents: number | null;
}

export interface ReconcileReport {
  gateway: string;
  from: string;
  to: string;
  /** Money postbacks in the range, and ledger movements of the gateway's payments in it. */
  reported: number;
  booked: number;
  differences: Difference[];
}

const SALE_EVENTS = ['payment.succeeded', 'recurring.paid'];
const REVERSAL_EVENTS = ['payment.refunded', 'payment.disputed'];
export const REVERSAL_KINDS = ['refund', 'chargeback', 'topup_refund'];

/** The amount a stored postback names, per processor's field names (cents), or null. */
export function reportedCents(gateway: string, payload: unknown): number | null {
  if (!payload || typeof payload !== 'object') return null;
  const f = payload as Record<string, unknown>;
  const fields: Record<string, string[]> = {
    ccbill: ['billedInitialPrice', 'billedAmount', 'billedRecurringPrice', 'accountingAmount', 'amount'],
    segpay: ['price'],
    verotel: ['priceAmount', 'amount'],
  };
  for (const k of fields[gateway] ?? []) {
    const v = f[k];
    if (typeof v === 'string' && /^\d+(\.\d{1,2})?$/.test(v.trim())) return Math.round(Number(v) * 100);
  }
  return null;
}

/** Ledger transactions that moved the clearing account, with the sum they moved there (cents). */
/** The clearing account's payment movements (sales and reversals) booked in [start, end). */
export function paymentMovesBetween(db: Executor, clearingKey: string, start: Date, end: Date) {
  return clearingMoves(
    db,
    clearingKey,
    and(
      gte(ledgerTransactions.createdAt, start),
      lt(ledgerTransactions.createdAt, end),
      sql`${ledgerTransactions.reference} like 'payment:%'`,
    ),
  );
}

export function clearingMoves(db: Executor, clearingKey: string, where: SQL | undefined) {
  return db
    .select({
      txId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      reference: ledgerTransactions.reference,
      cents: sql<number>`sum(${ledgerEntries.amount})`.mapWith(Number),
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.key, clearingKey), where))
    .groupBy(ledgerTransactions.id);
}

/** `to` is a whole day: the range is [from 00:00, to + 1 day 00:00) UTC. */
export function dayRange(from: string, to: string): { start: Date; end: Date } {
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(`${to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start, end };
}

export async function reconcile(
  db: Executor,
  q: { gateway: GatewayName; from: string; to: string },
): Promise<ReconcileReport> {
  const { start, end } = dayRange(q.from, q.to);
  const events = await db
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.gateway, q.gateway),
        gte(webhookEvents.createdAt, start),
        lt(webhookEvents.createdAt, end),
        inArray(webhookEvents.type, [...SALE_EVENTS, ...REVERSAL_EVENTS]),
      ),
    );
  // the gateway's payments whose sale or reversal the ledger booked in the range
  const clearingKey = `clearing:${q.gateway}`;
  const moves = await paymentMovesBetween(db, clearingKey, start, end);
  const paymentIds = [
    ...new Set([
      ...events.map((e) => e.paymentId).filter((id): id is string => Boolean(id)),
      ...moves.map((m) => m.reference!.slice('payment:'.length)),
    ]),
  ];
  const rows = paymentIds.length
    ? await db
        .select({ id: payments.id, ledgerTransactionId: payments.ledgerTransactionId })
        .from(payments)
        .where(and(eq(payments.gateway, q.gateway), inArray(payments.id, paymentIds)))
    : [];
  const saleTx = new Map(rows.map((r) => [r.id, r.ledgerTransactionId]));
  // every ledger movement on the clearing account of those payments, whenever booked
  const allMoves = paymentIds.length
    ? await clearingMoves(
        db,
        clearingKey,
        inArray(
          ledgerTransactions.reference,
          paymentIds.map((id) => `payment:${id}`),
        ),
      )
    : [];
  const saleOf = (paymentId: string) => allMoves.find((m) => m.txId === saleTx.get(paymentId));
  const reversalOf = (paymentId: string) =>
    allMoves.find((m) => m.reference === `payment:${paymentId}` && REVERSAL_KINDS.includes(m.kind));

  const differences: Difference[] = [];
  for (const e of events) {
    const what = SALE_EVENTS.includes(e.type) ? 'sale' : 'reversal';
    const processorCents = reportedCents(q.gateway, e.payload);
    const booked = e.paymentId ? (what === 'sale' ? saleOf(e.paymentId) : reversalOf(e.paymentId)) : undefined;
    if (!booked) {
      differences.push({
        kind: 'missing_in_ledger',
        what,
        paymentId: e.paymentId,
        eventId: e.eventId,
        processorCents,
        ledgerCents: null,
      });
    } else if (processorCents !== null && processorCents !== Math.abs(booked.cents)) {
      differences.push({
        kind: 'amount_mismatch',
        what,
        paymentId: e.paymentId,
        eventId: e.eventId,
        processorCents,
        ledgerCents: Math.abs(booked.cents),
      });
    }
  }
  const reportedFor = (paymentId: string, kinds: string[]) =>
    events.some((e) => e.paymentId === paymentId && kinds.includes(e.type));
  for (const m of moves) {
    const paymentId = m.reference!.slice('payment:'.length);
    if (!saleTx.has(paymentId)) continue; // another gateway's payment (a refund booked elsewhere)
    const isSale = saleTx.get(paymentId) === m.txId;
    const isReversal = REVERSAL_KINDS.includes(m.kind);
    if (!isSale && !isReversal) continue;
    if (reportedFor(paymentId, isSale ? SALE_EVENTS : REVERSAL_EVENTS)) continue;
    differences.push({
      kind: 'missing_at_processor',
      what: isSale ? 'sale' : 'reversal',
      paymentId,
      eventId: null,
      processorCents: null,
      ledgerCents: Math.abs(m.cents),
    });
  }
  return { gateway: q.gateway, from: q.from, to: q.to, reported: events.length, booked: moves.length, differences };
}
