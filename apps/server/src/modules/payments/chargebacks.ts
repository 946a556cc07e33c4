import { fromCents } from '@marquee/shared';
import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { newId } from '../../db/ids';
import { chargebackAlerts, chargebacks, type PaymentRow, payments, users } from '../../db/schema';
import { msg } from '../../lib/i18n';
import { announceDecision, liftDecisions, recordDecision } from '../decisions';
import { clearing, platform, post } from '../ledger';
import { notify } from '../notifications';
import type { SiteSettings } from '../settings';
import { activeAdmins } from '../users';
import type { AfterCommit } from './purposes';

/** Payment states that were a sale at the processor (the ratio's denominator). */
const SOLD = ['succeeded', 'refund_pending', 'refunded', 'chargeback'] as const;

/**
 * A chargeback applied to a payment (`payment.disputed`, in the event's transaction, after the
 * reversal): recorded once per payment (a unique index), the processor's fee booked to the platform
 * (`platform → clearing:<gateway>`, kind `chargeback_fee`) in the same transaction, and the fan's
 * account put on hold (no new purchases until an admin clears it). After commit the processor's
 * ratio for the month is checked against the alert threshold.
 */
export async function recordChargeback(
  ctx: Ctx,
  tx: Executor,
  p: PaymentRow,
  s: Pick<SiteSettings, 'chargebackFeeCents' | 'chargebackAlertPercent'>,
  after: AfterCommit[],
): Promise<void> {
  const creatorId = typeof p.metadata?.creatorId === 'string' ? p.metadata.creatorId : null;
  const id = newId();
  const at = ctx.now();
  const [row] = await tx
    .insert(chargebacks)
    .values({
      id,
      paymentId: p.id,
      gateway: p.gateway,
      userId: p.userId,
      creatorId,
      amountCents: p.chargedCents,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: chargebacks.id });
  if (!row) return;
  const fee = s.chargebackFeeCents[p.gateway] ?? 0;
  if (fee > 0) {
    const posted = await post(tx, {
      kind: 'chargeback_fee',
      reference: `chargeback:${id}`,
      memo: `${p.gateway} chargeback fee, payment ${p.id}`,
      entries: [
        { account: platform, amount: -fee },
        { account: clearing(p.gateway), amount: fee },
      ],
    });
    await tx
      .update(chargebacks)
      .set({ feeCents: fee, feeTransactionId: posted.transactionId })
      .where(eq(chargebacks.id, id));
  }
  const held = await tx
    .update(users)
    .set({ chargebackHoldAt: at })
    .where(and(eq(users.id, p.userId), sql`${users.chargebackHoldAt} is null`))
    .returning({ id: users.id });
  // The hold is a restriction: an automated decision with its statement of reasons (modules/decisions).
  const decision =
    held.length > 0
      ? await recordDecision(ctx, tx, {
          userId: p.userId,
          kind: 'payment_hold',
          targetType: 'user',
          targetId: p.userId,
          title: `${p.gateway} ${fromCents(p.chargedCents)} ${p.currency}`,
          facts: `A chargeback was filed on payment ${p.id} (${fromCents(p.chargedCents)} ${p.currency}, ${p.gateway}); new purchases are on hold until the site reviews it`,
          ground: 'payment_dispute',
          automated: true,
          decidedById: null,
          data: { paymentId: p.id, chargebackId: id },
        })
      : null;
  if (decision) after.push(() => announceDecision(ctx, decision));
  after.push(async () => {
    await alertOnRatio(ctx, p.gateway, at, s.chargebackAlertPercent).catch((err) =>
      ctx.log.error({ err, gateway: p.gateway }, 'chargeback ratio check failed'),
    );
  });
}

/** The admin lifts the hold; answers whether there was one. */
export async function clearChargebackHold(
  ctx: Pick<Ctx, 'now'>,
  db: Executor,
  userId: string,
): Promise<{ cleared: boolean }> {
  const rows = await db
    .update(users)
    .set({ chargebackHoldAt: null })
    .where(and(eq(users.id, userId), isNotNull(users.chargebackHoldAt)))
    .returning({ id: users.id });
  await liftDecisions(ctx, db, { kinds: ['payment_hold'], targetType: 'user', targetId: userId });
  return { cleared: rows.length > 0 };
}

// ---- ratios

export const monthOf = (d: Date) => d.toISOString().slice(0, 7);
/** [start, end) of a `YYYY-MM` month, UTC. */
export function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1)), to: new Date(Date.UTC(y, m, 1)) };
}
export function previousMonth(month: string): string {
  const { from } = monthRange(month);
  return monthOf(new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() - 1, 1)));
}

export interface Ratio {
  sales: number;
  chargebacks: number;
  /** Percent, 2 decimals; 0 without sales. */
  percent: number;
}
const ratio = (sales: number, cbs: number): Ratio => ({
  sales,
  chargebacks: cbs,
  percent: sales > 0 ? Math.round((cbs / sales) * 10_000) / 100 : 0,
});

/**
 * Chargebacks received in the month ÷ sales made in the month, per processor (the card schemes'
 * monitoring programmes count the same way: disputes received in a month over that month's sales).
 */
export async function gatewayRatios(db: Executor, month: string): Promise<Map<string, Ratio>> {
  const { from, to } = monthRange(month);
  const sold = await db
    .select({ gateway: payments.gateway, n: count() })
    .from(payments)
    .where(and(inArray(payments.status, [...SOLD]), gte(payments.confirmedAt, from), lt(payments.confirmedAt, to)))
    .groupBy(payments.gateway);
  const cbs = await db
    .select({ gateway: chargebacks.gateway, n: count() })
    .from(chargebacks)
    .where(and(gte(chargebacks.createdAt, from), lt(chargebacks.createdAt, to)))
    .groupBy(chargebacks.gateway);
  const out = new Map<string, Ratio>();
  const cbOf = new Map(cbs.map((r) => [r.gateway, Number(r.n)]));
  for (const g of new Set([...sold.map((r) => r.gateway), ...cbOf.keys()])) {
    out.set(g, ratio(Number(sold.find((r) => r.gateway === g)?.n ?? 0), cbOf.get(g) ?? 0));
  }
  return out;
}

/** Creators whose card sales drew the most chargebacks in the month (sales = card payments naming them). */
export async function creatorRatios(db: Executor, month: string, limit = 10) {
  const { from, to } = monthRange(month);
  const top = await db
    .select({ creatorId: chargebacks.creatorId, n: count(), cents: sql<number>`sum(${chargebacks.amountCents})` })
    .from(chargebacks)
    .where(and(isNotNull(chargebacks.creatorId), gte(chargebacks.createdAt, from), lt(chargebacks.createdAt, to)))
    .groupBy(chargebacks.creatorId)
    .orderBy(desc(count()))
    .limit(limit);
  const ids = top.map((r) => r.creatorId!);
  if (ids.length === 0) return [];
  const creatorKey = sql<string>`${payments.metadata}->>'creatorId'`;
  const sold = await db
    .select({ creatorId: creatorKey, n: count() })
    .from(payments)
    .where(
      and(
        inArray(payments.status, [...SOLD]),
        gte(payments.confirmedAt, from),
        lt(payments.confirmedAt, to),
        inArray(creatorKey, ids),
      ),
    )
    .groupBy(creatorKey);
  const names = await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids));
  return top.map((r) => ({
    creator: { _id: r.creatorId!, username: names.find((u) => u.id === r.creatorId)?.username ?? null },
    amount: fromCents(Number(r.cents)),
    ...ratio(Number(sold.find((s) => s.creatorId === r.creatorId)?.n ?? 0), Number(r.n)),
  }));
}

/** Fans whose purchases are paused by a chargeback, newest first. */
export async function heldAccounts(db: Executor, limit = 50) {
  const rows = await db
    .select({ id: users.id, username: users.username, at: users.chargebackHoldAt })
    .from(users)
    .where(isNotNull(users.chargebackHoldAt))
    .orderBy(desc(users.chargebackHoldAt))
    .limit(limit);
  return rows.map((r) => ({ _id: r.id, username: r.username, since: r.at!.toISOString() }));
}

/**
 * Above the threshold, the admins are told once per processor and month (in-app and by mail:
 * the `system` kind, mailed unless an admin turned it off).
 */
export async function alertOnRatio(ctx: Ctx, gateway: string, at: Date, thresholdPercent: number): Promise<boolean> {
  const month = monthOf(at);
  const r = (await gatewayRatios(ctx.db, month)).get(gateway);
  if (!r || r.sales === 0 || r.percent <= thresholdPercent) return false;
  const [sent] = await ctx.db
    .insert(chargebackAlerts)
    .values({ id: newId(), gateway, month, chargebacks: r.chargebacks, sales: r.sales, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: chargebackAlerts.id });
  if (!sent) return false;
  const admins = await activeAdmins(ctx);
  const vars = {
    gateway,
    month,
    percent: String(r.percent),
    threshold: String(thresholdPercent),
    chargebacks: String(r.chargebacks),
    sales: String(r.sales),
  };
  await notify(ctx, admins, {
    kind: 'system',
    title: msg('notify.chargebackRatio', vars),
    body: msg('notify.chargebackRatioBody', vars),
    link: '/admin/money',
    data: { gateway, month, percent: r.percent },
  }).catch((err) => ctx.log.error({ err, gateway, month }, 'chargeback ratio alert failed'));
  return true;
}

/** Each processor's ratio in a month, with whether its alert went out, by gateway name. */
export async function ratiosWithAlerts(db: Executor, month: string) {
  const ratios = await gatewayRatios(db, month);
  const alerts = await db
    .select({ gateway: chargebackAlerts.gateway })
    .from(chargebackAlerts)
    .where(eq(chargebackAlerts.month, month));
  return [...ratios]
    .map(([gateway, r]) => ({ gateway, ...r, alerted: alerts.some((a) => a.gateway === gateway) }))
    .sort((a, b) => a.gateway.localeCompare(b.gateway));
}

/** The admin's chargebacks summary: ratios this month and the previous, creators, holds, threshold, fees. */
export async function chargebackSummary(ctx: Ctx, month: string) {
  const s = await ctx.settings.all();
  const previous = previousMonth(month);
  return {
    month,
    previousMonth: previous,
    thresholdPercent: s.chargebackAlertPercent,
    fees: Object.fromEntries(Object.entries(s.chargebackFeeCents).map(([g, c]) => [g, fromCents(c ?? 0)])),
    gateways: await ratiosWithAlerts(ctx.db, month),
    previous: await ratiosWithAlerts(ctx.db, previous),
    creators: await creatorRatios(ctx.db, month),
    held: await heldAccounts(ctx.db),
  };
}

/** Whether an account exists (the hold route answers 404 for an unknown one). */
export async function accountExists(db: Executor, userId: string): Promise<boolean> {
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return !!u;
}
