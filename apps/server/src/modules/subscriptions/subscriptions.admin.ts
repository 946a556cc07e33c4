import { type PaidSubscriptionType, SUBSCRIPTION_DAYS } from '@marquee/shared';
import type { Executor } from '../../db/client';
import type { SubscriptionRow } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { msg } from '../../lib/i18n';
import { revoke, SUBSCRIPTION_OBJECT } from '../entitlements';
import { grantAccess } from './subscriptions.periods';
import { findCreator, lockOrCreatePair, lockSubscription, updateSubscription } from './subscriptions.repo';

const DAY = 86_400_000;

/**
 * Admin: a subscription given by the site (gateway `system`): no money moves, it
 * does not renew, and it is not a paid period (the fan keeps promotions meant for
 * new subscribers). A running non-renewing subscription is extended from its end;
 * one that renews by itself is refused (it is already paid for).
 */
export async function grantSystemSubscription(
  tx: Executor,
  p: { userId: string; creatorId: string; type: PaidSubscriptionType; at: Date },
): Promise<{ before: SubscriptionRow; after: SubscriptionRow }> {
  const creator = await findCreator(tx, p.creatorId);
  if (creator?.role !== 'performer' || creator.status !== 'active') throw notFound('Creator');
  const row = await lockOrCreatePair(tx, {
    userId: p.userId,
    creatorId: p.creatorId,
    type: p.type,
    paymentMethod: 'system',
  });
  const running =
    (row.status === 'active' || row.status === 'cancelled') && row.currentPeriodEnd && row.currentPeriodEnd > p.at;
  if (running && row.status === 'active' && row.autoRenew) {
    throw conflict(msg('error.subscriptions.alreadyRenewing'), 'ALREADY_SUBSCRIBED');
  }
  const from = running ? row.currentPeriodEnd! : p.at;
  const after = await updateSubscription(tx, row.id, {
    type: p.type,
    status: 'active',
    paymentMethod: 'system',
    autoRenew: false,
    startedAt: running && row.startedAt ? row.startedAt : p.at,
    currentPeriodStart: from,
    currentPeriodEnd: new Date(from.getTime() + SUBSCRIPTION_DAYS[p.type] * DAY),
    renewalPriceCents: 0,
    lastPaidCents: 0,
    renewalAttempts: 0,
    nextAttemptAt: null,
    pendingPaymentId: null,
    cancelledAt: null,
    endedAt: null,
    endReason: null,
  });
  await grantAccess(tx, after);
  return { before: row, after };
}

/** Admin: ends a subscription at once (no renewal, access revoked now). */
export async function endSubscriptionNow(
  tx: Executor,
  id: string,
  at: Date,
): Promise<{ before: SubscriptionRow; after: SubscriptionRow }> {
  const row = await lockSubscription(tx, id);
  if (!row || row.status === 'created') throw notFound('Subscription');
  if (row.status === 'expired') throw conflict(msg('error.subscriptions.alreadyEnded'), 'ALREADY_ENDED');
  const after = await updateSubscription(tx, id, {
    status: 'expired',
    autoRenew: false,
    endedAt: at,
    endReason: 'admin',
    nextAttemptAt: null,
    currentPeriodEnd: row.currentPeriodEnd && row.currentPeriodEnd > at ? at : row.currentPeriodEnd,
  });
  await revoke(tx, row.userId, SUBSCRIPTION_OBJECT, row.creatorId);
  return { before: row, after };
}
