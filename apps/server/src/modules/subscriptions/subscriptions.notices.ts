import { fromCents, SUBSCRIPTION_GRACE_DAYS } from '@marquee/shared';
import type { SubscriptionRow } from '../../db/schema';
import type { Ctx } from '../../lib/context';
import { notify } from '../notifications/notifications.service';
import { walletBalance } from '../wallet/wallet.repo';
import { userNames } from './subscriptions.repo';
import { creatorName } from './subscriptions.service';

const DAY = 86_400_000;

async function label(ctx: Ctx, creatorId: string) {
  const c = (await userNames(ctx.db, [creatorId])).get(creatorId);
  return c ? creatorName(c) : 'a creator';
}

export async function tellRenewed(ctx: Ctx, sub: SubscriptionRow) {
  const name = await label(ctx, sub.creatorId);
  await notify(ctx, sub.userId, {
    kind: 'subscription_renewal',
    title: `Your subscription to ${name} was renewed for ${fromCents(sub.lastPaidCents).toFixed(2)}`,
    body: `It now runs until ${sub.currentPeriodEnd!.toUTCString()}.`,
    link: '/user/subscriptions',
    actorId: sub.creatorId,
    data: { subscriptionId: sub.id },
  }).catch((err) => ctx.log.error({ err }, 'renewal notification failed'));
  ctx.realtime.toUser(sub.userId, 'balance/updated', { balance: fromCents(await walletBalance(ctx.db, sub.userId)) });
}

export async function tellFailed(ctx: Ctx, row: SubscriptionRow, ended: boolean) {
  // tell once when the first attempt fails, and when the subscription finally ends
  if (!ended && row.renewalAttempts > 0) return;
  const name = await label(ctx, row.creatorId);
  const price = fromCents(row.renewalPriceCents).toFixed(2);
  const retryUntil = new Date(row.currentPeriodEnd!.getTime() + SUBSCRIPTION_GRACE_DAYS * DAY);
  await notify(ctx, row.userId, {
    kind: 'subscription_failed',
    title: ended ? `Your subscription to ${name} has ended` : `We could not renew your subscription to ${name}`,
    body: ended
      ? `The renewal of ${price} could not be paid. Subscribe again any time.`
      : row.paymentMethod === 'wallet'
        ? `Your wallet balance is below ${price}. Top up before ${retryUntil.toUTCString()} and we will try again.`
        : `The card payment of ${price} failed. We will try again until ${retryUntil.toUTCString()}.`,
    link: row.paymentMethod === 'wallet' ? '/wallet' : '/user/subscriptions',
    actorId: row.creatorId,
    data: { subscriptionId: row.id },
  }).catch((err) => ctx.log.error({ err }, 'renewal failure notification failed'));
}
