import {
  fromCents,
  SUBSCRIPTION_DAYS,
  SUBSCRIPTION_GRACE_DAYS,
  SUBSCRIPTION_NOTICE_DAYS,
  SUBSCRIPTION_RETRY_HOURS,
  SUBSCRIPTION_TYPE_LABELS,
} from '@marquee/shared';
import { isGatewayName } from '@marquee/shared/payments';
import type { Ctx } from '../../context';
import type { SubscriptionRow } from '../../db/schema';
import { msg } from '../../lib/i18n';
import { revoke, SUBSCRIPTION_OBJECT } from '../entitlements';
import { notify } from '../notifications';
import { deliverPendingSandboxCharges, endRecurringNow } from '../payments';
import { lockWallet, walletPay } from '../wallet';
import { chargeRenewalByCard, SUBSCRIPTION_PURPOSE } from './subscriptions.card';
import { tellFailed, tellRenewed } from './subscriptions.notices';
import { applyPaidPeriod } from './subscriptions.periods';
import { creatorName } from './subscriptions.presenter';
import {
  dueForExpiry,
  dueForNotice,
  dueForRenewal,
  endedWithGatewayAgreement,
  lockSubscription,
  markNoticeSent,
  updateSubscription,
  userNames,
} from './subscriptions.repo';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Renewals are charged up to this long before the period ends, so a late job never lets access lapse. */
export const RENEW_AHEAD_MS = HOUR;
const BATCH = 100;

export const SUBSCRIPTION_RENEW_JOB = 'subscriptions.renew';

export interface RenewalReport {
  renewed: number;
  failed: number;
  expired: number;
  noticed: number;
  /** Card renewals handed to the gateway (their webhook applies them). */
  pending: number;
}

type Outcome = 'renewed' | 'failed' | 'expired' | 'pending' | 'skipped';

/**
 * One pass of the renewal job (every minute). Times are exact whatever the job's
 * lateness: a renewal extends from the old period end; cancelled and free
 * subscriptions expire at their period end (the entitlement's expiry already
 * closes access at that instant; the job only records the status).
 */
export async function runRenewals(ctx: Ctx): Promise<RenewalReport> {
  const report: RenewalReport = { renewed: 0, failed: 0, expired: 0, noticed: 0, pending: 0 };
  const at = ctx.now();
  report.noticed = await sendRenewalNotices(ctx, at);
  for (;;) {
    const due = await dueForRenewal(
      ctx.db,
      at,
      new Date(at.getTime() + RENEW_AHEAD_MS),
      new Date(at.getTime() - SUBSCRIPTION_GRACE_DAYS * DAY),
      BATCH,
    );
    if (due.length === 0) break;
    let progressed = false;
    for (const { id } of due) {
      const r = await renewOne(ctx, id, at);
      if (r !== 'skipped') report[r] += 1;
      if (r === 'renewed' || r === 'expired' || r === 'failed' || r === 'pending') progressed = true;
    }
    if (due.length < BATCH || !progressed) break;
  }
  // the sandbox gateway answers its recurring charges like a webhook would, after they committed
  if (report.pending > 0) {
    for (const r of await deliverPendingSandboxCharges(ctx, SUBSCRIPTION_PURPOSE)) {
      if (r.result === 'renewed') report.renewed += 1;
      if (r.result === 'renewal failed') report.failed += 1;
    }
  }
  for (;;) {
    const ended = await dueForExpiry(ctx.db, at, BATCH);
    for (const { id } of ended) {
      await ctx.db.transaction(async (tx) => {
        const row = await lockSubscription(tx, id);
        if (
          !row ||
          row.autoRenew ||
          !row.currentPeriodEnd ||
          row.currentPeriodEnd > at ||
          (row.status !== 'active' && row.status !== 'cancelled')
        )
          return;
        await updateSubscription(tx, id, {
          status: 'expired',
          endedAt: row.currentPeriodEnd,
          endReason: endReasonAtPeriodEnd(row),
        });
      });
      report.expired += 1;
    }
    if (ended.length < BATCH) break;
  }
  await endAtGateway(ctx);
  return report;
}

/** Why a non-renewing subscription ended at its period end: a free trial, an admin grant (gateway `system`) running out, or a cancellation. */
function endReasonAtPeriodEnd(row: SubscriptionRow): string {
  if (row.type === 'free') return 'free_ended';
  return row.paymentMethod === 'system' ? 'expired' : 'cancelled';
}

/**
 * Subscriptions that ended here (grace over, blocked) while their Stripe
 * Subscription still runs: cancelled at Stripe, then forgotten. A Stripe error
 * is retried on the next run.
 */
async function endAtGateway(ctx: Ctx) {
  for (const row of await endedWithGatewayAgreement(ctx.db, BATCH)) {
    if (!isGatewayName(row.paymentMethod) || (await endRecurringNow(ctx, row.paymentMethod, row.externalId!))) {
      await updateSubscription(ctx.db, row.id, { externalId: null });
    }
  }
}

async function renewOne(ctx: Ctx, id: string, at: Date): Promise<Outcome> {
  const s = await ctx.settings.all();
  let failedRow = null as SubscriptionRow | null;
  let outcome = 'skipped' as Outcome;
  let renewed = null as SubscriptionRow | null;
  await ctx.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, id);
    if (row?.status !== 'active' || !row.autoRenew || !row.currentPeriodEnd) return;
    if (row.currentPeriodEnd.getTime() > at.getTime() + RENEW_AHEAD_MS) return; // renewed meanwhile
    if (row.type === 'free') return;
    // retries stop when the grace period is over (a first attempt by a job that was down that long still runs)
    const graceOver =
      (row.renewalAttempts > 0 || row.nextAttemptAt !== null) &&
      at.getTime() >= row.currentPeriodEnd.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY;
    if (!graceOver && row.nextAttemptAt && row.nextAttemptAt > at) return;
    const option = { type: row.type, days: SUBSCRIPTION_DAYS[row.type], priceCents: row.renewalPriceCents };
    // first attempt: the new period follows the old one exactly; a retry after the end starts now (the fan had no access meanwhile)
    const from = row.renewalAttempts === 0 || row.currentPeriodEnd > at ? row.currentPeriodEnd : at;

    if (graceOver) {
      // fall through to expiry below
    } else if (isGatewayName(row.paymentMethod) && row.paymentMethod !== 'sandbox') {
      // Every gateway but the sandbox charges the renewal itself (Stripe invoices, Verotel rebills …); its events
      // renew or count the failure (subscriptions.card.ts). Parked until the grace period ends: no paid renewal
      // by then expires it (and ends it at the gateway) below.
      await updateSubscription(tx, row.id, {
        nextAttemptAt: new Date(row.currentPeriodEnd.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY),
      });
      outcome = 'pending';
      return;
    } else if (row.paymentMethod === 'wallet') {
      const balance = await lockWallet(tx, row.userId);
      if (balance !== null && balance >= row.renewalPriceCents) {
        await walletPay(ctx, tx, s, {
          userId: row.userId,
          creatorId: row.creatorId,
          type: 'subscription',
          title: `${SUBSCRIPTION_TYPE_LABELS[row.type]} subscription renewal`,
          grossCents: row.renewalPriceCents,
          objectType: SUBSCRIPTION_OBJECT,
          objectId: row.creatorId,
          idempotencyKey: `subscription-renewal:${row.id}:${row.currentPeriodEnd.toISOString()}`,
        });
        renewed = await applyPaidPeriod(tx, row, {
          option,
          method: 'wallet',
          paidCents: row.renewalPriceCents,
          at,
          from,
        });
        outcome = 'renewed';
        return;
      }
    } else if (row.paymentMethod === 'sandbox') {
      // the sandbox charges the checkout's test card; its webhook applies the period (idempotent by event id)
      const started = await chargeRenewalByCard(tx, row, { from, currency: s.currency });
      if (started) {
        await updateSubscription(tx, row.id, {
          nextAttemptAt: new Date(at.getTime() + SUBSCRIPTION_RETRY_HOURS * HOUR),
          pendingPaymentId: started.paymentId,
        });
        outcome = 'pending';
        return;
      }
    }
    if (graceOver) {
      await updateSubscription(tx, row.id, {
        status: 'expired',
        autoRenew: false,
        endedAt: row.currentPeriodEnd,
        endReason: 'payment_failed',
        nextAttemptAt: null,
      });
      await revoke(tx, row.userId, SUBSCRIPTION_OBJECT, row.creatorId);
      outcome = 'expired';
    } else {
      await updateSubscription(tx, row.id, {
        renewalAttempts: row.renewalAttempts + 1,
        nextAttemptAt: new Date(at.getTime() + SUBSCRIPTION_RETRY_HOURS * HOUR),
      });
      outcome = 'failed';
    }
    failedRow = row;
  });
  if (outcome === 'renewed' && renewed) await tellRenewed(ctx, renewed);
  if ((outcome === 'failed' || outcome === 'expired') && failedRow)
    await tellFailed(ctx, failedRow, outcome === 'expired');
  return outcome;
}

/** The fan hears SUBSCRIPTION_NOTICE_DAYS before a paid renewal, once per period. */
async function sendRenewalNotices(ctx: Ctx, at: Date): Promise<number> {
  const rows = await dueForNotice(
    ctx.db,
    new Date(at.getTime() + RENEW_AHEAD_MS),
    new Date(at.getTime() + SUBSCRIPTION_NOTICE_DAYS * DAY),
    BATCH,
  );
  const paid = rows.filter((r) => r.type !== 'free');
  if (paid.length === 0) return 0;
  await markNoticeSent(
    ctx.db,
    paid.map((r) => r.id),
    new Map(paid.map((r) => [r.id, r.currentPeriodEnd!])),
  );
  const names = await userNames(
    ctx.db,
    paid.map((r) => r.creatorId),
  );
  for (const r of paid) {
    const c = names.get(r.creatorId);
    await notify(ctx, r.userId, {
      kind: 'subscription_renewal',
      title: msg('notify.subscription.renewsOn', {
        creator: c ? creatorName(c) : msg('word.aCreator'),
        date: r.currentPeriodEnd!,
      }),
      body: msg(r.paymentMethod === 'wallet' ? 'notify.subscription.renewsWallet' : 'notify.subscription.renewsCard', {
        amount: fromCents(r.renewalPriceCents).toFixed(2),
      }),
      link: '/user/subscriptions',
      actorId: r.creatorId,
      data: { subscriptionId: r.id },
    }).catch((err) => ctx.log.error({ err }, 'renewal notice failed'));
  }
  return paid.length;
}
