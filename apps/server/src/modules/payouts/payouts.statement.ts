import { fromCents, PAYOUT_METHOD_LABELS, type PayoutStatement } from '@marquee/shared';
import type { Ctx } from '../../context';
import { notFound } from '../../lib/errors';
import { earningsBetween, paidBetween, people, reversalsBetween } from './payouts.repo';

const SOURCE_NAMES: Record<string, string> = {
  tip: 'Tip',
  feed: 'Post',
  video: 'Video',
  gallery: 'Gallery',
  product: 'Product',
  scene: 'Scene',
  scenario: 'Scenario',
  message: 'Paid message',
  stream: 'Stream',
  subscription: 'Subscription',
};

/**
 * A creator's monthly statement (UTC month): each earning (gross, commission,
 * net), each refund or chargeback taken from the earnings, each payout paid.
 */
export async function statement(ctx: Ctx, creatorId: string, month: string): Promise<PayoutStatement> {
  const [y, m] = month.split('-').map(Number);
  const from = new Date(Date.UTC(y, m - 1, 1));
  const to = new Date(Date.UTC(y, m, 1) - 1);
  const [earned, reversals, paid, who, currency] = await Promise.all([
    earningsBetween(ctx.db, creatorId, from, to),
    reversalsBetween(ctx.db, creatorId, from, to),
    paidBetween(ctx.db, creatorId, from, to),
    people(ctx.db, [creatorId]),
    ctx.settings.get('currency'),
  ]);
  const creator = who.get(creatorId);
  if (!creator) throw notFound('Creator');
  const lines: PayoutStatement['lines'] = [
    ...earned.map((e) => ({
      date: e.createdAt.toISOString(),
      type: 'earning' as const,
      description: `${SOURCE_NAMES[e.source] ?? e.source}${e.status === 'paid' ? '' : ` (${e.status})`}`,
      gross: fromCents(e.grossCents),
      commission: fromCents(e.commissionCents),
      net: fromCents(e.netCents),
    })),
    ...reversals.map((r) => ({
      date: r.createdAt.toISOString(),
      type: r.kind === 'refund' ? ('refund' as const) : ('chargeback' as const),
      description: r.kind === 'refund' ? 'Refund' : 'Chargeback',
      gross: 0,
      commission: 0,
      net: fromCents(r.amount),
    })),
    ...paid.map((p) => ({
      date: (p.paidAt ?? p.updatedAt).toISOString(),
      type: 'payout' as const,
      description: `Payout by ${PAYOUT_METHOD_LABELS[p.method]}${p.reference ? ` (ref ${p.reference})` : ''}`,
      gross: 0,
      commission: 0,
      net: -fromCents(p.amountCents),
    })),
  ].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const cents = (v: number) => Math.round(v * 100);
  const sum = (xs: number[]) => fromCents(xs.reduce((s, v) => s + cents(v), 0));
  return {
    month,
    creator,
    currency,
    lines,
    totals: {
      gross: sum(earned.map((e) => fromCents(e.grossCents))),
      commission: sum(earned.map((e) => fromCents(e.commissionCents))),
      net: sum(earned.map((e) => fromCents(e.netCents))),
      refunds: sum(reversals.map((r) => -fromCents(r.amount))),
      payouts: sum(paid.map((p) => fromCents(p.amountCents))),
    },
  };
}

const csvCell = (v: string | number) => {
  const s = String(v);
  // neutralise spreadsheet formulas and quote when needed
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export function statementCsv(st: PayoutStatement): string {
  const rows: Array<Array<string | number>> = [
    ['Date', 'Type', 'Description', `Gross (${st.currency})`, `Commission (${st.currency})`, `Net (${st.currency})`],
    ...st.lines.map((l) => [
      l.date.slice(0, 10),
      l.type,
      l.description,
      l.gross.toFixed(2),
      l.commission.toFixed(2),
      l.net.toFixed(2),
    ]),
    [],
    ['Totals', '', 'Earnings', st.totals.gross.toFixed(2), st.totals.commission.toFixed(2), st.totals.net.toFixed(2)],
    ['', '', 'Refunds and chargebacks', '', '', (-st.totals.refunds).toFixed(2)],
    ['', '', 'Payouts', '', '', (-st.totals.payouts).toFixed(2)],
  ];
  return `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
