import { fromCents } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import type { SubscriptionRow } from '../../db/schema';
import { msg } from '../../lib/i18n';
import { subscriptionTypeWord } from '../../lib/i18n/words';
import { grant, SUBSCRIPTION_OBJECT } from '../entitlements';
import { notify } from '../notifications';
import { emitNewSubscriber } from './subscriptions.hooks';
import type { PricedOption } from './subscriptions.pricing';
import { updateSubscription, userNames } from './subscriptions.repo';

// A paid period and what follows a subscribe, shared by the wallet path (subscriptions.service.ts),
// the card path (subscriptions.card.ts), renewals and admin grants: it imports none of them.

const DAY = 86_400_000;

export interface SubscribeOutcome {
  subscription: SubscriptionRow;
  checkoutUrl: string | null;
  paymentId: string | null;
  /** Wallet balance after paying (cents), for wallet payments. */
  balance: number | null;
  /** What happened, for the side effects after commit. */
  event: 'paid' | 'free' | 'resumed' | 'checkout';
  firstTime: boolean;
  paidCents: number;
}

export const isRunning = (row: SubscriptionRow, at: Date) =>
  (row.status === 'active' || row.status === 'cancelled') && Boolean(row.currentPeriodEnd && row.currentPeriodEnd > at);

/**
 * A paid period: extends a running subscription from its current end, otherwise
 * starts now (business rules), and writes the entitlement until the new end.
 */
export async function applyPaidPeriod(
  tx: Executor,
  row: SubscriptionRow,
  p: {
    option: Pick<PricedOption, 'type' | 'days' | 'priceCents'>;
    method: SubscriptionRow['paymentMethod'];
    paidCents: number;
    at: Date;
    from?: Date;
  },
): Promise<SubscriptionRow> {
  const from = p.from ?? (isRunning(row, p.at) ? row.currentPeriodEnd! : p.at);
  const end = new Date(from.getTime() + p.option.days * DAY);
  const sub = await updateSubscription(tx, row.id, {
    type: p.option.type,
    status: 'active',
    paymentMethod: p.method,
    autoRenew: true,
    startedAt: isRunning(row, p.at) && row.startedAt ? row.startedAt : p.at,
    currentPeriodStart: from,
    currentPeriodEnd: end,
    renewalPriceCents: p.option.priceCents,
    lastPaidCents: p.paidCents,
    totalPaidCents: row.totalPaidCents + p.paidCents,
    paidPeriods: row.paidPeriods + 1,
    renewalAttempts: 0,
    nextAttemptAt: null,
    pendingPaymentId: null,
    cancelledAt: null,
    endedAt: null,
    endReason: null,
  });
  await grantAccess(tx, sub);
  return sub;
}

export function grantAccess(tx: Executor, sub: SubscriptionRow) {
  return grant(tx, {
    userId: sub.userId,
    objectType: SUBSCRIPTION_OBJECT,
    objectId: sub.creatorId,
    creatorId: sub.creatorId,
    source: 'subscription',
    expiresAt: sub.currentPeriodEnd,
    reference: `subscription:${sub.id}`,
  });
}

/** After commit: the creator hears of the new subscriber, the fan's balance moves, hooks (welcome message) run. */
export async function afterSubscribe(
  ctx: Ctx,
  o: Pick<SubscribeOutcome, 'subscription' | 'event' | 'balance' | 'firstTime' | 'paidCents'>,
  creator?: { displayName?: string | null; name: string; username: string | null },
) {
  const sub = o.subscription;
  if (o.balance !== null) ctx.realtime.toUser(sub.userId, 'balance/updated', { balance: fromCents(o.balance) });
  if (o.event === 'checkout') return;
  const names = await userNames(ctx.db, [sub.userId, sub.creatorId]);
  const fan = names.get(sub.userId);
  const fanLabel = fan?.username ? `@${fan.username}` : fan?.name || msg('word.AFan');
  if (o.event !== 'resumed') {
    const title =
      o.event === 'free'
        ? msg('notify.subscriber.free', { fan: fanLabel })
        : msg('notify.subscriber.paid', {
            fan: fanLabel,
            type: subscriptionTypeWord(sub.type),
            amount: fromCents(o.paidCents).toFixed(2),
          });
    await notify(ctx, sub.creatorId, {
      kind: 'new_subscriber',
      title,
      link: '/creator/subscribers',
      actorId: sub.userId,
      data: { subscriptionId: sub.id, subscriptionType: sub.type },
    }).catch((err) => ctx.log.error({ err }, 'new subscriber notification failed'));
    await emitNewSubscriber(ctx, {
      subscription: sub,
      creatorId: sub.creatorId,
      fanId: sub.userId,
      firstTime: o.firstTime,
    });
  }
  void creator;
}
