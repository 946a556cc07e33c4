import { fromCents, SUBSCRIPTION_GRACE_DAYS } from '@marquee/shared';
import type { Ctx } from '../../context';
import type { SubscriptionRow } from '../../db/schema';
import { msg } from '../../lib/i18n';
import { notify } from '../notifications';
import { walletBalance } from '../wallet';
import { creatorName } from './subscriptions.presenter';
import { userNames } from './subscriptions.repo';

const DAY = 86_400_000;

async function label(ctx: Ctx, creatorId: string) {
  const c = (await userNames(ctx.db, [creatorId])).get(creatorId);
  return c ? creatorName(c) : msg('word.aCreator');
}

export async function tellRenewed(ctx: Ctx, sub: SubscriptionRow) {
  const name = await label(ctx, sub.creatorId);
  await notify(ctx, sub.userId, {
    kind: 'subscription_renewal',
    title: msg('notify.subscription.renewed', { creator: name, amount: fromCents(sub.lastPaidCents).toFixed(2) }),
    body: msg('notify.subscription.runsUntil', { date: sub.currentPeriodEnd! }),
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
    title: msg(ended ? 'notify.subscription.ended' : 'notify.subscription.notRenewed', { creator: name }),
    body: ended
      ? msg('notify.subscription.endedUnpaid', { price })
      : msg(row.paymentMethod === 'wallet' ? 'notify.subscription.walletLow' : 'notify.subscription.cardFailed', {
          price,
          date: retryUntil,
        }),
    link: row.paymentMethod === 'wallet' ? '/wallet' : '/user/subscriptions',
    actorId: row.creatorId,
    data: { subscriptionId: row.id },
  }).catch((err) => ctx.log.error({ err }, 'renewal failure notification failed'));
}
