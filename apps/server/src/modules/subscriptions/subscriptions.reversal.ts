import { fromCents } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { PaymentRow, SubscriptionRow } from '../../db/schema';
import { msg } from '../../lib/i18n';
import { revoke, SUBSCRIPTION_OBJECT } from '../entitlements';
import { notify } from '../notifications';
import type { PurposeEvent } from '../payments';
import { type ReversalStatus, reverseCardCredit } from '../payments';
import { creatorName } from './subscriptions.presenter';
import { lockSubscription, updateSubscription, userNames } from './subscriptions.repo';

/** End reasons of a subscription whose card payment the gateway took back: a late invoice brings nothing back. */
export const REVERSED_END_REASONS: ReadonlySet<string> = new Set<ReversalStatus>(['refunded', 'chargeback']);

/**
 * A card payment of a subscription refunded at the gateway or disputed, in the
 * webhook's transaction: its money goes back through the ledger (the creator's
 * net and referral shares as far as their balances reach, per the site's
 * `chargebackPolicy`; the platform bears the rest), the subscription ends now
 * (`expired`, end reason `refunded` / `chargeback`, entitlement revoked), and the
 * fan and the creator are told after commit. A Stripe Subscription still running
 * is cancelled there by the renewal job (`endAtGateway`).
 */
export async function reverseSubscriptionPayment(
  ctx: Ctx,
  tx: Executor,
  pay: PaymentRow,
  e: PurposeEvent & { status: ReversalStatus },
): Promise<string> {
  const { subscriptionId, title } = pay.metadata as { subscriptionId: string; title: string };
  const sub = await lockSubscription(tx, subscriptionId);
  const money = await reverseCardCredit(tx, pay, {
    status: e.status,
    policy: e.settings.chargebackPolicy,
    memo: `${e.status === 'refunded' ? 'Refund' : 'Chargeback'}: ${title}`,
  });
  const result = e.status === 'refunded' ? 'refunded' : 'charged back';
  if (!sub) return `${result} (unknown subscription)`;
  const at = ctx.now();
  const running = sub.status === 'active' || sub.status === 'cancelled';
  const ended = await updateSubscription(tx, sub.id, {
    totalPaidCents: Math.max(0, sub.totalPaidCents - pay.chargedCents),
    ...(running
      ? {
          status: 'expired' as const,
          autoRenew: false,
          cancelledAt: sub.cancelledAt ?? at,
          endedAt: at,
          endReason: e.status,
          nextAttemptAt: null,
          pendingPaymentId: null,
          currentPeriodEnd: sub.currentPeriodEnd && sub.currentPeriodEnd > at ? at : sub.currentPeriodEnd,
        }
      : {}),
  });
  if (running) await revoke(tx, sub.userId, SUBSCRIPTION_OBJECT, sub.creatorId);
  e.after.push(() => tellReversed(ctx, ended, pay, e.status, money?.platformLossCents ?? 0));
  return result;
}

async function tellReversed(
  ctx: Ctx,
  sub: SubscriptionRow,
  pay: PaymentRow,
  status: ReversalStatus,
  lossCents: number,
) {
  const names = await userNames(ctx.db, [sub.creatorId, sub.userId]);
  const creator = names.get(sub.creatorId);
  const fan = names.get(sub.userId);
  const amount = fromCents(pay.chargedCents).toFixed(2);
  const refunded = status === 'refunded';
  const data = { subscriptionId: sub.id, paymentId: pay.id };
  await notify(ctx, sub.userId, {
    kind: 'system',
    title: msg('notify.subscription.ended', { creator: creator ? creatorName(creator) : msg('word.aCreator') }),
    body: msg(refunded ? 'notify.reversal.fanRefunded' : 'notify.reversal.fanDisputed', { amount }),
    link: '/user/subscriptions',
    actorId: sub.creatorId,
    data,
  }).catch((err) => ctx.log.error({ err }, 'subscription reversal notification failed'));
  await notify(ctx, sub.creatorId, {
    kind: 'system',
    title: msg(refunded ? 'notify.reversal.creatorRefunded' : 'notify.reversal.creatorChargedBack', {
      fan: fan ? creatorName(fan) : msg('word.aFan'),
    }),
    body: msg(lossCents > 0 ? 'notify.reversal.creatorBodyLoss' : 'notify.reversal.creatorBody', { amount }),
    link: '/creator/earnings',
    actorId: sub.userId,
    data,
  }).catch((err) => ctx.log.error({ err }, 'subscription reversal notification failed'));
}
